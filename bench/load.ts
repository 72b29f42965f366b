/**
 * `npm run bench:load`: the marketplace under a crowd, in the distributed topology (each service its own
 * process on PostgreSQL and NATS, two chat instances, the edge in front: infra/local/distributed.ts).
 * Simulated people, each with its own cookies, at human pace (a pause of 1-4 s between two steps):
 *
 * - visitors (60 %) open pages (home, a category, job search, a company's profile) and read what those
 *   pages ask the API for: job listings, searches, companies by trade, a profile and its reviews;
 * - customers (20 %) register, sign in, post jobs, read their posted jobs and their inbox, and answer
 *   every chat message over their live socket;
 * - companies (20 %) register, sign in, browse and search jobs, unlock one now and then on the sandbox
 *   checkout (initialize, pay, verify, as the browser does), and write in their conversations.
 *
 * Prints p50/p99 per route, every error (a 5xx, a refused connection, a 4xx nobody asked for), the
 * refusals the rules give (a job's cap reached), messages sent and received, and the memory of every
 * process at the start, every minute and at the end. Nothing here asserts timings; the run fails (exit 1)
 * on any error or lost message.
 *
 * BENCH_LOAD_USERS    simulated people (default 500)
 * BENCH_LOAD_SECONDS  length of the steady load after everyone arrived (default 600)
 * BENCH_LOAD_RAMP     seconds over which people arrive (default 60)
 * DATABASE_URL        PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the bench
 *                     creates and drops a database of its own
 * NATS_SERVER_BIN     nats-server binary (default /usr/sbin/nats-server); the bench runs a private one
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  API_PATHS,
  CHAT_API,
  COMPANY_API,
  JOB_API,
  PAYMENT_API,
  SESSION_COOKIES,
  WEBSOCKET_PATH,
} from '@marketplace/contracts';
import { startDistributed } from '@marketplace/infra';
import { freePort } from '@marketplace/service-kit/testing';
import { ensureWebBuild } from '@marketplace/tools';
import WebSocket from 'ws';
import { createScratchDatabase, startPrivateNats } from './support/scratch';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 500);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 600);
const RAMP_SECONDS = Number(process.env.BENCH_LOAD_RAMP ?? 60);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TRADES = [
  ['Craftsman', 'Plumber'],
  ['Craftsman', 'Electrician'],
  ['Craftsman', 'Carpenter'],
] as const;
const STATES = ['Lagos', 'Federal Capital Territory (FCT)', 'Rivers', 'Oyo'];
/** Names as people type them (letters and spaces only: the sign-up form's rule). */
const FIRST = ['Ngozi', 'Tunde', 'Aisha', 'Emeka', 'Funke', 'Chidi', 'Bola', 'Yusuf', 'Kemi', 'Ifeanyi'];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Balogun', 'Okonkwo', 'Ibrahim', 'Nwosu'];
const TRADE_NAMES = ['Pipe Masters', 'Bright Sparks', 'Woodworks', 'Home Fixers', 'Allen Builders'];
const personName = () => `${pick(FIRST)} ${pick(LAST)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const think = () => sleep(1000 + Math.random() * 3000);

// ---------------------------------------------------------------------------------------------------
// What is measured

interface RouteFigures {
  times: number[];
  errors: number;
  refused: number;
}

const routes = new Map<string, RouteFigures>();
const errors: string[] = [];
let stopping = false;

function record(route: string, ms: number, outcome: 'ok' | 'refused' | 'error', detail = ''): void {
  const figures = routes.get(route) ?? { times: [], errors: 0, refused: 0 };
  routes.set(route, figures);
  figures.times.push(ms);
  if (outcome === 'refused') figures.refused += 1;
  if (outcome === 'error') {
    figures.errors += 1;
    if (errors.length < 30) errors.push(`${route}: ${detail}`);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const chat = { sent: 0, acknowledged: 0, delivered: 0, pending: new Map<string, number>() };

// ---------------------------------------------------------------------------------------------------
// One person: cookies, CSRF, a refresh when the access token ran out, as the browser does

interface Call {
  /** The route's name in the figures (a template, not the concrete path). */
  route: string;
  method?: 'GET' | 'POST' | 'PUT';
  json?: unknown;
  form?: Record<string, string>;
  /** Statuses that are the rules speaking (e.g. 409 for a full job), not errors. */
  refusals?: number[];
}

class Person {
  readonly cookies = new Map<string, string>();
  id = '';

  constructor(readonly site: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T = unknown>(path: string, call: Call, retried = false): Promise<{ status: number; body: T }> {
    const method = call.method ?? (call.json || call.form ? 'POST' : 'GET');
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get(SESSION_COOKIES.csrf) ?? '';
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    }
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(`${this.site}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      record(
        call.route,
        performance.now() - started,
        'error',
        err instanceof Error ? err.message : String(err),
      );
      return { status: 0, body: undefined as T };
    }
    const text = await response.text();
    const ms = performance.now() - started;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), value);
    }
    // The access token ran out: refresh the session and try once more, as the web client does.
    if (response.status === 401 && this.id && !retried && call.route !== 'POST /api/user/refresh') {
      await this.call(API_PATHS.refresh, { route: 'POST /api/user/refresh', json: {} });
      return this.call(path, call, true);
    }
    const ok = response.status < 400 || (response.status >= 300 && response.status < 400);
    const refused = call.refusals?.includes(response.status) ?? false;
    record(
      call.route,
      ms,
      ok ? 'ok' : refused ? 'refused' : 'error',
      `${response.status} ${text.slice(0, 160)}`,
    );
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed as T };
  }

  async register(kind: 'user' | 'company', name: string): Promise<void> {
    const email = `load-${randomUUID()}@example.com`;
    const password = 'load-pass-1';
    const company =
      kind === 'company'
        ? (() => {
            const [category, subcategory] = pick(TRADES);
            return {
              type: 'company',
              phoneNumber: '0803 123 4567',
              cacnumber: 'RC 123456',
              address: '12 Allen Avenue, Ikeja',
              state: pick(STATES),
              pincode: '100001',
              category: [category],
              subcategory: [subcategory],
            };
          })()
        : {};
    await this.call(API_PATHS.register, {
      route: 'POST /api/user',
      json: { email, name, password, ...company },
    });
    const login = await this.call<{ user?: { _id: string } }>(API_PATHS.login, {
      route: 'POST /api/user/login',
      json: { email, password },
    });
    this.id = login.body?.user?._id ?? '';
    if (!this.id) throw new Error(`could not sign in (${login.status})`);
  }

  /** The live socket of the chat, as the browser opens it (session cookie, the site's Origin). */
  openSocket(onFrame: (frame: { type: string } & Record<string, unknown>) => void): Promise<WebSocket> {
    const url = `${this.site.replace(/^http/, 'ws')}${WEBSOCKET_PATH}`;
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const ws = new WebSocket(url, { headers: { cookie: this.cookieHeader(), origin: this.site } });
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string } & Record<string, unknown>;
        if (frame.type === 'welcome') {
          record('WS /ws (to welcome)', performance.now() - started, 'ok');
          resolve(ws);
        }
        onFrame(frame);
      });
      ws.once('error', (err) => {
        record('WS /ws (to welcome)', performance.now() - started, 'error', err.message);
        reject(err);
      });
      ws.on('close', (code) => {
        if (!stopping && code !== 1000) record('WS /ws (closed)', 0, 'error', `closed with ${code}`);
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// The three kinds of people

const jobsPosted: string[] = [];
/** Every open socket: closed once the last messages had time to arrive. */
const sockets: WebSocket[] = [];
const companies: string[] = [];

async function visitor(site: string, until: number): Promise<void> {
  const me = new Person(site);
  while (Date.now() < until) {
    const [category, subcategory] = pick(TRADES);
    switch (Math.floor(Math.random() * 5)) {
      case 0:
        await me.call('/', { route: 'GET / (page)' });
        break;
      case 1:
        await me.call(`/category/${category}`, { route: 'GET /category/:type (page)' });
        await me.call(COMPANY_API.bySubcategory(subcategory, { page: 1, state: pick(['', ...STATES]) }), {
          route: 'GET /api/jobs/getcompaniesbysubCategory/:name',
        });
        break;
      case 2:
        await me.call('/jobs', { route: 'GET /jobs (page)' });
        await me.call(`${API_PATHS.allJobs}?page=${1 + Math.floor(Math.random() * 3)}`, {
          route: 'GET /api/jobs/viewalljobs',
        });
        break;
      case 3:
        await me.call(
          `${API_PATHS.searchJobs}?q=${pick(['pipe', 'wiring', 'door', 'leak'])}&state=${pick(STATES)}`,
          {
            route: 'GET /api/jobs/search',
          },
        );
        break;
      default: {
        const company = companies.length > 0 ? pick(companies) : undefined;
        if (!company) break;
        await me.call(`/company-profile/${company}`, { route: 'GET /company-profile/:id (page)' });
        await me.call(COMPANY_API.company(company), { route: 'GET /api/accounts/companies/:id' });
        await me.call(JOB_API.reviews(company), { route: 'GET /api/jobs/getreviews/:id' });
      }
    }
    await think();
  }
}

function today(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
}

async function postJob(me: Person, name: string): Promise<void> {
  const [category, subcategory] = pick(TRADES);
  const posted = await me.call<{ job?: { _id: string } }>(API_PATHS.postJob, {
    route: 'POST /api/jobs/postjob',
    json: {
      name,
      email: `poster-${me.id}@example.com`,
      phoneNumber: '08035550123',
      state: pick(STATES),
      address: '7 Allen Avenue, Ikeja',
      pincode: '101283',
      jobStartDate: today(),
      category,
      subcategory: [subcategory],
      jobHeading: `Fix the ${subcategory.toLowerCase()} job ${randomUUID().slice(0, 8)}`,
      description: 'Something in the house needs a professional this week. Tools and parts by the company.',
    },
  });
  if (posted.body?.job?._id) jobsPosted.push(posted.body.job._id);
}

/**
 * Reads what its socket is rung: counts deliveries, and answers after a human pause: a customer every
 * message, a company one in three (so a conversation goes back and forth a few times, then rests).
 */
function answering(me: Person, answerShare: number, socket: () => WebSocket | undefined) {
  return (frame: { type: string } & Record<string, unknown>) => {
    if (frame.type === 'messageAck') {
      chat.acknowledged += 1;
      return;
    }
    if (frame.type === 'error' && typeof frame.clientId === 'string' && chat.pending.has(frame.clientId)) {
      chat.pending.delete(frame.clientId);
      // Too many messages too fast is the chat's rule speaking; anything else is an error.
      record(
        'WS sendMessage refused',
        0,
        frame.code === 'rate_limited' ? 'refused' : 'error',
        String(frame.code),
      );
      return;
    }
    if (frame.type !== 'newMessage') return;
    const message = frame.message as { chatId: string; clientId: string | null; sender: { _id: string } };
    // Both members' sockets are rung: only the other member's copy is a delivery.
    if (message.sender._id === me.id) return;
    const sentAt = message.clientId ? chat.pending.get(message.clientId) : undefined;
    if (sentAt === undefined) return;
    chat.pending.delete(message.clientId!);
    chat.delivered += 1;
    record('WS message (send to delivery)', performance.now() - sentAt, 'ok');
    if (stopping || Math.random() >= answerShare) return;
    setTimeout(
      () => send(socket(), message.chatId, 'Thank you, that works for me.'),
      1000 + Math.random() * 3000,
    );
  };
}

function send(ws: WebSocket | undefined, chatId: string, text: string): void {
  if (!ws || ws.readyState !== WebSocket.OPEN || stopping) return;
  const clientId = randomUUID();
  chat.pending.set(clientId, performance.now());
  chat.sent += 1;
  ws.send(JSON.stringify({ type: 'sendMessage', chatId, clientId, message: text }));
}

async function customer(site: string, until: number): Promise<void> {
  const me = new Person(site);
  const name = personName();
  await me.register('user', name);
  const live: { ws?: WebSocket } = {};
  const ws = await me.openSocket(answering(me, 1, () => live.ws));
  live.ws = ws;
  sockets.push(ws);
  await postJob(me, name);
  let nextPost = Date.now() + 120_000 + Math.random() * 120_000;
  while (Date.now() < until) {
    if (Date.now() > nextPost) {
      await postJob(me, name);
      nextPost = Date.now() + 120_000 + Math.random() * 120_000;
    } else if (Math.random() < 0.5) {
      await me.call(API_PATHS.postedJobs, { route: 'GET /api/jobs/user/jobs/posted' });
    } else {
      await me.call(CHAT_API.inbox(me.id), { route: 'GET /api/jobs/user/chat/:id' });
      await me.call(API_PATHS.chatUnread, { route: 'GET /api/chat/unread' });
    }
    await think();
  }
}

/** Initialize, pay on the sandbox's page, verify: what a company's browser does to unlock a job. */
async function unlock(me: Person, jobId: string): Promise<boolean> {
  const started = await me.call<{ reference?: string }>(API_PATHS.initializePayment, {
    route: 'POST /api/jobs/initializePayment',
    json: { jobId, amount: 1 },
    // The job already has its most companies, or this company has it already.
    refusals: [409],
  });
  const reference = started.body?.reference;
  if (!reference) return false;
  await me.call(PAYMENT_API.sandboxCheckout(reference), { route: 'GET /api/payments/sandbox/checkout/:ref' });
  await me.call(PAYMENT_API.sandboxCheckout(reference), {
    route: 'POST /api/payments/sandbox/checkout/:ref',
    form: { action: 'pay', csrf: me.cookies.get(SESSION_COOKIES.csrf) ?? '' },
  });
  const verified = await me.call<{ status?: string }>(API_PATHS.verifyPayment, {
    route: 'POST /api/jobs/verifyPayment',
    json: { reference },
  });
  return verified.body?.status === 'paid';
}

async function company(site: string, until: number): Promise<void> {
  const me = new Person(site);
  await me.register('company', `${pick(LAST)} ${pick(TRADE_NAMES)}`);
  companies.push(me.id);
  const chats: string[] = [];
  const live: { ws?: WebSocket } = {};
  const ws = await me.openSocket(answering(me, 1 / 3, () => live.ws));
  live.ws = ws;
  sockets.push(ws);
  let nextUnlock = Date.now() + Math.random() * 90_000;
  while (Date.now() < until) {
    const roll = Math.random();
    if (Date.now() > nextUnlock && jobsPosted.length > 0) {
      const jobId = pick(jobsPosted.slice(-50));
      await me.call(JOB_API.viewJob(jobId), { route: 'GET /api/jobs/viewjob/:id' });
      if (await unlock(me, jobId)) {
        // The conversation opens from the payment's event: find it in the inbox, then write.
        for (let attempt = 0; attempt < 20; attempt++) {
          const inbox = await me.call<Array<{ _id: string; jobId: { _id: string } }>>(CHAT_API.inbox(me.id), {
            route: 'GET /api/jobs/user/chat/:id',
          });
          const found = Array.isArray(inbox.body)
            ? inbox.body.find((c) => c.jobId?._id === jobId)
            : undefined;
          if (found) {
            chats.push(found._id);
            send(ws, found._id, 'Hello, I can do this job this week. When can I come and look?');
            break;
          }
          await sleep(500);
        }
      }
      nextUnlock = Date.now() + 60_000 + Math.random() * 60_000;
    } else if (roll < 0.4) {
      await me.call(`${API_PATHS.allJobs}?page=1`, { route: 'GET /api/jobs/viewalljobs' });
    } else if (roll < 0.6) {
      const [category, subcategory] = pick(TRADES);
      await me.call(`${API_PATHS.searchJobs}?category=${category}&subcategory=${subcategory}`, {
        route: 'GET /api/jobs/search',
      });
    } else if (roll < 0.8 && chats.length > 0) {
      send(ws, pick(chats), 'Just checking in: is the time we agreed still fine?');
    } else {
      await me.call(API_PATHS.myPayments, { route: 'GET /api/payments/mine' });
    }
    await think();
  }
}

// ---------------------------------------------------------------------------------------------------
// The run

function memoryOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

async function main(): Promise<number> {
  ensureWebBuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const database = await createScratchDatabase(SERVER_URL, 'bench_load');
  const nats = await startPrivateNats(dir);
  const port = await freePort();
  const site = await startDistributed({
    databaseUrl: database.url,
    natsUrl: nats.url,
    port,
    basePort: 20000 + (port % 20000),
    dataDir: dir,
    logLevel: 'warn',
    // Everyone comes from 127.0.0.1 here: the per-address limits would count the crowd as one person.
    env: {
      RATE_LIMIT_REGISTER_PER_IP: String(USERS * 2),
      RATE_LIMIT_LOGIN_PER_IP: String(USERS * 4),
      RATE_LIMIT_REFRESH_PER_IP: String(USERS * 20),
    },
  });
  const memory: Array<Record<string, number | string>> = [];
  const sample = (label: string) =>
    memory.push({
      when: label,
      ...Object.fromEntries(
        Object.entries(site.processes).map(([name, child]) => [name, memoryOf(child.pid)]),
      ),
      load: Number(loadavg()[0]!.toFixed(1)),
    });
  sample('start (MB)');
  const started = Date.now();
  const until = started + (RAMP_SECONDS + SECONDS) * 1000;
  const sampler = setInterval(() => sample(`${Math.round((Date.now() - started) / 60_000)} min`), 60_000);
  let failed = 0;
  try {
    const people: Array<Promise<void>> = [];
    for (let index = 0; index < USERS; index++) {
      const arrival = (index / USERS) * RAMP_SECONDS * 1000;
      const kind = index % 5 === 0 ? customer : index % 5 === 1 ? company : visitor;
      people.push(
        sleep(arrival)
          .then(() => kind(site.url, until))
          .catch((err: unknown) => {
            failed += 1;
            if (errors.length < 30)
              errors.push(`a ${kind.name} stopped: ${err instanceof Error ? err.message : err}`);
          }),
      );
    }
    await Promise.all(people);
    stopping = true;
    // The last messages' deliveries.
    for (let waited = 0; waited < 15_000 && chat.pending.size > 0; waited += 250) await sleep(250);
    for (const ws of sockets) ws.close(1000);
    sample('end (MB)');
  } finally {
    clearInterval(sampler);
    await site.stop();
    nats.process.kill('SIGTERM');
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }

  const table = Object.fromEntries(
    [...routes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, figures]) => {
        const sorted = [...figures.times].sort((a, b) => a - b);
        return [
          route,
          {
            requests: sorted.length,
            'p50 ms': Math.round(percentile(sorted, 50)),
            'p99 ms': Math.round(percentile(sorted, 99)),
            errors: figures.errors,
            'refused by the rules': figures.refused,
          },
        ];
      }),
  );
  const totalErrors = [...routes.values()].reduce((sum, figures) => sum + figures.errors, 0) + failed;
  const lost = chat.pending.size;
  console.log(
    `\n${USERS} people (60 % visitors, 20 % customers, 20 % companies), ${RAMP_SECONDS} s arriving + ${SECONDS} s, distributed topology`,
  );
  console.table(table);
  console.log(
    `chat: ${chat.sent} messages sent, ${chat.acknowledged} acknowledged, ${chat.delivered} delivered, ${lost} neither delivered nor refused`,
  );
  console.log(`jobs posted: ${jobsPosted.length}; companies: ${companies.length}`);
  console.log('memory of each process (MB resident) and the load average:');
  console.table(memory);
  if (errors.length > 0) console.log(`errors (first ${errors.length}):\n  ${errors.join('\n  ')}`);
  console.log(
    totalErrors === 0 && lost === 0
      ? 'load: 0 errors, every message delivered'
      : `load: ${totalErrors} errors, ${lost} messages not delivered`,
  );
  return totalErrors === 0 && lost === 0 ? 0 : 1;
}

process.exit(await main());
