import { drainWithin } from './leak-watch';

describe('drainWithin: the end of a test waits for answers being read, not for ever', () => {
  it('waits for every read, also one added while waiting', async () => {
    const reads = new Set<Promise<void>>();
    const done: string[] = [];
    const read = (name: string, ms: number, then?: () => void) => {
      const work: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => {
        done.push(name);
        reads.delete(work);
        then?.();
      });
      reads.add(work);
    };
    read('first', 20, () => read('added', 20));
    expect(await drainWithin(reads, 2_000)).toBe(0);
    expect(done).toEqual(['first', 'added']);
  });

  it('gives up a read that never settles after the limit and says how many', async () => {
    const reads = new Set<Promise<void>>([new Promise<void>(() => undefined), Promise.resolve()]);
    const started = Date.now();
    expect(await drainWithin(reads, 100)).toBe(2);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(reads.size).toBe(0);
  });
});
