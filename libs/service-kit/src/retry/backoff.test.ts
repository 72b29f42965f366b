import { backoffDelay, retryWhileStarting, sleep } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the base per attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, 1000, 60_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000,
    ]);
  });

  it('stops at the cap, also after very many attempts', () => {
    expect(backoffDelay(7, 1000, 60_000)).toBe(60_000);
    expect(backoffDelay(10_000, 1000, 60_000)).toBe(60_000);
  });

  it('takes an attempt below 1 as the first', () => {
    expect(backoffDelay(0, 500, 10_000)).toBe(500);
    expect(backoffDelay(-3, 500, 10_000)).toBe(500);
  });
});

describe('sleep', () => {
  it('waits the given time', async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('ends at once when aborted, before or during the wait', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const started = Date.now();
    await sleep(10_000, aborted.signal);
    const during = new AbortController();
    const waiting = sleep(10_000, during.signal);
    setTimeout(() => during.abort(), 10);
    await waiting;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('retryWhileStarting', () => {
  const transient = (err: unknown) => err instanceof Error && err.message === 'not yet';

  it('tries again while the failure is transient, telling each wait, until the step succeeds', async () => {
    let calls = 0;
    const waits: unknown[] = [];
    const result = await retryWhileStarting(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return 'up';
      },
      { transient, waitMs: 5000, retryMs: 5, onWait: (err) => waits.push(err) },
    );
    expect(result).toBe('up');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('throws any other failure at once, and the transient one once the wait is over', async () => {
    let calls = 0;
    await expect(
      retryWhileStarting(
        async () => {
          calls += 1;
          throw new Error('wrong password');
        },
        { transient, waitMs: 5000, retryMs: 5 },
      ),
    ).rejects.toThrow('wrong password');
    expect(calls).toBe(1);
    const started = Date.now();
    await expect(
      retryWhileStarting(
        async () => {
          throw new Error('not yet');
        },
        { transient, waitMs: 50, retryMs: 10 },
      ),
    ).rejects.toThrow('not yet');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
