/**
 * Wires the contact-leak scanner (contact-leaks.ts) into a browser context: every answer its pages
 * receive (documents, fetch/XHR, WebSocket frames) and every call made with `page.request` /
 * `context.request` is read for a poster's contact details, judged by the access token the request
 * carried (for a WebSocket, the session it opened with). Calls a journey makes with Node's own `fetch`
 * are read too (`watchNodeFetch`, installed when this module loads), judged by their Authorization or
 * Cookie header. `launchBrowser`
 * watches each context it makes, so every journey is scanned by construction: after each test (a hook
 * on the root of every suite that imports this) the answers still being read are finished and the test
 * fails on a leak it caused; a process that saw an unreported one exits non-zero in any case.
 * The mail a site writes (the .eml files of its DATA_DIR/mail-outbox, `watchMailOutbox`) is read after
 * each test too, each mail judged as its recipient.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'node:test';
import { parseEml } from '@marketplace/service-kit/testing';
import type { APIResponse, BrowserContext, Page, Response } from 'playwright-core';
import {
  ContactLedger,
  accessTokenIn,
  describeLeaks,
  readerOfToken,
  type Exchange,
  type Leak,
} from './contact-leaks';

/** One ledger per test process: what the poster's context teaches it holds for the company's. */
export const contactLedger = new ContactLedger();
// The support inbox of a site without SUPPORT_EMAIL (services/accounts/src/config.ts): the operators'.
contactLedger.addOperatorAddress('support@marketplace.local');

/** Mail folders read (a site's DATA_DIR/mail-outbox) -> the files of each already read. */
const mailOutboxes = new Map<string, Set<string>>();

/** Reads the mail a site writes to `folder` after every test (each .eml once) and at scanMailOutboxes. */
export function watchMailOutbox(folder: string): void {
  if (!mailOutboxes.has(folder)) mailOutboxes.set(folder, new Set());
}

/** Reads the new mail of every watched folder now. */
export function scanMailOutboxes(): void {
  for (const [folder, read] of mailOutboxes) {
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => name.endsWith('.eml'));
    } catch {
      continue; // no mail sent yet (the folder is made with the first one)
    }
    for (const name of names.sort()) {
      if (read.has(name)) continue;
      read.add(name);
      const mail = parseEml(readFileSync(join(folder, name), 'utf8'));
      const found = contactLedger.observeMail({ file: join(folder, name), to: mail.to, text: mail.text });
      if (found.length > 0) process.stderr.write(`CONTACT LEAK\n${describeLeaks(found)}\n`);
    }
  }
}

/** Reads what is left in `folder` and stops watching it (before a site removes its data folder). */
export function unwatchMailOutbox(folder: string): void {
  scanMailOutboxes();
  mailOutboxes.delete(folder);
}

// Answers that cannot carry a member's data (built files) are not read: they are most of the bytes.
const SKIPPED_TYPES = new Set(['script', 'stylesheet', 'image', 'media', 'font', 'manifest', 'texttrack']);
const TEXT_TYPE = /json|html|text\/|xml/i;
/** Code and styles carry no member's data; an event stream never ends (its copy could not be read). */
const NOT_READ_TYPE = /javascript|css|event-stream/i;

/** Answers still being read, of every context. */
const pending = new Set<Promise<void>>();
/** Answers whose body could no longer be read (the page went away first): counted in the summary. */
let unreadable = 0;
function track(work: Promise<void>): void {
  const settled: Promise<void> = work
    .catch(() => void (unreadable += 1))
    .finally(() => pending.delete(settled));
  pending.add(settled);
}
/**
 * How long the end of a test waits for answers still being read. Playwright may never settle the body
 * of an answer whose connection died mid-way (the stack journey restarts every service under an open
 * page): such reads are given up and counted as unreadable, instead of holding the test for ever.
 */
const DRAIN_LIMIT_MS = 20_000;

