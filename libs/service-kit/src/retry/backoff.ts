/**
 * Exponential back-off: base, 2*base, 4*base ... capped at max. `attempt` starts at 1 (the delay
 * before the first retry is `baseMs`). Used by the bus (consumers, the outbox relay, reconnects), the
 * mail outbox and the payments refunds.
 */
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
