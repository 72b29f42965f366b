import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  WEBSOCKET_PATH,
  type EventEnvelope,
  type WsClientFrame,
  type WsServerFrame,
} from '@marketplace/contracts';
import {
  createLocalBus,
  newEvent,
  observability,
  schemaDb,
  setEnvelopeNotFoundHandler,
  type EventBus,
  type ServiceDeps,
} from '@marketplace/service-kit';
import { createTestService, eventually, type TestService } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import WebSocket from 'ws';
import chatService, { type ChatControls } from './app';
import type { ChatSettings } from './config';
import type { ChatDatabase } from './db-types';

// The chat service's test harness (not used by the service itself): the service on a test database
// with the kit's test bus, members known to its read model with bearer tokens, jobs and paid unlocks
// announced the way the jobs and payments services do, sockets, and more instances on the same
// database and bus.

export type AccountType = 'user' | 'company' | 'admin';

export interface Member {
  id: string;
  name: string;
  type: AccountType;
  token: string;
  headers: { authorization: string };
}

export interface Conversation {
  chatId: string;
  jobId: string;
  paymentId: string;
  poster: Member;
  company: Member;
}

export interface ChatInstance {
  app: FastifyInstance;
  controls: ChatControls;
  /** ws://... of this instance (it listens on a free port on first use). */
  wsUrl(): Promise<string>;
  close(): Promise<void>;
}

export interface ChatHarness extends ChatInstance {
  service: TestService;
  db: Kysely<ChatDatabase>;
  /** Every chat.* event published since start, in order. */
  events: EventEnvelope[];
  /** The clock the service reads (messages' times, reminders, the send limit's windows). */
  clock: { now: number; advance(ms: number): void };
  member(type: AccountType, name?: string): Promise<Member>;
  /** Publishes any event on the bus, as its owning service would. */
  publish(type: string, payload: Record<string, unknown>): Promise<void>;
  /** A job known to chat's read model (jobs.job.posted). */
  postJob(poster: Member, overrides?: Record<string, unknown>): Promise<string>;
  /** A paid unlock announced as payments does; resolves once the conversation exists. */
  unlock(
    poster: Member,
    company: Member,
    options?: { jobId?: string; paymentId?: string },
  ): Promise<Conversation>;
  /** A refund of the unlock as payments announces it. */
  refund(conversation: Conversation, options?: { paymentId?: string; unlocked?: boolean }): Promise<void>;
  /** Payloads of chat events of one type matching `match`, once there are at least `count`. */
  eventsOf(
    type: string,
    match?: Record<string, unknown>,
    count?: number,
  ): Promise<Array<Record<string, unknown>>>;
  /** Another instance of the service on the same database and bus (as chat-2 is in production). */
  instance(settings?: ChatSettings): Promise<ChatInstance>;
  /** A socket of `member` on `instance` (default the first), after its welcome frame. */
  socket(member: Member, instance?: ChatInstance): Promise<TestSocket>;
}

