import { useEffect, useRef } from 'react';

/** Every 5 s for the first two minutes, then every 15 s: a transfer usually lands in the first minutes. */
export const FAST_POLL_MS = 5_000;
export const SLOW_POLL_MS = 15_000;
export const FAST_POLL_FOR_MS = 2 * 60_000;

/** The wait before the next poll, `elapsedMs` after polling started. */
export function pollDelay(elapsedMs: number): number {
  return elapsedMs < FAST_POLL_FOR_MS ? FAST_POLL_MS : SLOW_POLL_MS;
}

/**
 * Calls `poll` politely while `active`: 5 s apart for two minutes, then 15 s; never while the tab is
 * hidden (it polls at once when the tab is shown again); one call at a time.
 */
export function usePolitePolling(poll: () => Promise<void>, active: boolean): void {
  const latest = useRef(poll);
  latest.current = poll;

  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let stopped = false;

    const schedule = () => {
      clearTimeout(timer);
      if (stopped || document.hidden) return;
      timer = setTimeout(() => void tick(), pollDelay(Date.now() - started));
    };
    const tick = async () => {
      if (stopped || running || document.hidden) return;
      running = true;
      try {
        await latest.current();
      } catch {
        // A failed poll is tried again at the next turn.
      } finally {
        running = false;
        schedule();
      }
    };
    const onVisibility = () => {
      if (document.hidden) clearTimeout(timer);
      else void tick();
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active]);
}
