import { drainSchedule } from './realtime';

describe('drainSchedule: when a stopping instance tells each socket to move', () => {
  it('tells them in batches every 100 ms at the pace, the first at once', () => {
    const offsets = drainSchedule(1000, { socketsPerSecond: 200, maxSpreadMs: 15_000 });
    expect(offsets).toHaveLength(1000);
    expect(offsets[0]).toBe(0);
    // 1,000 at 200 a second: 5 s, 50 batches of 20.
    expect(offsets.filter((offset) => offset === 0)).toHaveLength(20);
    expect(offsets.at(-1)).toBe(4900);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  });

  it('goes faster than the pace rather than past the longest spread', () => {
    const offsets = drainSchedule(10_000, { socketsPerSecond: 200, maxSpreadMs: 5000 });
    expect(offsets.at(-1)).toBeLessThanOrEqual(5000);
    expect(new Set(offsets).size).toBe(50);
  });

  it('spreads a few sockets at the pace too, not packed at the start', () => {
    expect(drainSchedule(4, { socketsPerSecond: 2, maxSpreadMs: 15_000 })).toEqual([0, 500, 1000, 1500]);
  });

  it('tells a few sockets at a fast pace, or all of them with no spread allowed, at once', () => {
    expect(drainSchedule(15, { socketsPerSecond: 200, maxSpreadMs: 15_000 })).toEqual(Array(15).fill(0));
    expect(drainSchedule(3000, { socketsPerSecond: 200, maxSpreadMs: 0 })).toEqual(Array(3000).fill(0));
    expect(drainSchedule(0, { socketsPerSecond: 200, maxSpreadMs: 15_000 })).toEqual([]);
  });
});
