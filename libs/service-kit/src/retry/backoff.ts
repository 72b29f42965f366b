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

/**
 * Runs `step` until it succeeds, trying again every `retryMs` while its failure is one a moment fixes
 * (`transient`) and `waitMs` has not passed; any other failure, or the last one, is thrown. For what a
 * process needs at start while its neighbours are still starting (the database, JetStream).
 */
export async function retryWhileStarting<T>(
  step: () => Promise<T>,
  options: {
    transient: (err: unknown) => boolean;
    waitMs: number;
    retryMs: number;
    onWait?: (err: unknown) => void;
  },
): Promise<T> {
  const ends = Date.now() + options.waitMs;
  for (;;) {
    try {
      return await step();
    } catch (err) {
      if (!options.transient(err) || Date.now() + options.retryMs > ends) throw err;
      options.onWait?.(err);
      await sleep(options.retryMs);
    }
  }
}