/** A WebSocket client that keeps every frame it received. */
export class TestSocket {
  readonly frames: WsServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  readonly #waiters = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(data.toString()) as WsServerFrame);
      for (const wake of this.#waiters) wake();
    });
    ws.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString() };
      for (const wake of this.#waiters) wake();
    });
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) =>
        reject(
          Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
            status: response.statusCode,
          }),
        ),
      );
      ws.once('error', reject);
    });
  }

  send(frame: WsClientFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  sendRaw(data: string | Buffer, options: { binary?: boolean } = {}): void {
    this.ws.send(data, { binary: options.binary ?? typeof data !== 'string' });
  }

  /** Frames of one type received so far. */
  all<T extends WsServerFrame['type']>(type: T): Array<Extract<WsServerFrame, { type: T }>> {
    return this.frames.filter((f): f is Extract<WsServerFrame, { type: T }> => f.type === type);
  }

  /** The first frame received from now on (or already, at index >= `from`) that matches. */
  async next<T extends WsServerFrame['type']>(
    type: T,
    match: (frame: Extract<WsServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Extract<WsServerFrame, { type: T }>> {
    const find = () => this.all(type).find(match);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting for ${type}`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.type))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.#waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
  }

  /** Resolves when the server closed the socket (or it already is). */
  async closedWith(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket still open');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.closed;
  }

  close(): void {
    this.ws.terminate();
  }
}

let observers = 0;

/** Tests call the sweep themselves; createchat waits briefly; the clock is the harness's. */
function testSettings(clock: { now: number }, settings: ChatSettings): ChatSettings {
  return {
    reminderSweepMs: 0,
    createChatWaitMs: 300,
    now: () => new Date(clock.now),
    ...settings,
  };
}

/**
 * `metrics`: the service is mounted behind the kit's observability (request ids, /metrics), as
 * standalone.ts and the edge mount it.
 */
export async function createChatHarness(
  settings: ChatSettings = {},
  options: { metrics?: boolean } = {},
): Promise<ChatHarness> {
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      this.now += ms;
    },
  };
  let controls: ChatControls | undefined;
  const service = await createTestService([
    ...(options.metrics ? [observability('chat')] : []),
    (app: FastifyInstance, deps: ServiceDeps) =>
      chatService(app, {
        ...deps,
        chat: testSettings(clock, { instanceId: 'chat-1', ...settings }),
        onControls: (c) => (controls = c),
      }),
  ]);
  if (!controls) throw new Error('chat service gave no controls');
  const db = schemaDb<ChatDatabase>(service.db, 'chat');
  const events: EventEnvelope[] = [];
  await service.bus.subscribe({
    durable: `chat-test-observer-${++observers}`,
    filterSubject: 'chat.>',
    handle: async (event) => void events.push(event),
  });
  const publish = async (type: string, payload: Record<string, unknown>) => {
    await service.bus.publish(newEvent(type, payload, { correlationId: `test-${randomUUID()}` }));
  };

  const instances: ChatInstance[] = [];
  const listening = (app: FastifyInstance) => {
    let url: Promise<string> | undefined;
    return () =>
      (url ??= app
        .listen({ port: 0, host: '127.0.0.1' })
        .then((address) => `${address.replace(/^http/, 'ws')}${WEBSOCKET_PATH}`));
  };
  const first: ChatInstance = {
    app: service.app,
    controls,
    wsUrl: listening(service.app),
    close: () => service.close(),
  };

  const harness: ChatHarness = {
    ...first,
    service,
    db,
    events,
    clock,
    publish,
    async member(type, name = type === 'company' ? 'Ace Plumbing' : type === 'admin' ? 'Admin' : 'Ada Obi') {
      const id = randomUUID();
      await publish(EVENT_TYPES.accountsUserRegistered, { userId: id, name, type });
      await eventually(async () => {
        const row = await db.selectFrom('members').select('id').where('id', '=', id).executeTakeFirst();
        if (!row) throw new Error(`member ${id} not in the read model yet`);
      }, 15_000);
      const token = await service.tokenFor({ sub: id, type, name });
      return { id, name, type, token, headers: { authorization: `Bearer ${token}` } };
    },
    async postJob(poster, overrides = {}) {
      const jobId = randomUUID();
      await publish(EVENT_TYPES.jobsJobPosted, {
        jobId,
        postedBy: poster.id,
        title: 'Fix a leaking kitchen sink',
        category: 'Craftsman',
        jobStartDate: '2030-01-15',
        ...overrides,
      });
      await eventually(async () => {
        const row = await db
          .selectFrom('chat_jobs')
          .select('job_id')
          .where('job_id', '=', jobId)
          .executeTakeFirst();
        if (!row) throw new Error(`job ${jobId} not in the read model yet`);
      }, 15_000);
      return jobId;
    },
    async unlock(poster, company, options = {}) {
      const jobId = options.jobId ?? (await harness.postJob(poster));
      const paymentId = options.paymentId ?? randomUUID();
      await publish(EVENT_TYPES.paymentsUnlockPaid, {
        paymentId,
        reference: `ref-${paymentId}`,
        jobId,
        companyId: company.id,
        posterId: poster.id,
        amount: 100_000,
        currency: 'NGN',
        paidAt: new Date().toISOString(),
      });
      const chat = await eventually(async () => {
        const row = await db
          .selectFrom('chats')
          .select(['id', 'payment_id', 'read_only'])
          .where('job_id', '=', jobId)
          .where('applicant_id', '=', company.id)
          .executeTakeFirst();
        if (!row || row.payment_id !== paymentId || row.read_only)
          throw new Error('conversation not open yet');
        return row;
      }, 15_000);
      return { chatId: chat.id, jobId, paymentId, poster, company };
    },
    async refund(conversation, options = {}) {
      const paymentId = options.paymentId ?? conversation.paymentId;
      await publish(EVENT_TYPES.paymentsUnlockRefunded, {
        paymentId,
        reference: `ref-${paymentId}`,
        jobId: conversation.jobId,
        companyId: conversation.company.id,
        posterId: conversation.poster.id,
        amount: 100_000,
        currency: 'NGN',
        reason: 'admin',
        unlocked: options.unlocked ?? true,
        refundedAt: new Date().toISOString(),
      });
    },
    async eventsOf(type, match = {}, count = 1) {
      return eventually(async () => {
        const found = events
          .filter((event) => event.type === type)
          .map((event) => event.payload as Record<string, unknown>)
          .filter((payload) => Object.entries(match).every(([key, value]) => payload[key] === value));
        if (found.length < count) throw new Error(`${found.length} of ${count} ${type} events so far`);
        return found;
      }, 15_000);
    },
    async instance(extra = {}) {
      const bus: EventBus = await createLocalBus({ db: service.db, pollIntervalMs: 50 });
      const app = Fastify({ logger: false });
      setEnvelopeNotFoundHandler(app);
      let own: ChatControls | undefined;
      await app.register(chatService, {
        db: service.db,
        bus,
        auth: { publicKey: service.keys.publicKey },
        chat: testSettings(clock, { instanceId: `chat-${instances.length + 2}`, ...extra }),
        onControls: (c) => (own = c),
      });
      await app.ready();
      const instance: ChatInstance = {
        app,
        controls: own as ChatControls,
        wsUrl: listening(app),
        async close() {
          await app.close();
          await bus.close();
        },
      };
      instances.push(instance);
      return instance;
    },
    async socket(member, instance = first) {
      const socket = await TestSocket.open(await instance.wsUrl(), member.headers);
      await socket.next('welcome');
      return socket;
    },
    async close() {
      for (const instance of instances.splice(0).reverse()) await instance.close();
      await service.close();
    },
  };
  return harness;
}
