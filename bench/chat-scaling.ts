/**
 * Chat scaled and broken while people talk (issue 24), on the Swarm stack through its nginx ingress.
 * Pairs of members (a poster and a company in one conversation each) hold a socket apiece and write at a
 * steady total rate while the script scales chat 2 -> 4 -> 1 -> 3, SIGTERMs one replica, SIGKILLs
 * another, kills one NATS node of three (Swarm brings it back) and restarts PostgreSQL. The clients
 * behave as the chat screen does (services/chat/src/testing-client.ts: messages kept by seq, unacknowledged
 * ones sent again under the same client id, the browser's reconnect policy).
 *
 * At the end every message acknowledged to its sender must be held by the other member exactly once and
 * be in the stored history in order (no gap in the sequence numbers), and every client must be connected
 * again; the script exits 1 otherwise. Times (delivery, reconnects) are printed, never judged.
 *
 * `npm run test:stack` runs it with 2,000 sockets after the stack journeys; as a benchmark, on a stack
 * deployed by infra/swarm/deploy.ts (`up`, the runbook in infra/README.md):
 *
 *   CHAT_SCALING_SOCKETS=10000 npx tsx bench/chat-scaling.ts
 *
 * Past about 9,000 sockets on 127.0.0.1:18080 Docker's userland proxy (which carries loopback traffic to
 * a published port, two descriptors a socket) dies at its open-file limit, 20,000 on this machine, where
 * root cannot raise it: give STACK_URL the ingress container's address on docker_gwbridge instead
 * (`docker inspect <ingress container>`, e.g. http://172.18.0.27:8080), which no proxy sits in front of.
 *
 * CHAT_SCALING_SOCKETS  sockets, two per conversation (default 2000)
 * CHAT_SCALING_RATE     messages per second over all conversations (default one per socket every 10 s)
 * CHAT_SCALING_SETTLE   seconds of steady load after each event (default 12)
 * CHAT_SCALING_FINISH   seconds the clients may take after the load to finish and come back (default 180)
 * STACK_URL, STACK_DIR  the stack (default http://127.0.0.1:18080 and the deploy script's directory)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { authPlugin, METRIC_NAMES } from '@marketplace/service-kit';
import { STACK_NAME, stackPaths } from '@marketplace/infra/swarm';
import Fastify from 'fastify';
import { ResilientChatClient, type Reconnect } from '@marketplace/chat-service/testing-client';

const SOCKETS = Number(process.env.CHAT_SCALING_SOCKETS ?? 2000);
const RATE = Number(process.env.CHAT_SCALING_RATE ?? SOCKETS / 10);
const SETTLE_MS = Number(process.env.CHAT_SCALING_SETTLE ?? 12) * 1000;
const SITE = process.env.STACK_URL ?? 'http://127.0.0.1:18080';
const WS_URL = `${SITE.replace(/^http/, 'ws')}/ws`;
/** Conversations whose members connect only once chat runs on four replicas (they show the spread). */
const NEWCOMER_SHARE = 0.2;
/** Sockets opened at once while connecting. */
const CONNECT_BATCH = 100;
/** How long one batch waits for its sockets before the next batch starts. */
const CONNECT_WAIT_MS = 60_000;
/** After the load stops, how long the clients may take to finish (acks, catch-ups) before judging. */
const FINISH_MS = Number(process.env.CHAT_SCALING_FINISH ?? 180) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How late this process's event loop runs: the clients' own share of every time measured. */
const clientLag = monitorEventLoopDelay({ resolution: 20 });
clientLag.enable();
const now = () => performance.now();

interface Pair {
  chatId: string;
  poster: ResilientChatClient;
  company: ResilientChatClient;
  turn: number;
}

