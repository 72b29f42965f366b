import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_TYPES, WEBSOCKET_PATH } from '@marketplace/contracts';
import {
  authPlugin,
  createNatsBus,
  generateSigningKeys,
  newEvent,
  openDatabase,
  schemaDb,
  type Database,
  type EventBus,
} from '@marketplace/service-kit';
import { eventually, freePort, silentBusLogger } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ChatDatabase } from './db-types';
import { ResilientChatClient } from './testing-client';

// NATS going away is the point: its reconnect warnings are expected.
const quiet = silentBusLogger;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Two chat instances as separate processes on one PostgreSQL database and a private nats-server this
 * test starts, SIGKILLs and restarts. Clients behave as the chat screen must (testing-client.ts). The
 * bar: every message stored once, both members end with the whole conversation, in order, nothing
 * missing and nothing shown twice.
 */
describe('fault: two chat instances on PostgreSQL and NATS', () => {
  const keys = generateSigningKeys();
  const database = `t_chat_fault_${Date.now().toString(36)}`;
  let workDir: string;
  let databaseUrl: string;
  let nats: PrivateNats;
  let db: Database;
  let events: EventBus;
  let signer: FastifyInstance;
  const instances: ChatProcess[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'chat-fault-'));
    await writeFile(join(workDir, 'public.pem'), keys.publicKey);
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    db = await openDatabase({ url: databaseUrl, poolSize: 2 });
    nats = await PrivateNats.start(workDir);
    events = await createNatsBus({
      servers: nats.url,
      name: 'fault-events',
      logger: quiet,
      retryDelayMs: 50,
    });
    signer = Fastify({ logger: false });
    await signer.register(authPlugin, keys);
    await signer.ready();
    for (const name of ['chat-1', 'chat-2']) instances.push(await ChatProcess.start(name, env(name)));
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await events?.close();
    await signer?.close();
    await db?.close();
    await nats?.dispose();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    await rm(workDir, { recursive: true, force: true });
  }, 60_000);

  function env(name: string): NodeJS.ProcessEnv {
    return {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NATS_URL: nats.url,
      DATA_DIR: join(workDir, name),
      JWT_PUBLIC_KEY_FILE: join(workDir, 'public.pem'),
      CHAT_INSTANCE_ID: name,
      CHAT_REMINDER_SWEEP_SECONDS: '0',
      LOG_LEVEL: 'silent',
    };
  }

  const chat = () => schemaDb<ChatDatabase>(db, 'chat');

  async function member(type: 'user' | 'company', name: string) {
    const id = randomUUID();
    await events.publish(
      newEvent(EVENT_TYPES.accountsUserRegistered, { userId: id, name, type }, { correlationId: 't' }),
    );
    const token = signer.jwt.sign({ sub: id, type, name });
    return { id, headers: { authorization: `Bearer ${token}` } };
  }

  /** A paid unlock as payments announces it; resolves with the conversation once chat opened it. */
  async function conversation() {
    const poster = await member('user', 'Ada Obi');
    const company = await member('company', 'Ace Plumbing');
    const jobId = randomUUID();
    const paymentId = randomUUID();
    await events.publish(
      newEvent(
        EVENT_TYPES.paymentsUnlockPaid,
        {
          paymentId,
          reference: `ref-${paymentId}`,
          jobId,
          companyId: company.id,
          posterId: poster.id,
          amount: 100_000,
          currency: 'NGN',
          paidAt: new Date().toISOString(),
        },
        { correlationId: 't' },
      ),
    );
    const row = await eventually(
      () => chat().selectFrom('chats').select('id').where('job_id', '=', jobId).executeTakeFirstOrThrow(),
      30_000,
    );
    return { chatId: row.id, poster, company };
  }

  /** Both clients hold the whole conversation, each message stored once and shown once. */
  async function expectComplete(chatId: string, clients: ResilientChatClient[], sent: number) {
    for (const client of clients) {
      await client.until(
        () => client.contiguous() === sent && client.pending.size === 0,
        60_000,
        'the whole conversation',
      );
    }
    const stored = await chat()
      .selectFrom('messages')
      .select(['seq', 'client_id'])
      .where('chat_id', '=', chatId)
      .orderBy('seq')
      .execute();
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
    expect(new Set(stored.map((r) => r.client_id)).size).toBe(sent);
    for (const client of clients) {
      expect(client.messages.size).toBe(sent);
      expect(client.errors).toEqual([]);
      const held = [...client.messages.values()].sort((a, b) => a.seq - b.seq);
      expect(held.map((m) => [m.seq, m.clientId])).toEqual(stored.map((r) => [r.seq, r.client_id]));
    }
  }

  /** Runs a conversation's clients and stops them whatever happens. */
  async function withClients(clients: ResilientChatClient[], run: () => Promise<void>) {
    try {
      await Promise.all(clients.map((c) => c.start()));
      await run();
    } finally {
      for (const client of clients) client.stop();
    }
  }

  const wsUrl = (instance: ChatProcess) => `${instance.url.replace(/^http/, 'ws')}${WEBSOCKET_PATH}`;

  it('delivers a message sent on one instance to a socket on the other', async () => {
    const { chatId, poster, company } = await conversation();
    const posterClient = new ResilientChatClient('poster', {
      url: () => wsUrl(instances[1]!),
      headers: poster.headers,
      chatId,
    });
    const companyClient = new ResilientChatClient('company', {
      url: () => wsUrl(instances[0]!),
      headers: company.headers,
      chatId,
    });
    await withClients([posterClient, companyClient], async () => {
      expect([posterClient.instances, companyClient.instances]).toEqual([['chat-2'], ['chat-1']]);
      companyClient.send('Hello from chat-1');
      await posterClient.until(() => posterClient.messages.size === 1, 30_000, 'the message');
      expect(posterClient.messages.get(1)).toMatchObject({
        message: 'Hello from chat-1',
        sender: { _id: company.id },
      });
    });
  }, 120_000);

  it('loses nothing when the instance of one member is killed mid-conversation: it reconnects to the other and catches up', async () => {
    const { chatId, poster, company } = await conversation();
    const [first, second] = instances as [ChatProcess, ChatProcess];
    // The company starts on chat-1; once it is gone, every attempt goes to chat-2.
    const companyClient = new ResilientChatClient('company', {
      url: () => wsUrl(first.alive ? first : second),
      headers: company.headers,
      chatId,
    });
    const posterClient = new ResilientChatClient('poster', {
      url: () => wsUrl(second),
      headers: poster.headers,
      chatId,
    });
    try {
      await withClients([companyClient, posterClient], async () => {
        // Each member sends 30, within the send limit (CHAT_LIMITS.messagesPerWindow) however timed.
        const TOTAL = 60;
        for (let i = 1; i <= TOTAL; i++) {
          (i % 2 ? companyClient : posterClient).send(`message ${i}`);
          if (i === 20) await first.kill(); // SIGKILL with messages in flight
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await expectComplete(chatId, [companyClient, posterClient], TOTAL);
        expect(companyClient.instances[0]).toBe('chat-1');
        expect(companyClient.instances.at(-1)).toBe('chat-2');
        expect(companyClient.connections).toBeGreaterThan(1);
      });
    } finally {
      // Back for the next test, on the same database.
      if (!instances[0]!.alive) instances[0] = await ChatProcess.start('chat-1', env('chat-1'));
    }
  }, 180_000);

  it('loses nothing when NATS restarts: the instances tell their sockets to resync and they catch up', async () => {
    const { chatId, poster, company } = await conversation();
    const posterClient = new ResilientChatClient('poster', {
      url: () => wsUrl(instances[0]!),
      headers: poster.headers,
      chatId,
    });
    const companyClient = new ResilientChatClient('company', {
      url: () => wsUrl(instances[1]!),
      headers: company.headers,
      chatId,
    });
    await withClients([posterClient, companyClient], async () => {
      const TOTAL = 60;
      for (let i = 1; i <= TOTAL; i++) {
        (i % 2 ? companyClient : posterClient).send(`message ${i}`);
        if (i === 20) await nats.kill();
        if (i === 40) await nats.start();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await expectComplete(chatId, [posterClient, companyClient], TOTAL);
      // The sockets stayed open (the instances did not die): the catch-up came from `resync`.
      expect(posterClient.connections).toBe(1);
      expect(companyClient.connections).toBe(1);
      expect(posterClient.resyncs).toBeGreaterThanOrEqual(1);
      expect(companyClient.resyncs).toBeGreaterThanOrEqual(1);
    });
  }, 180_000);
});

/** A chat instance in its own process (services/chat/src/main.ts), killed with SIGKILL. */
class ChatProcess {
  alive = true;
  private constructor(
    readonly name: string,
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    child.once('exit', () => (this.alive = false));
  }

  static async start(name: string, env: NodeJS.ProcessEnv): Promise<ChatProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/chat/src/main.ts'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
      const ready = await fetch(`${url}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return new ChatProcess(name, url, child);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${name} was not ready in time`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async kill(): Promise<void> {
    if (!this.alive) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGKILL');
    await gone;
  }
}

/** A nats-server of this test's own (never the shared one on 4222), SIGKILLed and restarted on its store. */
class PrivateNats {
  #child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {}

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  static async start(dir: string): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), join(dir, 'nats'));
    await nats.start();
    return nats;
  }

  async start(): Promise<void> {
    const binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
    this.#child = spawn(binary, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], {
      stdio: 'ignore',
    });
    await eventually(async () => {
      const probe = await createNatsBus({
        servers: this.url,
        name: 'probe',
        connectTimeoutMs: 500,
        logger: quiet,
      });
      await probe.close();
    }, 15_000);
  }

  async kill(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
  }

  async dispose(): Promise<void> {
    await this.kill();
  }
}
