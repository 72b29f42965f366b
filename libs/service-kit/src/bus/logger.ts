/**
 * The few logging calls the bus needs. A pino logger fits as is; without one, warnings and errors go
 * to the console so a failing handler or an unreachable bus is never silent.
 */
export interface BusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const consoleBusLogger: BusLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (obj, msg) => console.warn(`[bus] ${msg ?? ''}`, obj),
  error: (obj, msg) => console.error(`[bus] ${msg ?? ''}`, obj),
};

export function errorInfo(err: unknown): { err: string } {
  return { err: err instanceof Error ? err.message : String(err) };
}

/** Exponential backoff: base, 2*base, 4*base ... capped at max. `attempt` starts at 1. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const exp = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(baseMs * 2 ** exp, maxMs);
}

/** Resolves after `ms`, or at once when `signal` aborts; never rejects, leaves no timer behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
