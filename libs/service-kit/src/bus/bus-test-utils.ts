import { randomBytes } from 'node:crypto';
import type { BusLogger } from './logger';

/** Test helpers for the bus suites (not exported from the kit). */

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

/** A logger that keeps entries for assertions instead of printing them. */
export function captureLogger(): BusLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (obj: object, msg?: string) =>
    void entries.push({ level, msg: msg ?? '', obj });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Lower-case letters only: event types allow `[a-z-]` in their entity and verb tokens. */
export function randomLetters(n = 10): string {
  return [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** Polls until `check` holds; the default stays under Jest's 5 s so a failure names what was awaited. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 4000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Settles to 'pending' when `p` has not settled within `ms`. */
export async function settledWithin<T>(p: Promise<T>, ms: number): Promise<'settled' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    p.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    new Promise<'pending'>((r) => (timer = setTimeout(() => r('pending'), ms))),
  ]);
  clearTimeout(timer);
  return result;
}
