/**
 * Chat benchmark (`npx tsx bench/chat.ts`): two chat instances (each its own process) behind the edge
 * (its own process) on PostgreSQL and a private nats-server, and N WebSockets in pairs - a poster and
 * a company in one conversation - exchanging messages at a fixed total rate through the edge. Prints,
 * per size: delivery latency p50/p99 (send -> the other member's socket), messages per second, lost
 * and duplicated messages, refused ones, and the memory of each process. Nothing here asserts timings.
 *
 * BENCH_CHAT_SOCKETS  sizes to run, comma-separated (default 1000,10000)
 * BENCH_CHAT_RATE     messages per second, all pairs together, one run each (default 500,1000,2000)
 * BENCH_CHAT_VIA      edge (default) or direct (sockets straight to the instances: the edge holds two
 *                     descriptors per socket, so with ulimit -n 20000 it stops just short of 10,000)
 * BENCH_CHAT_SECONDS  length of each run (default 20)
 * BENCH_CHAT_STORMS   reconnect storms per size after the rates (default 3): every socket dropped, then all
 *                     back at once, each greeted and caught up (joinRoom after its last message) as a
 *                     client is after a replica dies. Prints the storm's length, each socket's wait and
 *                     the CPU per greeting of chat, the edge, PostgreSQL and NATS: the per-core figure a
 *                     cluster multiplies (services/chat/README.md)
 * DATABASE_URL        PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the
 *                     bench creates and drops a database of its own
 * NATS_SERVER_BIN     nats-server binary (default /usr/sbin/nats-server)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { authPlugin, generateSigningKeys } from '@marketplace/service-kit';
import Fastify from 'fastify';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort } from '@marketplace/service-kit/testing';
import { createScratchDatabase, startPrivateNats, type PrivateNats } from './support/scratch';

const SIZES = (process.env.BENCH_CHAT_SOCKETS ?? '1000,10000').split(',').map(Number);
const RATES = (process.env.BENCH_CHAT_RATE ?? '500,1000,2000').split(',').map(Number);
/** `edge` (default): through the edge as browsers connect; `direct`: straight to the instances, in turn. */
const VIA = process.env.BENCH_CHAT_VIA === 'direct' ? 'direct' : 'edge';
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
const STORMS = Number(process.env.BENCH_CHAT_STORMS ?? 3);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** After the last send, how long delivery may still take before a message counts as lost. */
const DRAIN_MS = 15_000;
/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 100;

interface Pair {
  chatId: string;
  poster: Peer;
  company: Peer;
  sent: number;
}

interface Peer {
  id: string;
  token: string;
  ws?: WebSocket;
  instance?: string;
  /** The conversation's latest message this member holds (where a reconnect catches up from). */
  lastSeq: number;
}

interface Flight {
  sentAt: number;
  /** When the sender's socket got messageAck (stored). */
  ackedAt?: number;
  /** The member who must receive it. */
  to: string;
  receivedAt?: number;
  copies: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** A process of the topology, with its resident memory read from /proc. */
class Proc {
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {}

  rssMb(): number {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    } catch {
      return 0;
    }
  }

  /** CPU seconds used so far (user + system), from /proc. */
  cpuSeconds(): number {
    return cpuSecondsOf(this.child.pid);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const force = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(force);
  }
}

function spawnNode(name: string, entry: string, env: NodeJS.ProcessEnv): Proc {
  // BENCH_CHAT_PROFILE=<dir>: a V8 CPU profile of each process, written when it stops.
  const profile = process.env.BENCH_CHAT_PROFILE;
  if (profile) mkdirSync(join(profile, name), { recursive: true });
  const flags = profile ? ['--cpu-prof', '--cpu-prof-dir', join(profile, name)] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Proc(name, child);
}