/** Waits for every read in `reads` (also those added meanwhile) up to `limitMs`; returns how many were given up. */
export async function drainWithin(reads: Set<Promise<void>>, limitMs: number): Promise<number> {
  const deadline = Date.now() + limitMs;
  while (reads.size > 0) {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.all([...reads]).then(() => false),
      new Promise<boolean>(
        (resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, deadline - Date.now()))),
      ),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      const givenUp = reads.size;
      reads.clear();
      return givenUp;
    }
  }
  return 0;
}

async function drain(): Promise<void> {
  const givenUp = await drainWithin(pending, DRAIN_LIMIT_MS);
  if (givenUp > 0) {
    unreadable += givenUp;
    process.stderr.write(
      `contact-leak scanner: ${givenUp} answers unread after ${DRAIN_LIMIT_MS / 1000} s, given up\n`,
    );
  }
}

afterEach(async () => {
  await drain();
  scanMailOutboxes();
  assertNoContactLeaks();
});

let reported = 0;
process.on('exit', () => {
  scanMailOutboxes();
  if (contactLedger.scanned > 0) {
    process.stderr.write(
      `contact-leak scanner: ${contactLedger.summary()}, ${unreadable} answers unreadable\n`,
    );
  }
  if (contactLedger.leaks.length > reported) {
    process.stderr.write(`\nContact leaks seen by the journeys:\n${describeLeaks(contactLedger.leaks)}\n`);
    process.exitCode = 1;
  }
});

function record(exchange: Exchange): void {
  const found = contactLedger.observe(exchange);
  if (found.length > 0) process.stderr.write(`CONTACT LEAK\n${describeLeaks(found)}\n`);
}

async function readBrowserResponse(response: Response): Promise<void> {
  const request = response.request();
  if (SKIPPED_TYPES.has(request.resourceType())) return;
  if (!response.url().startsWith('http')) return;
  const status = response.status();
  if (status >= 300 && status < 400) return;
  const contentType = (await response.headerValue('content-type')) ?? '';
  if (!TEXT_TYPE.test(contentType)) return;
  const [requestHeaders, responseHeaders, body] = await Promise.all([
    request.allHeaders(),
    response.headersArray(),
    response.text(),
  ]);
  const setCookie = responseHeaders
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value)
    .join('\n');
  record({
    method: request.method(),
    url: response.url(),
    reader: readerOfToken(
      accessTokenIn(requestHeaders.authorization) ?? accessTokenIn(requestHeaders.cookie),
    ),
    readerAfter: readerOfToken(accessTokenIn(setCookie)),
    requestBody: request.postData() ?? undefined,
    status,
    responseBody: body,
  });
}

type FetchOptions = Parameters<BrowserContext['request']['fetch']>[1];

function requestBodyOf(options: FetchOptions): string | undefined {
  if (!options) return undefined;
  const { data, form, multipart } = options as {
    data?: unknown;
    form?: unknown;
    multipart?: Record<string, unknown>;
  };
  if (typeof data === 'string') return data;
  if (data !== undefined && !Buffer.isBuffer(data)) return JSON.stringify(data);
  if (form && typeof form === 'object') return JSON.stringify(form);
  if (multipart && typeof multipart === 'object') {
    return JSON.stringify(
      Object.fromEntries(Object.entries(multipart).filter(([, v]) => typeof v === 'string')),
    );
  }
  return undefined;
}

