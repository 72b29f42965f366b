import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_PATHS,
  PAYMENT_API,
  type EventEnvelope,
  type EventPayload,
  type EventType,
} from '@marketplace/contracts';
import {
  newEvent,
  observability,
  schemaDb,
  setEnvelopeNotFoundHandler,
  type Database,
  type EventBus,
  type ServiceDeps,
} from '@marketplace/service-kit';
import { createTestService, eventually, type TestService } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import paymentsService, { type PaymentsControls } from './app';
import type { PaymentsSettings } from './config';
import type { PaymentsDatabase, SecurityEventsTable, UnlockPaymentsTable } from './db-types';
import { webhookSignature } from './providers/provider';
import type { SandboxProvider } from './providers/sandbox';

// The payments service's test harness (not used by the service itself): the service on a test database
// with the kit's test bus, an observer of its events, helpers for accounts and jobs, and a local
// stand-in for Paystack that speaks its documented shapes. A suite sets it up with setUpPaymentsHarness.

export type Role = 'user' | 'company' | 'admin';

/** A company's paid unlock of a new job (PaymentsHarness.paidUnlock). */
export interface PaidUnlock {
  company: { id: string; headers: { authorization: string } };
  jobId: string;
  posterId: string;
  reference: string;
}

export interface PaymentsHarness {
  service: TestService;
  db: Kysely<PaymentsDatabase>;
  controls: PaymentsControls;
  /** Every payments.* event published since start. */
  events: EventEnvelope[];
  bearer(sub: string, type: Role): Promise<{ authorization: string }>;
  /** A new account id with a bearer header. */
  account(type: Role, name?: string): Promise<{ id: string; headers: { authorization: string } }>;
  /** Publishes a jobs.* event as the jobs service would. */
  jobsEvent<T extends EventType>(type: T, payload: EventPayload<T>): Promise<void>;
  /** Publishes a chat.* event as the chat service would; returns it (to hand it over again). */
  chatEvent<T extends EventType>(type: T, payload: EventPayload<T>): Promise<EventEnvelope<EventPayload<T>>>;
  /** A job posted by `posterId` (a new poster when absent), known to payments once this resolves. */
  postJob(options?: {
    posterId?: string;
    category?: string;
    title?: string;
  }): Promise<{ jobId: string; posterId: string }>;
  /** Payments events of one type (payloads). */
  published<T extends EventType>(type: T): Array<EventPayload<T>>;
  /** POST /api/jobs/initializePayment. */
  initialize(headers: Record<string, string>, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** POST /api/jobs/verifyPayment with trxref and reference, as /payment/callback does. */
  verify(headers: Record<string, string>, reference: string): Promise<LightMyRequestResponse>;
  /** GET /api/payments/mine: the signed-in account's payments. */
  myPayments(headers: Record<string, string>): Promise<LightMyRequestResponse>;
  /**
   * The tester's button on the sandbox checkout page (a form post), as the company that started the
   * payment unless `headers` say who else.
   */
  sandbox(
    reference: string,
    action: 'pay' | 'decline' | 'abandon' | 'transfer-sent' | 'ussd-sent' | 'confirm-transfer',
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** GET /api/payments/status/:reference as `headers` (none: a visitor). */
  status(reference: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The sandbox checkout page, opened by the company that started the payment unless `headers` say. */
  checkoutPage(reference: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Starts a checkout for a company and returns its reference (fails the test otherwise). */
  startCheckout(headers: Record<string, string>, jobId: string): Promise<string>;
  /** Start, pay on the sandbox page and verify: the company has the unlock. */
  unlockWithSandbox(headers: Record<string, string>, jobId: string): Promise<string>;
  /**
   * A new company's paid unlock of a new job: paid at the local Paystack and verified when the harness
   * has one (`paystack` option), on the sandbox page otherwise.
   */
  paidUnlock(): Promise<PaidUnlock>;
  /**
   * Publishes chat's `chat.message.sent` in the chat of `unlock` (by its poster or its company) as the chat
   * service would, sent at `sentAt`; returns the event.
   */
  chatMessage(
    unlock: Pick<PaidUnlock, 'company' | 'jobId' | 'posterId'> & { chatId: string },
    from: 'poster' | 'company',
    sentAt: Date | number,
    overrides?: Partial<EventPayload<'chat.message.sent'>>,
  ): Promise<EventEnvelope<EventPayload<'chat.message.sent'>>>;
  /** Resolves once `consumer` has handled `event` (its inbox row is there). */
  handled(consumer: string, event: EventEnvelope): Promise<void>;
  /** The stored payment. */
  payment(reference: string): Promise<Selectable<UnlockPaymentsTable> | undefined>;
  /** Security events of a kind. */
  securityEvents(kind?: string): Promise<Array<Selectable<SecurityEventsTable>>>;
  close(): Promise<void>;
}

let observerSeq = 0;

export interface HarnessOptions {
  /**
   * The service is mounted behind the kit's observability (request ids, /metrics), as standalone.ts and the
   * edge mount it.
   */
  metrics?: boolean;
  /**
   * The service pays with Paystack at this local stand-in (it must be listening), on the public URL
   * https://market.example, instead of the sandbox provider.
   */
  paystack?: FakePaystack;
}

export async function createPaymentsHarness(
  settings: PaymentsSettings = {},
  options: HarnessOptions = {},
): Promise<PaymentsHarness> {
  const fake = options.paystack;
  let controls: PaymentsControls | undefined;
  const service = await createTestService([
    ...(options.metrics ? [observability('payments')] : []),
    async (app: FastifyInstance, deps: ServiceDeps) =>
      paymentsService(app, {
        ...deps,
        payments: {
          reconcileIntervalMs: 0,
          ...(fake
            ? {
                // Room for a busy test machine (a refund answered in 600 ms is not a fault); the
                // fault tests' hanging provider costs each of them these 2 s.
                paystack: { secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 2000 },
                publicUrl: 'https://market.example',
              }
            : {}),
          ...settings,
        },
        onControls: (c) => (controls = c),
      }),
  ]);
  if (!controls) throw new Error('payments service gave no controls');
  const events: EventEnvelope[] = [];
  await service.bus.subscribe({
    durable: `payments-test-observer-${++observerSeq}`,
    filterSubject: 'payments.>',
    handle: async (event) => void events.push(event),
  });
  const db = schemaDb<PaymentsDatabase>(service.db, 'payments');
  const bearer = async (sub: string, type: Role) => ({
    authorization: `Bearer ${await service.tokenFor({ sub, type })}`,
  });
  /** The bearer of the company that started the payment (any company's for an unknown reference). */
  const payerHeaders = async (reference: string) => {
    const row = await db
      .selectFrom('unlock_payments')
      .select('company_id')
      .where('reference', '=', reference)
      .executeTakeFirst();
    return bearer(row?.company_id ?? randomUUID(), 'company');
  };
  const jobsEvent: PaymentsHarness['jobsEvent'] = async (type, payload) => {
    await service.bus.publish(newEvent(type, payload, { correlationId: `test-${randomUUID()}` }));
  };
  let chatSeq = 0;
  const harness: PaymentsHarness = {
    service,
    db,
    controls,
    events,
    bearer,
    async account(type, name = 'Test Account') {
      const id = randomUUID();
      await service.bus.publish(
        newEvent('accounts.user.registered', { userId: id, name, type }, { correlationId: 'test' }),
      );
      return { id, headers: await bearer(id, type) };
    },
    jobsEvent,
    async chatEvent(type, payload) {
      const event = newEvent(type, payload, { correlationId: `test-${randomUUID()}` });
      await service.bus.publish(event);
      return event;
    },
    async postJob(options = {}) {
      const jobId = randomUUID();
      const posterId = options.posterId ?? randomUUID();
      await jobsEvent('jobs.job.posted', {
        jobId,
        postedBy: posterId,
        category: options.category ?? 'Craftsman',
        title: options.title ?? 'Fix a leaking kitchen tap',
      });
      await eventually(async () => {
        const row = await db.selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst();
        if (!row) throw new Error(`job ${jobId} not in the read model yet`);
      });
      return { jobId, posterId };
    },
    published(type) {
      return events.filter((e) => e.type === type).map((e) => e.payload) as never;
    },
    initialize: (headers, body) =>
      service.app.inject({ method: 'POST', url: API_PATHS.initializePayment, headers, payload: body }),
    verify: (headers, reference) =>
      service.app.inject({
        method: 'POST',
        url: API_PATHS.verifyPayment,
        headers,
        payload: { trxref: reference, reference },
      }),
    myPayments: (headers) => service.app.inject({ method: 'GET', url: API_PATHS.myPayments, headers }),
    sandbox: async (reference, action, headers) =>
      service.app.inject({
        method: 'POST',
        url: PAYMENT_API.sandboxCheckout(reference),
        headers: {
          ...(headers ?? (await payerHeaders(reference))),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `action=${action}`,
      }),
    status: (reference, headers = {}) =>
      service.app.inject({ method: 'GET', url: PAYMENT_API.status(reference), headers }),
    checkoutPage: async (reference, headers) =>
      service.app.inject({
        method: 'GET',
        url: PAYMENT_API.sandboxCheckout(reference),
        headers: headers ?? (await payerHeaders(reference)),
      }),
    async startCheckout(headers, jobId) {
      const response = await harness.initialize(headers, { jobId });
      if (response.statusCode !== 200)
        throw new Error(`initialize failed: ${response.statusCode} ${response.body}`);
      return response.json().reference as string;
    },
    async unlockWithSandbox(headers, jobId) {
      const reference = await harness.startCheckout(headers, jobId);
      const paid = await harness.sandbox(reference, 'pay');
      if (paid.statusCode !== 303) throw new Error(`sandbox pay failed: ${paid.statusCode} ${paid.body}`);
      const verified = await harness.verify(headers, reference);
      if (verified.json().status !== 'paid') throw new Error(`verify did not unlock: ${verified.body}`);
      return reference;
    },
    async paidUnlock() {
      const company = await harness.account('company');
      const job = await harness.postJob();
      if (!fake)
        return { company, ...job, reference: await harness.unlockWithSandbox(company.headers, job.jobId) };
      const reference = await harness.startCheckout(company.headers, job.jobId);
      fake.pay(reference);
      expect((await harness.verify(company.headers, reference)).json().status).toBe('paid');
      return { company, ...job, reference };
    },
    chatMessage: (unlock, from, sentAt, overrides = {}) =>
      harness.chatEvent('chat.message.sent', {
        chatId: unlock.chatId,
        jobId: unlock.jobId,
        messageId: randomUUID(),
        seq: ++chatSeq,
        senderId: from === 'poster' ? unlock.posterId : unlock.company.id,
        recipientId: from === 'poster' ? unlock.company.id : unlock.posterId,
        posterId: unlock.posterId,
        applicantId: unlock.company.id,
        sentAt: new Date(sentAt).toISOString(),
        ...overrides,
      }),
    handled: (consumer, event) =>
      eventually(async () => {
        const { rows } = await sql`select 1 from payments.inbox where consumer = ${consumer}
          and event_id = ${event.id}`.execute(service.db.raw);
        expect(rows).toHaveLength(1);
      }),
    payment: (reference) =>
      db.selectFrom('unlock_payments').selectAll().where('reference', '=', reference).executeTakeFirst(),
    securityEvents: (kind) => {
      let query = db.selectFrom('security_events').selectAll().orderBy('created_at');
      if (kind) query = query.where('kind', '=', kind);
      return query.execute();
    },
    async close() {
      await service.close();
    },
  };
  return harness;
}

/**
 * The harness of one `describe` block: created in the block's beforeAll, closed in its afterAll (read it in
 * hooks and tests, not while the block is declared). With `paystack`, that local Paystack starts listening
 * before the service and closes after it, and its endpoints answer normally again before each test.
 */
export function setUpPaymentsHarness(
  settings: PaymentsSettings = {},
  options: HarnessOptions = {},
): PaymentsHarness {
  const harness = {} as PaymentsHarness;
  const fake = options.paystack;
  beforeAll(async () => {
    await fake?.listen();
    Object.assign(harness, await createPaymentsHarness(settings, options));
  }, 60_000);
  afterAll(async () => {
    await harness.close?.();
    await fake?.close();
  }, 60_000);
  if (fake) beforeEach(() => fake.resetFaults());
  return harness;
}

// -------------------------------------------------------------------------------------------------
// A local Paystack

type FakeStatus = 'ongoing' | 'success' | 'failed' | 'abandoned' | 'reversed';
export interface FakeTransaction {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callback_url: string | null;
  status: FakeStatus;
  paid_at: string | null;
  /** How it was paid ('card' unless a test pays by transfer or USSD). */
  channel: string;
  /** The `channels` the checkout was initialized with. */
  channels: unknown;
}
/** How one endpoint misbehaves: never answers, 500s, answers HTML, or answers normally. */
export type Fault = 'none' | 'timeout' | 'server-error' | 'not-json';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A stand-in for api.paystack.co on 127.0.0.1 speaking its documented request and response shapes:
 * POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund. Tests pay, decline or
 * tamper with transactions, make endpoints fail, and build signed `charge.success` webhooks.
 */
export class FakePaystack {
  readonly transactions = new Map<string, FakeTransaction>();
  readonly requests: RecordedRequest[] = [];
  readonly faults: Record<'initialize' | 'verify' | 'refund', Fault> = {
    initialize: 'none',
    verify: 'none',
    refund: 'none',
  };
  /** Fields the verify answer reports instead of the stored ones (a tampered or mismatched transaction). */
  verifyOverrides = new Map<
    string,
    Partial<Pick<FakeTransaction, 'amount' | 'currency' | 'reference' | 'status'>>
  >();
  #nextId = 4099260516;
  readonly #server: Server = createServer((req, res) => void this.handle(req, res));
  #url: string | undefined;

  /** Not listening yet: `listen()` first (setUpPaymentsHarness does), or use `FakePaystack.start`. */
  constructor(readonly secretKey = 'sk_test_local_fake_paystack') {}

  static async start(secretKey?: string): Promise<FakePaystack> {
    return new FakePaystack(secretKey).listen();
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.#url = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Its base URL (the service's PAYSTACK_BASE_URL), once listening. */
  get url(): string {
    if (!this.#url) throw new Error('the fake Paystack is not listening yet');
    return this.#url;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Every endpoint answers normally again. */
  resetFaults(): void {
    this.faults.initialize = 'none';
    this.faults.verify = 'none';
    this.faults.refund = 'none';
  }

  /** The refund requests made for the transaction `reference`. */
  refundCalls(reference: string): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.path === '/refund' && (r.body as { transaction?: string }).transaction === reference,
    );
  }

  pay(reference: string): FakeTransaction {
    const tx = this.#get(reference);
    tx.status = 'success';
    tx.paid_at = new Date().toISOString();
    return tx;
  }

  /**
   * The payer's bank transfer (or USSD payment) arrives: `amount` kobo (the price unless a test sends
   * another sum), at `paidAt` (now unless given).
   */
  payByTransfer(
    reference: string,
    options: { channel?: 'bank_transfer' | 'ussd'; amount?: number; paidAt?: Date } = {},
  ): FakeTransaction {
    const tx = this.#get(reference);
    tx.status = 'success';
    tx.channel = options.channel ?? 'bank_transfer';
    if (options.amount !== undefined) tx.amount = options.amount;
    tx.paid_at = (options.paidAt ?? new Date()).toISOString();
    return tx;
  }

  decline(reference: string): FakeTransaction {
    const tx = this.#get(reference);
    tx.status = 'failed';
    return tx;
  }

  /** A `charge.success` notification as Paystack sends it, signed with the secret key (or `secret`). */
  webhook(reference: string, overrides: Record<string, unknown> = {}, secret = this.secretKey) {
    const tx = this.transactions.get(reference);
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: tx?.id ?? 1,
        domain: 'test',
        status: 'success',
        reference,
        amount: tx?.amount ?? 100000,
        message: null,
        gateway_response: 'Successful',
        paid_at: tx?.paid_at ?? new Date().toISOString(),
        channel: tx?.channel ?? 'card',
        currency: tx?.currency ?? 'NGN',
        customer: { email: tx?.email ?? 'someone@example.com' },
        ...overrides,
      },
    });
    return { body, signature: webhookSignature(secret, body) };
  }

  #get(reference: string): FakeTransaction {
    const tx = this.transactions.get(reference);
    if (!tx) throw new Error(`fake Paystack has no transaction ${reference}`);
    return tx;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    this.requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const endpoint =
      req.method === 'POST' && path === '/transaction/initialize'
        ? 'initialize'
        : req.method === 'GET' && path.startsWith('/transaction/verify/')
          ? 'verify'
          : req.method === 'POST' && path === '/refund'
            ? 'refund'
            : undefined;
    if (!endpoint) return send(404, { status: false, message: 'Not found' });
    const fault = this.faults[endpoint];
    if (fault === 'timeout') return; // never answers; the client's time-out must fire
    if (fault === 'server-error') return send(500, { status: false, message: 'An error occurred' });
    if (fault === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
      return;
    }
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { status: false, message: 'Invalid key' });
    }

    if (endpoint === 'initialize') {
      const amount = Number(body.amount);
      const reference = typeof body.reference === 'string' ? body.reference : `T${this.#nextId}`;
      if (typeof body.email !== 'string' || !body.email.includes('@')) {
        return send(400, { status: false, message: 'Invalid Email Address Passed' });
      }
      if (!Number.isInteger(amount) || amount <= 0)
        return send(400, { status: false, message: 'Invalid Amount Sent' });
      if (this.transactions.has(reference))
        return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = `ac${this.#nextId.toString(36)}`;
      this.transactions.set(reference, {
        id: this.#nextId++,
        reference,
        amount,
        currency: typeof body.currency === 'string' ? body.currency : 'NGN',
        email: body.email,
        callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
        status: 'ongoing',
        paid_at: null,
        channel: 'card',
        channels: body.channels,
      });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }

    if (endpoint === 'verify') {
      const reference = decodeURIComponent(path.slice('/transaction/verify/'.length));
      const tx = this.transactions.get(reference);
      if (!tx) return send(400, { status: false, message: 'Transaction reference not found' });
      const shown = { ...tx, ...this.verifyOverrides.get(reference) };
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: shown.id,
          domain: 'test',
          status: shown.status === 'ongoing' ? 'ongoing' : shown.status,
          reference: shown.reference,
          receipt_number: null,
          amount: shown.amount,
          message: null,
          gateway_response: shown.status === 'success' ? 'Successful' : 'Declined',
          paid_at: shown.paid_at,
          created_at: new Date().toISOString(),
          channel: shown.channel,
          currency: shown.currency,
          ip_address: '197.210.54.33',
          metadata: '',
          fees: 10283,
          authorization: { authorization_code: 'AUTH_test', bin: '408408', last4: '4081', channel: 'card' },
          customer: { id: 181873746, email: shown.email, customer_code: 'CUS_test' },
          paidAt: shown.paid_at,
          requested_amount: shown.amount,
        },
      });
    }

    // refund
    const key = body.transaction;
    const tx = [...this.transactions.values()].find(
      (t) => t.reference === key || t.id === key || String(t.id) === key,
    );
    if (!tx) return send(404, { status: false, message: 'Transaction not found' });
    if (tx.status === 'reversed')
      return send(400, { status: false, message: 'Transaction has been fully reversed' });
    if (tx.status !== 'success')
      return send(400, { status: false, message: 'Cannot refund a transaction that was not successful' });
    tx.status = 'reversed';
    return send(200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id: tx.id,
          domain: 'test',
          reference: tx.reference,
          amount: tx.amount,
          currency: tx.currency,
        },
        integration: 412829,
        deducted_amount: 0,
        channel: null,
        merchant_note: body.merchant_note ?? null,
        customer_note: body.customer_note ?? null,
        status: 'pending',
        refunded_by: 'test@example.com',
        expected_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        currency: tx.currency,
        domain: 'test',
        amount: typeof body.amount === 'number' ? body.amount : tx.amount,
        fully_deducted: false,
        id: 3018284,
      },
    });
  }
}

/** A payments replica of its own, as main.ts starts one: for the fault tests that stop and restart it. */
export interface PaymentsReplica {
  app: FastifyInstance;
  controls: PaymentsControls;
  /** The sandbox provider (no Paystack key): the tests pay on it as the checkout page would. */
  sandbox: SandboxProvider;
  /** Closes the app (the database and bus stay the caller's). */
  stop(): Promise<void>;
}

export async function startPaymentsReplica(deps: {
  db: Database;
  bus: EventBus;
  publicKey: string;
  now: () => Date;
}): Promise<PaymentsReplica> {
  const app = Fastify({ logger: false });
  setEnvelopeNotFoundHandler(app);
  let controls: PaymentsControls | undefined;
  await app.register(paymentsService, {
    db: deps.db,
    bus: deps.bus,
    auth: { publicKey: deps.publicKey },
    payments: { reconcileIntervalMs: 0, now: deps.now },
    onControls: (c) => (controls = c),
  });
  await app.ready();
  if (!controls) throw new Error('the payments service gave no controls');
  return {
    app,
    controls,
    sandbox: controls.unlocks.provider as SandboxProvider,
    stop: () => app.close(),
  };
}
