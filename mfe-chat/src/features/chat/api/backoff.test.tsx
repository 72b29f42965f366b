import { REALTIME_RECONNECT } from '@marketplace/contracts';
import { baseDelay, RECONNECT_POLICY, reconnectDelay } from './backoff';

describe('reconnect backoff (spec: 1 s initial, 5 s max, jitter 0.5)', () => {
  it('uses the spec constants', () => {
    expect(RECONNECT_POLICY).toEqual({
      initialDelayMs: 1000,
      maxDelayMs: 5000,
      jitter: 0.5,
      connectTimeoutMs: 20_000,
    });
    expect(REALTIME_RECONNECT.attempts).toBe(Number.POSITIVE_INFINITY);
  });

  it('doubles from 1 s and stops at 5 s, for any number of attempts', () => {
    expect([0, 1, 2, 3, 4, 10, 1000, 1e9].map((attempt) => baseDelay(attempt))).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000,
    ]);
  });

  it('moves each delay by at most half of itself, never above 5 s', () => {
    // random() = 0 and random() → 1 are the extremes of the jitter.
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 0.5)).toBe(1000);
    expect(reconnectDelay(0, () => 0.999999)).toBe(1500);
    expect(reconnectDelay(1, () => 0)).toBe(1000);
    expect(reconnectDelay(1, () => 0.999999)).toBe(3000);
    expect(reconnectDelay(2, () => 0.999999)).toBe(5000); // 6 s, capped
    // At the cap the delay only moves down: 5 s … 2.5 s.
    expect(reconnectDelay(50, () => 0)).toBe(5000);
    expect(reconnectDelay(50, () => 0.999999)).toBe(2500);
  });

  it('stays within [base × 0.5, min(base × 1.5, 5 s)] for random values across the range', () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const base = baseDelay(attempt);
      const seen = new Set<number>();
      for (let i = 0; i <= 100; i += 1) {
        const r = i / 101;
        const delay = reconnectDelay(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.5));
        expect(delay).toBeLessThanOrEqual(Math.min(Math.ceil(base * 1.5), 5000));
        seen.add(delay);
      }
      // Jitter everywhere, also at the cap: the 101 draws give many different delays.
      expect(seen.size).toBeGreaterThan(50);
    }
  });

  it('spreads clients: the delays at the cap are not all the same', () => {
    const delays = new Set([0.1, 0.3, 0.5, 0.7].map((r) => reconnectDelay(20, () => r)));
    expect(delays.size).toBe(4);
  });
});