/** Starts scanning the context: its pages' answers and its API request context's. */
export function watchContactLeaks(context: BrowserContext): void {
  context.on('response', (response) => {
    // An answer whose body is gone (a page navigated away first) cannot be read; nothing to judge.
    track(readBrowserResponse(response));
  });
  // WebSocket frames (chat): judged by the session the socket was opened with.
  const watchSockets = (page: Page) =>
    page.on('websocket', (socket) => {
      const httpUrl = socket.url().replace(/^ws/, 'http');
      const reader = context
        .cookies(httpUrl)
        .then((cookies) => readerOfToken(cookies.find((cookie) => cookie.name === 'mp_access')?.value))
        .catch(() => undefined);
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        track(
          reader.then((who) =>
            record({ method: 'WS', url: socket.url(), reader: who, status: 101, responseBody: payload }),
          ),
        );
      });
    });
  context.pages().forEach(watchSockets);
  context.on('page', watchSockets);

  const api = context.request;
  const fetch = api.fetch.bind(api);
  api.fetch = async (urlOrRequest, options) => {
    const url = typeof urlOrRequest === 'string' ? urlOrRequest : urlOrRequest.url();
    const headers = (options?.headers ?? {}) as Record<string, string>;
    const authorization = Object.entries(headers).find(
      ([name]) => name.toLowerCase() === 'authorization',
    )?.[1];
    const cookies = url.startsWith('http') ? await context.cookies(url) : [];
    const token =
      accessTokenIn(authorization) ?? cookies.find((cookie) => cookie.name === 'mp_access')?.value;
    const response: APIResponse = await fetch(urlOrRequest, options);
    track(
      (async () => {
        const setCookie = response
          .headersArray()
          .filter((header) => header.name.toLowerCase() === 'set-cookie')
          .map((header) => header.value)
          .join('\n');
        const contentType = response.headers()['content-type'] ?? '';
        if (!TEXT_TYPE.test(contentType)) return;
        record({
          method: options?.method ?? (typeof urlOrRequest === 'string' ? 'GET' : urlOrRequest.method()),
          url,
          reader: readerOfToken(token),
          readerAfter: readerOfToken(accessTokenIn(setCookie)),
          requestBody: requestBodyOf(options),
          status: response.status(),
          responseBody: await response.text(),
        });
      })(),
    );
    return response;
  };

  // Answers are read before the context (and their bodies) go away.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await drain();
    await close(options);
  };
}

/** The request's headers, from `init` or the Request given; they never change the request itself. */
function headersOf(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): Headers {
  if (init?.headers) return new Headers(init.headers);
  return input instanceof Request ? input.headers : new Headers();
}

/** Marks the watching fetch, and holds the one it replaced. */
const WATCHED = Symbol('contact-leak watch');

/**
 * Reads every answer of Node's own `fetch` in this process as the browser's are read: a journey that
 * signs in or reads the API with it (an admin's setup, a stack check) is scanned by construction too.
 * The answer is cloned, so the caller reads it as before. Idempotent; returns the fetch it replaced.
 */
export function watchNodeFetch(): typeof fetch {
  const current = globalThis.fetch as typeof fetch & { [WATCHED]?: typeof fetch };
  if (current[WATCHED]) return current[WATCHED];
  const original = current;
  const watched = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const response = await original(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const contentType = response.headers.get('content-type') ?? '';
    if (
      !url.startsWith('http') ||
      !TEXT_TYPE.test(contentType) ||
      NOT_READ_TYPE.test(contentType) ||
      (response.status >= 300 && response.status < 400)
    )
      return response;
    const headers = headersOf(input, init);
    const copy = response.clone();
    track(
      copy.text().then((body) =>
        record({
          method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
          url,
          reader: readerOfToken(
            accessTokenIn(headers.get('authorization') ?? undefined) ??
              accessTokenIn(headers.get('cookie') ?? undefined),
          ),
          readerAfter: readerOfToken(accessTokenIn(response.headers.getSetCookie().join('\n'))),
          requestBody: typeof init?.body === 'string' ? init.body : undefined,
          status: response.status,
          responseBody: body,
        }),
      ),
    );
    return response;
  };
  globalThis.fetch = Object.assign(watched, { [WATCHED]: original }) as typeof fetch;
  return original;
}
watchNodeFetch();

/** Waits until every answer received so far has been read. */
export const drainContactScans = drain;

/** The leaks seen and not reported yet, now counted as reported (for the scanner's own check). */
export function takeContactLeaks(): Leak[] {
  const leaks = contactLedger.leaks.slice(reported);
  reported = contactLedger.leaks.length;
  return leaks;
}

/** Throws when the scanner has seen a leak not reported yet (each leak fails one place only). */
export function assertNoContactLeaks(): void {
  const leaks = takeContactLeaks();
  if (leaks.length > 0)
    throw new Error(
      `A poster's contact details reached a reader not entitled to them:\n${describeLeaks(leaks)}`,
    );
}