async function ready(url: string, proc: Proc): Promise<void> {
  await waitFor(async () => {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited with ${proc.child.exitCode}`);
    return fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
  }, `${proc.name} to be ready`);
}

function benchCpu(usage: NodeJS.CpuUsage, seconds: number): number {
  return Math.round((usage.user + usage.system) / 1e4 / seconds);
}

/** CPU seconds a process used so far (user + system), from /proc; 0 when it is gone. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-chat-'));
  const procs: Proc[] = [];
  const scratch = await createScratchDatabase(SERVER_URL, 'bench_chat');
  const databaseUrl = scratch.url;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const keys = generateSigningKeys();
  writeFileSync(join(work, 'public.pem'), keys.publicKey);
  const signer = Fastify({ logger: false });
  await signer.register(authPlugin, keys);
  await signer.ready();

  let nats: PrivateNats | undefined;
  try {
    // A private nats-server: the shared one's CHAT stream stays clean.
    nats = await startPrivateNats(work);
    const natsUrl = nats.url;

    const common = {
      ...process.env,
      // As deployed: the kit checks event payloads against their schemas only outside production.
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      JWT_PUBLIC_KEY_FILE: join(work, 'public.pem'),
      LOG_LEVEL: 'warn',
      CHAT_REMINDER_SWEEP_SECONDS: '0',
    };
    const chatUrls: string[] = [];
    for (const name of ['chat-1', 'chat-2']) {
      const port = await freePort();
      const proc = spawnNode(name, 'services/chat/src/main.ts', {
        ...common,
        PORT: String(port),
        DATA_DIR: join(work, name),
        CHAT_INSTANCE_ID: name,
        TRUST_PROXY: '127.0.0.1',
      });
      procs.push(proc);
      const base = `http://127.0.0.1:${port}`;
      await ready(base, proc);
      chatUrls.push(base);
    }
    const edgePort = await freePort();
    const edgeEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(edgePort),
      LOG_LEVEL: 'warn',
      DATA_DIR: join(work, 'edge'),
      WEB_ROOT: work,
      // Only chat is exercised; the other routes point somewhere that answers /ready.
      ACCOUNTS_URL: chatUrls[0],
      JOBS_URL: chatUrls[0],
      PAYMENTS_URL: chatUrls[0],
      CHAT_URLS: chatUrls.join(','),
    };
    delete edgeEnv.DATABASE_URL;
    delete edgeEnv.NATS_URL;
    const edge = spawnNode('edge', 'services/edge/src/main.ts', edgeEnv);
    procs.push(edge);
    const edgeUrl = `http://127.0.0.1:${edgePort}`;
    await ready(edgeUrl, edge);

    const wsUrls =
      VIA === 'edge'
        ? [`${edgeUrl.replace('http', 'ws')}/ws`]
        : chatUrls.map((u) => `${u.replace('http', 'ws')}/ws`);
    console.log(
      `\nChat: 2 instances (processes) on PostgreSQL + NATS, sockets ${VIA === 'edge' ? 'through the edge' : 'straight to the instances'}, ` +
        `in pairs (poster + company per conversation); ${SECONDS} s per rate; load average before: ${loadavg()[0]!.toFixed(1)}`,
    );
    const rows: Record<string, Record<string, string | number>> = {};
    const stormRows: Record<string, Record<string, string | number>> = {};
    for (const size of SIZES) Object.assign(rows, await run(size));
    console.table(rows);
    if (STORMS > 0) {
      console.log(
        '\nReconnect storms: every socket dropped, then all back at once (welcome, then joinRoom after)',
      );
      console.table(stormRows);
    }

    /** Connects `size` sockets, then runs each rate on them. */
    async function run(size: number): Promise<Record<string, Record<string, string | number>>> {
      const pairs = await seed(size / 2);
      const peers = pairs.flatMap((p) => [p.poster, p.company]);
      const flights = new Map<string, Flight>();
      let refused = 0;
      let unexpected = 0;

      const started = performance.now();
      let failed = 0;
      let next = 0;
      for (let i = 0; i < peers.length; i += CONNECT_BATCH) {
        const batch = peers.slice(i, i + CONNECT_BATCH);
        const results = await Promise.allSettled(
          batch.map((peer) => connect(peer, wsUrls[next++ % wsUrls.length]!)),
        );
        failed += results.filter((r) => r.status === 'rejected').length;
      }
      const connectSeconds = (performance.now() - started) / 1000;
      const connected = peers.filter((p) => p.ws?.readyState === WebSocket.OPEN).length;
      const memoryAfterConnect = procs.map((p) => `${p.name} ${p.rssMb()}`).join(', ');
      const spread = new Map<string, number>();
      for (const peer of peers)
        if (peer.instance) spread.set(peer.instance, (spread.get(peer.instance) ?? 0) + 1);

      function connect(peer: Peer, url: string): Promise<void> {
        return new Promise((resolve, reject) => {
          const ws = new WebSocket(url, { headers: { authorization: `Bearer ${peer.token}` } });
          peer.ws = ws;
          const timer = setTimeout(() => reject(new Error('no welcome')), 60_000);
          ws.on('message', (data: Buffer) => {
            const frame = JSON.parse(data.toString()) as {
              type: string;
              instance?: string;
              code?: string;
              message?: { clientId: string | null; sender: { _id: string }; seq: number };
            };
            if (frame.message) peer.lastSeq = Math.max(peer.lastSeq, frame.message.seq);
            if (frame.type === 'welcome') {
              peer.instance = frame.instance;
              clearTimeout(timer);
              resolve();
            } else if (frame.type === 'newMessage' && frame.message?.clientId) {
              const flight = flights.get(frame.message.clientId);
              if (!flight) unexpected++;
              else if (frame.message.sender._id !== peer.id) {
                // The other member's copy: the one that counts.
                flight.copies++;
                flight.receivedAt ??= performance.now();
              }
            } else if (frame.type === 'messageAck' && frame.message?.clientId) {
              const flight = flights.get(frame.message.clientId);
              if (flight) flight.ackedAt ??= performance.now();
            } else if (frame.type === 'error') {
              refused++;
            }
          });
          ws.on('error', (err) => {
            clearTimeout(timer);
            reject(err);
          });
        });
      }

      /** CPU seconds so far of each server process of this bench's database, and of the nats-server. */
      async function storeCpu(): Promise<{ postgres: Map<number, number>; nats: number }> {
        const backends = await db.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database()',
        );
        return {
          postgres: new Map(backends.rows.map(({ pid }) => [pid, cpuSecondsOf(pid)])),
          nats: cpuSecondsOf(nats?.process.pid),
        };
      }
      /** What the database and NATS used between two readings (a backend started in between counts whole). */
      function storeUsed(
        before: Awaited<ReturnType<typeof storeCpu>>,
        after: Awaited<ReturnType<typeof storeCpu>>,
      ): { postgres: number; nats: number } {
        let postgres = 0;
        for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
        return { postgres, nats: after.nats - before.nats };
      }

      const rows: Record<string, Record<string, string | number>> = {};
      for (const rate of RATES) {
        flights.clear();
        refused = 0;
        unexpected = 0;
        // The load: `rate` messages a second over all pairs, each pair taking turns poster/company.
        const cpuBefore = procs.map((p) => p.cpuSeconds());
        const storeBefore = await storeCpu();
        const selfBefore = process.cpuUsage();
        const loadStarted = performance.now();
        let sent = 0;
        let turn = 0;
        while (performance.now() - loadStarted < SECONDS * 1000) {
          const due = Math.floor(((performance.now() - loadStarted) / 1000) * rate);
          while (sent < due) {
            const pair = pairs[turn++ % pairs.length]!;
            const from = pair.sent % 2 === 0 ? pair.company : pair.poster;
            const to = from === pair.company ? pair.poster : pair.company;
            const clientId = `${pair.chatId.slice(0, 8)}-${++pair.sent}`;
            if (from.ws?.readyState === WebSocket.OPEN) {
              flights.set(clientId, { sentAt: performance.now(), to: to.id, copies: 0 });
              from.ws.send(
                JSON.stringify({
                  type: 'sendMessage',
                  chatId: pair.chatId,
                  clientId,
                  message: `bench ${clientId}`,
                }),
              );
            }
            sent++;
          }
          await sleep(5);
        }
        const loadSeconds = (performance.now() - loadStarted) / 1000;
        const store = storeUsed(storeBefore, await storeCpu());
        const percent = (seconds: number) => `${Math.round((seconds / loadSeconds) * 100)}%`;
        const cpu = procs
          .map((p, i) => `${p.name} ${percent(p.cpuSeconds() - cpuBefore[i]!)}`)
          .concat(`postgres ${percent(store.postgres)}`)
          .concat(`nats ${percent(store.nats)}`)
          .concat(`bench ${benchCpu(process.cpuUsage(selfBefore), loadSeconds)}%`)
          .join(', ');
        const drainStarted = performance.now();
        const outstanding = () => [...flights.values()].filter((f) => f.receivedAt === undefined).length;
        while (outstanding() > refused && performance.now() - drainStarted < DRAIN_MS) await sleep(100);

        const all = [...flights.values()];
        const delivered = all.filter((f) => f.receivedAt !== undefined);
        const latencies = delivered.map((f) => f.receivedAt! - f.sentAt).sort((a, b) => a - b);
        const acks = all
          .filter((f) => f.ackedAt !== undefined)
          .map((f) => f.ackedAt! - f.sentAt)
          .sort((a, b) => a - b);
        const duplicated = all.reduce((n, f) => n + Math.max(0, f.copies - 1), 0);
        rows[`${size} sockets, ${rate}/s`] = {
          'connected (failed)': `${connected} (${failed})`,
          'connect s': connectSeconds.toFixed(1),
          'per instance': [...spread.entries()].map(([k, v]) => `${k} ${v}`).join(', '),
          sent: all.length,
          'delivered msg/s': Math.round(delivered.length / loadSeconds),
          'p50 ms': percentile(latencies, 50).toFixed(1),
          'p99 ms': percentile(latencies, 99).toFixed(1),
          'max ms': (latencies.at(-1) ?? NaN).toFixed(0),
          'ack p50/p99 ms': `${percentile(acks, 50).toFixed(1)} / ${percentile(acks, 99).toFixed(1)}`,
          lost: all.length - delivered.length - refused,
          duplicated,
          'refused (error frames)': refused,
          'unknown frames': unexpected,
          'RSS MB after connect': memoryAfterConnect,
          'RSS MB at end': procs.map((p) => `${p.name} ${p.rssMb()}`).join(', '),
          'CPU during load (of one core)': cpu,
          'load avg (1 min)': loadavg()[0]!.toFixed(1),
        };
        await sleep(3000); // a pause between rates
      }
      for (let round = 1; round <= STORMS; round++) await storm(round);
      for (const peer of peers) peer.ws?.terminate();
      await sleep(3000); // let the instances drop the sockets before the next size
      return rows;

      /**
       * Every socket dropped, then all back at once, each until its catch-up answered: what the
       * replicas that remain greet when one holding these sockets dies (less the clients' back-off).
       */
      async function storm(round: number): Promise<void> {
        for (const peer of peers) peer.ws?.terminate();
        await sleep(3000); // the instances let the old sockets go: not part of the storm's cost
        const cpuBefore = procs.map((p) => p.cpuSeconds());
        const storeBefore = await storeCpu();
        const began = performance.now();
        const waits: number[] = [];
        let next = 0;
        const results = await Promise.allSettled(
          pairs.flatMap((pair) =>
            [pair.poster, pair.company].map((peer) =>
              rejoin(peer, pair.chatId, wsUrls[next++ % wsUrls.length]!).then((ms) => waits.push(ms)),
            ),
          ),
        );
        const seconds = (performance.now() - began) / 1000;
        const store = storeUsed(storeBefore, await storeCpu());
        const used = (name: string) =>
          procs.reduce(
            (sum, p, i) => (p.name.startsWith(name) ? sum + p.cpuSeconds() - cpuBefore[i]! : sum),
            0,
          );
        const back = waits.length;
        const perGreeting = (cpuSeconds: number) => ((cpuSeconds * 1000) / back).toFixed(2);
        const chatCpu = used('chat');
        waits.sort((a, b) => a - b);
        stormRows[`${size} sockets, storm ${round}`] = {
          'back (failed)': `${back} (${results.length - back})`,
          'storm s': seconds.toFixed(1),
          'wait p50/p99 ms': `${percentile(waits, 50).toFixed(0)} / ${percentile(waits, 99).toFixed(0)}`,
          'greetings/s': Math.round(back / seconds),
          'chat CPU ms each': perGreeting(chatCpu),
          'edge CPU ms each': VIA === 'edge' ? perGreeting(used('edge')) : '-',
          'postgres CPU ms each': perGreeting(store.postgres),
          'nats CPU ms each': perGreeting(store.nats),
          'greetings per chat CPU s': Math.round(back / chatCpu),
          'load avg (1 min)': loadavg()[0]!.toFixed(1),
        };
      }

      /** A socket of `peer` again: resolves with the ms from opening it to its catch-up answered. */
      function rejoin(peer: Peer, chatId: string, url: string): Promise<number> {
        return new Promise((resolve, reject) => {
          const opened = performance.now();
          const ws = new WebSocket(url, { headers: { authorization: `Bearer ${peer.token}` } });
          peer.ws = ws;
          const timer = setTimeout(() => reject(new Error('not back')), 60_000);
          const join = () => ws.send(JSON.stringify({ type: 'joinRoom', chatId, after: peer.lastSeq }));
          ws.on('message', (data: Buffer) => {
            const frame = JSON.parse(data.toString()) as {
              type: string;
              messages?: { seq: number }[];
              hasMore?: boolean;
            };
            if (frame.type === 'welcome') join();
            if (frame.type !== 'joined') return;
            for (const message of frame.messages ?? []) peer.lastSeq = Math.max(peer.lastSeq, message.seq);
            if (frame.hasMore) return join();
            clearTimeout(timer);
            resolve(performance.now() - opened);
          });
          ws.on('error', (err) => {
            clearTimeout(timer);
            reject(err);
          });
        });
      }
    }

    /** Members and conversations straight into chat's schema (the bench measures chat, not unlocks). */
    async function seed(count: number): Promise<Pair[]> {
      const pairs: Pair[] = [];
      for (let i = 0; i < count; i++) {
        const posterId = randomUUID();
        const companyId = randomUUID();
        // Tokens outlive the runs (the default access token lives 15 minutes).
        const token = (sub: string, type: 'user' | 'company', name: string) =>
          signer.jwt.sign({ sub, type, name }, { expiresIn: '2h' });
        pairs.push({
          chatId: randomUUID(),
          sent: 0,
          poster: { id: posterId, token: token(posterId, 'user', `Poster ${i}`), lastSeq: 0 },
          company: { id: companyId, token: token(companyId, 'company', `Company ${i}`), lastSeq: 0 },
        });
      }
      for (let i = 0; i < pairs.length; i += 1000) {
        const batch = pairs.slice(i, i + 1000);
        await db.query(
          `insert into chat.members (id, name, type)
           select unnest($1::uuid[]), unnest($2::text[]), unnest($3::text[])`,
          [
            batch.flatMap((p) => [p.poster.id, p.company.id]),
            batch.flatMap((_, j) => [`Poster ${i + j}`, `Company ${i + j}`]),
            batch.flatMap(() => ['user', 'company']),
          ],
        );
        await db.query(
          `insert into chat.chats (id, job_id, poster_id, applicant_id, payment_id)
           select unnest($1::uuid[]), gen_random_uuid(), unnest($2::uuid[]), unnest($3::uuid[]), 'bench'`,
          [batch.map((p) => p.chatId), batch.map((p) => p.poster.id), batch.map((p) => p.company.id)],
        );
      }
      return pairs;
    }
  } finally {
    for (const proc of procs.reverse()) await proc.stop();
    nats?.process.kill('SIGKILL');
    await signer.close();
    await db.end();
    await scratch.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