interface Phase {
  name: string;
  startedAt: number;
  endedAt?: number;
  replicas: number;
  /** Chat's CPU seconds (all replicas) and messages stored at the start and end of the phase. */
  cpuStart: Map<string, number>;
  cpuEnd?: Map<string, number>;
  /** Every part's CPU seconds (by container) at the start and end of the phase. */
  partsCpuStart: Map<string, Map<string, number>>;
  partsCpuEnd?: Map<string, Map<string, number>>;
  /** This process (the load's clients): CPU seconds used and its event loop's delay p99, in the phase. */
  clientCpuSeconds?: number;
  clientLagP99Ms?: number;
}

// ---------- the stack, through docker ----------

function docker(...args: string[]): string {
  return execFileSync('docker', args, { encoding: 'utf8', timeout: 120_000 }).trim();
}

/** Running containers of one stack service (only those whose health check passed, with `healthy`). */
function containersOf(service: string, healthy = false): string[] {
  const filters = ['--filter', `name=${STACK_NAME}_${service}.`, '--filter', 'status=running'];
  if (healthy) filters.push('--filter', 'health=healthy');
  return docker('ps', '-q', ...filters)
    .split('\n')
    .filter(Boolean);
}

/** The chat container most clients are on (its name is the replica's instance name, see stack.ts). */
function busiestChat(clients: ResilientChatClient[]): string {
  const byName = new Map(
    docker('ps', '--filter', `name=${STACK_NAME}_chat.`, '--format', '{{.Names}} {{.ID}}')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ') as [string, string]),
  );
  const counts = new Map<string, number>();
  for (const client of clients) {
    const instance = client.instances.at(-1);
    if (instance && byName.has(instance)) counts.set(instance, (counts.get(instance) ?? 0) + 1);
  }
  const [name] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!name) throw new Error('no client is on a running chat replica');
  return byName.get(name)!;
}

