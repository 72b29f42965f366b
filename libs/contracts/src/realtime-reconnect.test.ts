import { WS_CLOSE_CODES } from './chat';
import { REALTIME_RECONNECT } from './messages';
import { realtimeBackoffBase, realtimeBackoffDelay, realtimeReconnectDelay } from './realtime-reconnect';

describe('reconnect back-off after a failure (spec: 1 s initial, 5 s max, jitter 0.5)', () => {
  it('uses the spec constants, and spreads a restart over a quarter of a second', () => {
    expect(REALTIME_RECONNECT).toEqual({
      initialDelayMs: 1000,
      maxDelayMs: 5000,
      jitter: 0.5,
      attempts: Number.POSITIVE_INFINITY,
      connectTimeoutMs: 20_000,
      restartSpreadMs: 250,
    });
  });

  it('doubles from 1 s and stops at 5 s, for any number of attempts', () => {
    expect([0, 1, 2, 3, 4, 10, 1000, 1e9].map((attempt) => realtimeBackoffBase(attempt))).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000,
    ]);
  });

  it('moves each delay by at most half of itself, never above 5 s', () => {
    // random() = 0 and random() → 1 are the extremes of the jitter.
    expect(realtimeBackoffDelay(0, () => 0)).toBe(500);
    expect(realtimeBackoffDelay(0, () => 0.5)).toBe(1000);
    expect(realtimeBackoffDelay(0, () => 0.999999)).toBe(1500);
    expect(realtimeBackoffDelay(1, () => 0)).toBe(1000);
    expect(realtimeBackoffDelay(1, () => 0.999999)).toBe(3000);
    expect(realtimeBackoffDelay(2, () => 0.999999)).toBe(5000); // 6 s, capped
    // At the cap the delay only moves down: 5 s … 2.5 s.
    expect(realtimeBackoffDelay(50, () => 0)).toBe(5000);
    expect(realtimeBackoffDelay(50, () => 0.999999)).toBe(2500);
  });

  it('stays within [base × 0.5, min(base × 1.5, 5 s)] for random values across the range', () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const base = realtimeBackoffBase(attempt);
      const seen = new Set<number>();
      for (let i = 0; i <= 100; i += 1) {
        const r = i / 101;
        const delay = realtimeBackoffDelay(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.5));
        expect(delay).toBeLessThanOrEqual(Math.min(Math.ceil(base * 1.5), 5000));
        seen.add(delay);
      }
      // Jitter everywhere, also at the cap: the 101 draws give many different delays.
      expect(seen.size).toBeGreaterThan(50);
    }
  });

  it('spreads clients: the delays at the cap are not all the same', () => {
    const delays = new Set([0.1, 0.3, 0.5, 0.7].map((r) => realtimeBackoffDelay(20, () => r)));
    expect(delays.size).toBe(4);
  });
});

describe('realtimeReconnectDelay: which delay after which close', () => {
  const restart = WS_CLOSE_CODES.serviceRestart;

  it('first attempt after 1012 (service restart): uniform in [0, 250 ms), no back-off floor', () => {
    expect(restart).toBe(1012);
    expect(realtimeReconnectDelay({ attempt: 0, closeCode: restart, random: () => 0 })).toBe(0);
    expect(realtimeReconnectDelay({ attempt: 0, closeCode: restart, random: () => 0.5 })).toBe(125);
    expect(realtimeReconnectDelay({ attempt: 0, closeCode: restart, random: () => 0.999999 })).toBe(249);
    // A random source that (wrongly) returns 1 still stays inside the window.
    expect(realtimeReconnectDelay({ attempt: 0, closeCode: restart, random: () => 1 })).toBe(249);
  });

  it('a batch of a drained replica (40 sockets told in one 100 ms step) spreads over the quarter second, no clump', () => {
    const delays = Array.from({ length: 40 }, (_, i) =>
      realtimeReconnectDelay({ attempt: 0, closeCode: restart, random: () => (i + 0.5) / 40 }),
    ).sort((a, b) => a - b);
    expect(delays.at(-1)).toBeLessThan(250);
    // At most two in any 10 ms: the batch does not arrive at the other replicas in one go.
    const perBucket = new Map<number, number>();
    for (const d of delays) perBucket.set(Math.floor(d / 10), (perBucket.get(Math.floor(d / 10)) ?? 0) + 1);
    expect(Math.max(...perBucket.values())).toBeLessThanOrEqual(2);
    expect(perBucket.size).toBe(25);
  });

  it('later attempts of a run that began with 1012 use the ordinary back-off at their count', () => {
    for (const attempt of [1, 2, 3, 10]) {
      for (const r of [0, 0.3, 0.999]) {
        expect(realtimeReconnectDelay({ attempt, closeCode: restart, random: () => r })).toBe(
          realtimeBackoffDelay(attempt, () => r),
        );
        expect(realtimeReconnectDelay({ attempt, closeCode: 1006, random: () => r })).toBe(
          realtimeBackoffDelay(attempt, () => r),
        );
      }
    }
    expect(realtimeReconnectDelay({ attempt: 1, closeCode: 1006, random: () => 0.5 })).toBe(2000);
  });

  it('every other close (a drop, an error, an ended session, none at all) backs off from 1 s', () => {
    for (const closeCode of [undefined, 1000, 1006, 1011, WS_CLOSE_CODES.frameTooBig, 4401]) {
      expect(realtimeReconnectDelay({ attempt: 0, closeCode, random: () => 0.5 })).toBe(1000);
      expect(realtimeReconnectDelay({ attempt: 0, closeCode, random: () => 0 })).toBe(500);
    }
  });

  it('uses the policy it is given', () => {
    const policy = { ...REALTIME_RECONNECT, restartSpreadMs: 200, initialDelayMs: 100 };
    expect(realtimeReconnectDelay({ attempt: 0, closeCode: restart, random: () => 0.5, policy })).toBe(100);
    expect(realtimeReconnectDelay({ attempt: 0, closeCode: 1006, random: () => 0.5, policy })).toBe(100);
    expect(realtimeReconnectDelay({ attempt: 2, closeCode: 1006, random: () => 0.5, policy })).toBe(400);
  });

  it('the default random source stays in the windows', () => {
    for (let i = 0; i < 200; i += 1) {
      const spread = realtimeReconnectDelay({ attempt: 0, closeCode: restart });
      expect(spread).toBeGreaterThanOrEqual(0);
      expect(spread).toBeLessThan(1000);
      const backoff = realtimeReconnectDelay({ attempt: 0, closeCode: 1006 });
      expect(backoff).toBeGreaterThanOrEqual(500);
      expect(backoff).toBeLessThanOrEqual(1500);
    }
  });
});