function psql(sql: string): string {
  const [postgres] = containersOf('postgres');
  if (!postgres) throw new Error('PostgreSQL is not running');
  const result = spawnSync(
    'docker',
    [
      'exec',
      '-i',
      postgres,
      'psql',
      '-U',
      'postgres',
      '-d',
      'marketplace',
      '-v',
      'ON_ERROR_STOP=1',
      '-qAt',
      '-F',
      ',',
    ],
    {
      input: sql,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
  return result.stdout;
}

async function until(what: string, check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

/** Scales chat and waits until exactly that many replicas run. */
async function scaleChat(replicas: number): Promise<void> {
  docker('service', 'scale', '-d', `${STACK_NAME}_chat=${replicas}`);
  // Swarm puts a replica in DNS once its health check (/health, answered once it has started) passes.
  await until(
    `${replicas} chat replicas`,
    () => containersOf('chat').length === replicas && containersOf('chat', true).length === replicas,
  );
  // The ingress resolves the replicas every 2 s and reloads (infra/nginx/ingress-upstreams.sh).
  await sleep(4000);
}

/** CPU seconds each running chat container used so far (cgroup v2 cpu.stat, or v1 cpuacct). */
function chatCpuSeconds(): Map<string, number> {
  // From the host's control groups when it shows them: no process started inside the stack per reading.
  const fromHost = stackCpuByPart().get('chat');
  if (fromHost) return fromHost;
  const seconds = new Map<string, number>();
  for (const id of containersOf('chat')) {
    const out = spawnSync(
      'docker',
      [
        'exec',
        id,
        'sh',
        '-c',
        'cat /sys/fs/cgroup/cpu.stat 2>/dev/null || cat /sys/fs/cgroup/cpuacct/cpuacct.usage',
      ],
      { encoding: 'utf8' },
    ).stdout;
    const usec = /usage_usec (\d+)/.exec(out)?.[1];
    seconds.set(id, usec ? Number(usec) / 1e6 : Number(out.trim() || 0) / 1e9);
  }
  return seconds;
}

/** Where the stack's control groups are on this host (cgroup v1 or v2, cgroupfs or systemd driver). */
const CGROUP_USAGE = [
  (id: string) => `/sys/fs/cgroup/cpuacct/docker/${id}/cpuacct.usage`,
  (id: string) => `/sys/fs/cgroup/docker/${id}/cpu.stat`,
  (id: string) => `/sys/fs/cgroup/system.slice/docker-${id}.scope/cpu.stat`,
];

/**
 * CPU seconds used so far by every running container of the stack, summed by part (chat, accounts,
 * postgres, nats, ...), read from the host's control groups (no process started per reading). Empty
 * where the host does not show them.
 */
function stackCpuByPart(): Map<string, Map<string, number>> {
  const byPart = new Map<string, Map<string, number>>();
  const lines = docker(
    'ps',
    '--no-trunc',
    '--filter',
    `label=com.docker.stack.namespace=${STACK_NAME}`,
    '--format',
    '{{.ID}} {{.Label "com.docker.swarm.service.name"}}',
  ).split('\n');
  for (const line of lines) {
    const [id, service] = line.split(' ');
    if (!id || !service) continue;
    const part = service
      .replace(`${STACK_NAME}_`, '')
      .replace(/^nats-\d+$/, 'nats')
      .replace(/^web-.*$/, 'web');
    for (const pathOf of CGROUP_USAGE) {
      let text: string;
      try {
        text = readFileSync(pathOf(id), 'utf8');
      } catch {
        continue;
      }
      const usec = /usage_usec (\d+)/.exec(text)?.[1];
      const seconds = usec ? Number(usec) / 1e6 : Number(text.trim()) / 1e9;
      const containers = byPart.get(part) ?? new Map<string, number>();
      containers.set(id, seconds);
      byPart.set(part, containers);
      break;
    }
  }
  return byPart;
}

/** CPU seconds chat used between two readings (a replica gone by the second counts until the first). */
function cpuBetween(start: Map<string, number>, end: Map<string, number>): number {
  let total = 0;
  for (const [id, seconds] of end) total += seconds - (start.get(id) ?? 0);
  return total;
}

/**
 * The replicas' own greeting time in each phase: the p99 of `chat_socket_greeting_seconds{step="total"}`
 * over the phase, and how many sockets were greeted, asked of the stack's Prometheus once at the end
 * (through a chat container, the one place on its network with a fetch; nothing is started per phase,
 * which would take CPU from the stack while it is measured). Prometheus scrapes every 10 s, so a
 * phase's figures are approximate; a replica killed before its last scrape is missing from them.
 */
function replicaGreetings(phases: Phase[], endedAt: number): Map<Phase, { p99Ms: number; count: number }> {
  const found = new Map<Phase, { p99Ms: number; count: number }>();
  const [chat] = containersOf('chat');
  if (!chat) return found;
  const metric = `${METRIC_NAMES.chatSocketGreeting}_bucket{step="total"}`;
  const queries = phases.map((p) => {
    const end = (performance.timeOrigin + (p.endedAt ?? endedAt)) / 1000;
    const range = `${Math.max(1, Math.round(((p.endedAt ?? endedAt) - p.startedAt) / 1000))}s`;
    return [
      `histogram_quantile(0.99, sum by (le) (increase(${metric}[${range}])))`,
      `sum(increase(${metric.replace('_bucket{', '_count{')}[${range}]))`,
    ].map(
      (query) =>
        `http://prometheus:9090/api/v1/query?query=${encodeURIComponent(query)}&time=${end.toFixed(3)}`,
    );
  });
  const script = `Promise.all(${JSON.stringify(queries.flat())}.map((u) => fetch(u).then((r) => r.json()).then((j) => j.data?.result?.[0]?.value?.[1] ?? 'NaN').catch(() => 'NaN'))).then((v) => process.stdout.write(JSON.stringify(v)))`;
  const out = spawnSync('docker', ['exec', chat, 'node', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  }).stdout;
  let values: string[] = [];
  try {
    values = JSON.parse(out) as string[];
  } catch {
    return found;
  }
  phases.forEach((p, i) => {
    found.set(p, { p99Ms: Number(values[2 * i]) * 1000, count: Math.round(Number(values[2 * i + 1])) });
  });
  return found;
}

/** Resident memory of each running chat container, MiB. */
function chatMemoryMiB(): number[] {
  const ids = containersOf('chat');
  if (ids.length === 0) return [];
  return docker('stats', '--no-stream', '--format', '{{.MemUsage}}', ...ids)
    .split('\n')
    .map((line) => {
      const [value, unit] = /([\d.]+)\s*([KMG]i?B)/.exec(line)?.slice(1) ?? ['0', 'MiB'];
      const factor = unit!.startsWith('G') ? 1024 : unit!.startsWith('K') ? 1 / 1024 : 1;
      return Number(value) * factor;
    });
}

// ---------- members and conversations ----------

/** Members and conversations straight into chat's schema (this measures chat, not sign-up and unlocks). */
function seedConversations(count: number): Array<{ chatId: string; posterId: string; companyId: string }> {
  const rows = Array.from({ length: count }, () => ({
    chatId: randomUUID(),
    posterId: randomUUID(),
    companyId: randomUUID(),
  }));
  const members = rows
    .flatMap((r, i) => [
      `('${r.posterId}','Load Poster ${i}','user')`,
      `('${r.companyId}','Load Company ${i}','company')`,
    ])
    .join(',\n');
  const chats = rows
    .map((r) => `('${r.chatId}', gen_random_uuid(), '${r.posterId}', '${r.companyId}', 'chat-scaling')`)
    .join(',\n');
  psql(
    `insert into chat.members (id, name, type) values ${members};\n` +
      `insert into chat.chats (id, job_id, poster_id, applicant_id, payment_id) values ${chats};\n`,
  );
  return rows;
}

async function tokenSigner(): Promise<{
  sign(sub: string, type: 'user' | 'company', name: string): string;
  close(): Promise<void>;
}> {
  const paths = stackPaths();
  const signer = Fastify({ logger: false });
  await signer.register(authPlugin, {
    publicKey: readFileSync(join(paths.secrets, 'jwt-public-key'), 'utf8'),
    privateKey: readFileSync(join(paths.secrets, 'jwt-private-key'), 'utf8'),
  });
  await signer.ready();
  return {
    // The run outlives the 15-minute access token of a browser session.
    sign: (sub, type, name) => signer.jwt.sign({ sub, type, name }, { expiresIn: '2h' }),
    close: () => signer.close(),
  };
}

/**
 * Opens the sockets a batch at a time. A client not in by CONNECT_WAIT_MS goes on trying by itself (as a
 * browser would) and is judged at the end with everyone else: a slow start is not a failure of the run.
 */
async function connectAll(clients: ResilientChatClient[]): Promise<void> {
  let late = 0;
  for (let i = 0; i < clients.length; i += CONNECT_BATCH) {
    await Promise.all(
      clients.slice(i, i + CONNECT_BATCH).map((client) =>
        client.start(CONNECT_WAIT_MS).catch(() => {
          late++;
        }),
      ),
    );
  }
  if (late > 0)
    console.log(
      `${late} of ${clients.length} sockets not in after ${CONNECT_WAIT_MS / 1000} s; they keep trying`,
    );
}

// ---------- figures ----------

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : '-');

async function main(): Promise<number> {
  if (SOCKETS < 4 || SOCKETS % 2 !== 0) throw new Error('CHAT_SCALING_SOCKETS must be an even number ≥ 4');
  const started = Date.now();
  console.log(
    `\nChat scaling on the stack: ${SOCKETS} sockets (${SOCKETS / 2} conversations), ${RATE} messages/s, ` +
      `through ${WS_URL}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  await scaleChat(2);
  const idleMemory = chatMemoryMiB();
  const signer = await tokenSigner();
  const seeded = seedConversations(SOCKETS / 2);
  const pairs: Pair[] = seeded.map((row, i) => {
    const client = (name: string, id: string, type: 'user' | 'company') =>
      new ResilientChatClient(name, {
        url: () => WS_URL,
        headers: { authorization: `Bearer ${signer.sign(id, type, name)}` },
        chatId: row.chatId,
        now,
      });
    return {
      chatId: row.chatId,
      poster: client(`p${i}`, row.posterId, 'user'),
      company: client(`c${i}`, row.companyId, 'company'),
      turn: 0,
    };
  });
  const newcomers = pairs.slice(Math.floor(pairs.length * (1 - NEWCOMER_SHARE)));
  const first = pairs.slice(0, pairs.length - newcomers.length);
  const everyone = pairs.flatMap((pair) => [pair.poster, pair.company]);

  let connectStarted = now();
  await connectAll(first.flatMap((pair) => [pair.poster, pair.company]));
  console.log(`${first.length * 2} sockets connected in ${((now() - connectStarted) / 1000).toFixed(1)} s`);
  await sleep(3000);
  const loadedMemory = chatMemoryMiB();

  // The load: RATE messages a second over the connected conversations, poster and company in turn.
  const active = new Set(first);
  let writing = true;
  let sent = 0;
  const writer = (async () => {
    const loadStarted = now();
    let turn = 0;
    while (writing) {
      const due = Math.floor(((now() - loadStarted) / 1000) * RATE);
      const list = [...active];
      while (sent < due && list.length > 0) {
        const pair = list[turn++ % list.length]!;
        const from = pair.turn++ % 2 === 0 ? pair.company : pair.poster;
        from.send(`load ${from.name} ${pair.turn}`);
        sent++;
      }
      await sleep(10);
    }
  })();

  const phases: Phase[] = [];
  let replicas = 2;
  const phase = async (name: string, event: () => Promise<void> | void) => {
    const current: Phase = {
      name,
      startedAt: now(),
      replicas,
      cpuStart: chatCpuSeconds(),
      partsCpuStart: stackCpuByPart(),
    };
    const clientCpu = process.cpuUsage();
    clientLag.reset();
    phases.push(current);
    console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${name}`);
    await event();
    await sleep(SETTLE_MS);
    current.endedAt = now();
    current.cpuEnd = chatCpuSeconds();
    current.partsCpuEnd = stackCpuByPart();
    const used = process.cpuUsage(clientCpu);
    current.clientCpuSeconds = (used.user + used.system) / 1e6;
    current.clientLagP99Ms = clientLag.percentile(99) / 1e6;
    current.replicas = replicas;
  };

  await phase('steady, 2 replicas', () => undefined);
  let newcomerInstances: string[] = [];
  let replicasAtFour: string[] = [];
  await phase('scaled to 4 replicas; newcomers connect', async () => {
    replicas = 4;
    await scaleChat(4);
    connectStarted = now();
    await connectAll(newcomers.flatMap((pair) => [pair.poster, pair.company]));
    for (const pair of newcomers) active.add(pair);
    // A client still trying to get in has no instance yet.
    newcomerInstances = newcomers
      .flatMap((pair) => [pair.poster.instances[0], pair.company.instances[0]])
      .filter((instance) => instance !== undefined);
    replicasAtFour = [
      ...new Set(
        everyone.map((client) => client.instances.at(-1)).filter((instance) => instance !== undefined),
      ),
    ];
  });
  await phase('scaled to 1 replica (3 drained)', async () => {
    replicas = 1;
    await scaleChat(1);
  });
  await phase('scaled to 3 replicas', async () => {
    replicas = 3;
    await scaleChat(3);
  });
  /** Sends the busiest replica a signal and waits until Swarm has replaced it. */
  const signalBusiest = async (signal: 'TERM' | 'KILL') => {
    const victim = busiestChat(everyone);
    docker('kill', '--signal', signal, victim);
    await until('the replica to be replaced', () => {
      const running = containersOf('chat');
      return running.length === 3 && !running.includes(victim);
    });
  };
  await phase('SIGTERM to the busiest replica', () => signalBusiest('TERM'));
  await phase('SIGKILL to the busiest replica', () => signalBusiest('KILL'));
  await phase('one NATS node of three killed, brought back by Swarm', async () => {
    const [victim] = containersOf('nats-2');
    docker('kill', '--signal', 'KILL', victim!);
    await until('nats-2 to run again', () => {
      const running = containersOf('nats-2');
      return running.length === 1 && running[0] !== victim;
    });
  });
  await phase('PostgreSQL restarted', async () => {
    // As an operator restarts it: the image's stop signal (SIGINT, PostgreSQL's fast shutdown).
    const [victim] = containersOf('postgres');
    docker('stop', victim!);
    await until('PostgreSQL to run again', () => {
      const running = containersOf('postgres');
      return (
        running.length === 1 &&
        running[0] !== victim &&
        spawnSync('docker', ['exec', running[0]!, 'pg_isready', '-U', 'postgres'], { stdio: 'ignore' })
          .status === 0
      );
    });
  });

  writing = false;
  await writer;
  const loadEnded = now();
  // Everyone finishes: own messages acknowledged, the other member's messages held, connected.
  const finished = () =>
    pairs.every(
      (pair) =>
        pair.poster.ready &&
        pair.company.ready &&
        pair.poster.pending.size === 0 &&
        pair.company.pending.size === 0 &&
        pair.poster.contiguous() === pair.company.contiguous() &&
        pair.poster.messages.size === pair.poster.contiguous(),
    );
  const finishDeadline = Date.now() + FINISH_MS;
  while (!finished() && Date.now() < finishDeadline) await sleep(500);
  const finishSeconds = (now() - loadEnded) / 1000;

  // ---------- judging ----------
  const stored = new Map<string, Array<{ seq: number; clientId: string }>>();
  for (const line of psql(
    `select chat_id, seq, coalesce(client_id, '') from chat.messages where chat_id in (select id from chat.chats where payment_id = 'chat-scaling') order by chat_id, seq;`,
  ).split('\n')) {
    if (!line) continue;
    const [chatId, seq, clientId] = line.split(',');
    const list = stored.get(chatId!) ?? [];
    list.push({ seq: Number(seq), clientId: clientId! });
    stored.set(chatId!, list);
  }
  let acknowledged = 0;
  let lost = 0;
  let duplicated = 0;
  let gaps = 0;
  let notConnected = 0;
  let unacknowledged = 0;
  const problems: string[] = [];
  const delivery: Array<{ sentAt: number; ms: number }> = [];
  for (const pair of pairs) {
    const history = stored.get(pair.chatId) ?? [];
    history.forEach((row, i) => {
      if (row.seq !== i + 1) gaps++;
    });
    const storedIds = history.map((row) => row.clientId);
    duplicated += storedIds.length - new Set(storedIds).size;
    for (const [from, to] of [
      [pair.poster, pair.company],
      [pair.company, pair.poster],
    ] as const) {
      if (!from.ready) notConnected++;
      unacknowledged += from.pending.size;
      // What the member holds: one entry per seq, each client id once, the same as stored.
      const held = [...to.messages.values()];
      const heldIds = held.map((message) => message.clientId);
      duplicated += heldIds.length - new Set(heldIds).size;
      const bySeqId = new Map(held.map((message) => [message.clientId, message.seq]));
      for (const [clientId, ackedAt] of from.ackedAt) {
        acknowledged++;
        const seq = bySeqId.get(clientId);
        if (seq === undefined) {
          lost++;
          if (problems.length < 10)
            problems.push(`${clientId} acknowledged at ${Math.round(ackedAt)} never reached ${to.name}`);
          continue;
        }
        if (history[seq - 1]?.clientId !== clientId) {
          gaps++;
          if (problems.length < 10) problems.push(`${clientId} is held at seq ${seq}, stored differently`);
        }
        delivery.push({
          sentAt: from.sentAt.get(clientId)!,
          ms: to.heldAt.get(seq)! - from.sentAt.get(clientId)!,
        });
      }
    }
    if (pair.poster.messages.size !== history.length || pair.company.messages.size !== history.length) {
      if (problems.length < 10)
        problems.push(
          `${pair.chatId}: stored ${history.length}, held ${pair.poster.messages.size} / ${pair.company.messages.size}`,
        );
    }
  }

  // ---------- figures ----------
  const reconnects = everyone.flatMap((client) => client.reconnects);
  const neverBack = reconnects.filter((r) => r.welcomedAt === undefined).length;
  const timesOf = (list: Reconnect[]) =>
    list.filter((r) => r.welcomedAt !== undefined).map((r) => r.welcomedAt! - r.closedAt);
  const drained = timesOf(reconnects.filter((r) => r.code === 1012));
  const dropped = timesOf(reconnects.filter((r) => r.code !== 1012));
  const codes = new Map<number, number>();
  for (const r of reconnects) codes.set(r.code, (codes.get(r.code) ?? 0) + 1);

  const greetings = replicaGreetings(phases, loadEnded);
  const rows: Record<string, Record<string, string | number>> = {};
  for (const p of phases) {
    const inPhase = delivery.filter((d) => d.sentAt >= p.startedAt && d.sentAt < (p.endedAt ?? loadEnded));
    const seconds = ((p.endedAt ?? loadEnded) - p.startedAt) / 1000;
    const cpu = cpuBetween(p.cpuStart, p.cpuEnd ?? p.cpuStart);
    const away = reconnects.filter((r) => r.closedAt >= p.startedAt && r.closedAt < (p.endedAt ?? loadEnded));
    const awayMs = timesOf(away);
    const awayParts = away.filter(
      (r) => r.welcomedAt !== undefined && r.openedAt !== undefined && r.upgradedAt !== undefined,
    );
    rows[p.name] = {
      replicas: p.replicas,
      s: seconds.toFixed(0),
      delivered: inPhase.length,
      'msg/s': Math.round(inPhase.length / seconds),
      'p50 ms': ms(
        percentile(
          inPhase.map((d) => d.ms),
          50,
        ),
      ),
      'p99 ms': ms(
        percentile(
          inPhase.map((d) => d.ms),
          99,
        ),
      ),
      'max ms': ms(Math.max(...inPhase.map((d) => d.ms))),
      reconnects: away.length,
      'reconnect p50/p99 ms': away.length
        ? `${ms(percentile(awayMs, 50))} / ${ms(percentile(awayMs, 99))}`
        : '-',
      'failed attempts': away.reduce((n, r) => n + r.failedAttempts, 0),
      // Where a reconnect's time goes, p99 of each part: the client's own wait (and failed attempts),
      // the upgrade (TCP, the ingress and the token check, to the 101) and the welcome (the replica's
      // subscription and unread count, to the welcome frame)...
      'wait / upgrade / welcome p99 ms': away.length
        ? [
            awayParts.map((r) => r.openedAt! - r.closedAt),
            awayParts.map((r) => r.upgradedAt! - r.openedAt!),
            awayParts.map((r) => r.welcomedAt! - r.upgradedAt!),
          ]
            .map((list) => ms(percentile(list, 99)))
            .join(' / ')
        : '-',
      // ...and the replicas' own greeting of every socket in the phase, by their histogram (the bucket
      // bound under which 99% fell): what the path adds is the rest.
      'replicas greet p99 ms': (() => {
        const greeted = greetings.get(p);
        return greeted && greeted.count > 0 ? `${ms(greeted.p99Ms)} (n=${greeted.count})` : '-';
      })(),
      'chat CPU s': cpu.toFixed(1),
      // The clients share the cores: their CPU, and how late their event loop ran (every time above
      // includes it), say how much of a figure is the load generator's.
      'clients CPU s': p.clientCpuSeconds?.toFixed(1) ?? '-',
      'clients lag p99 ms': p.clientLagP99Ms !== undefined ? ms(p.clientLagP99Ms) : '-',
      'msg per chat CPU s': cpu > 0 ? Math.round(inPhase.length / cpu) : '-',
    };
  }
  console.table(rows);
  // Where the cores went in each phase (percent of the machine's cores, by part of the stack, and the
  // load's clients): what competes with greeting and storing.
  const cores = availableParallelism();
  const cpuRows: Record<string, Record<string, string>> = {};
  for (const p of phases) {
    const seconds = ((p.endedAt ?? loadEnded) - p.startedAt) / 1000;
    const row: Record<string, string> = {};
    const end = p.partsCpuEnd ?? new Map<string, Map<string, number>>();
    for (const part of [...end.keys()].sort()) {
      const used = cpuBetween(p.partsCpuStart.get(part) ?? new Map(), end.get(part)!);
      row[part] = `${Math.round((100 * used) / seconds / cores)}%`;
    }
    if (p.clientCpuSeconds !== undefined)
      row.clients = `${Math.round((100 * p.clientCpuSeconds) / seconds / cores)}%`;
    cpuRows[p.name] = row;
  }
  console.log(`CPU by part, percent of ${cores} cores:`);
  console.table(cpuRows);
  const perThousand =
    idleMemory.length === 2 && loadedMemory.length === 2
      ? (loadedMemory[0]! + loadedMemory[1]! - idleMemory[0]! - idleMemory[1]!) / ((first.length * 2) / 1000)
      : NaN;
  const spread = new Map<string, number>();
  for (const instance of newcomerInstances) spread.set(instance, (spread.get(instance) ?? 0) + 1);
  console.log(
    [
      `messages: ${sent} written, ${acknowledged} acknowledged, ${lost} lost, ${duplicated} duplicated, ${gaps} out of order or missing in history, ${unacknowledged} never acknowledged`,
      `clients: ${everyone.length - notConnected} of ${everyone.length} connected at the end (finished ${finishSeconds.toFixed(1)} s after the load), ${reconnects.length} reconnects (close codes: ${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')}), ${neverBack} never back`,
      `reconnect after a drain (1012): p50 ${ms(percentile(drained, 50))} ms, p99 ${ms(percentile(drained, 99))} ms (n=${drained.length}); after a drop: p50 ${ms(percentile(dropped, 50))} ms, p99 ${ms(percentile(dropped, 99))} ms (n=${dropped.length})`,
      `newcomers after the scale to 4: ${[...spread].map(([k, v]) => `${k} ${v}`).join(', ')} (replicas seen: ${replicasAtFour.length})`,
      `chat memory: idle ${idleMemory.map((m) => m.toFixed(0)).join(' + ')} MiB, with ${first.length * 2} sockets ${loadedMemory.map((m) => m.toFixed(0)).join(' + ')} MiB: ${perThousand.toFixed(1)} MiB per 1,000 sockets`,
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; the run took ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
  if (problems.length) console.log(`first problems:\n  ${problems.join('\n  ')}`);

  for (const client of everyone) client.stop();
  await signer.close();
  // The load's conversations locked first: a message a replica is still storing waits, then finds its
  // conversation gone, instead of landing between the two deletes.
  psql(
    `begin;\n` +
      `with locked as (select id from chat.chats where payment_id = 'chat-scaling' for update) select count(*) from locked;\n` +
      `delete from chat.messages where chat_id in (select id from chat.chats where payment_id = 'chat-scaling');\n` +
      `delete from chat.chats where payment_id = 'chat-scaling';\n` +
      `delete from chat.members where name like 'Load Poster %' or name like 'Load Company %';\n` +
      `commit;\n`,
  );
  await scaleChat(2);
  const failed =
    lost > 0 || duplicated > 0 || gaps > 0 || notConnected > 0 || unacknowledged > 0 || neverBack > 0;
  console.log(
    failed
      ? 'chat scaling: FAILED (a message was lost or duplicated, or a client stayed away)'
      : 'chat scaling: every message once, in order; every client back',
  );
  return failed ? 1 : 0;
}

process.exit(await main());
