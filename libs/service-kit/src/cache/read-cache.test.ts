import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 0;
  });

  it('serves an entry until it expires, then once more while it is read again, and never when too old', async () => {
    const c = new ReadCache<string>({ ttlMs: 1000, now });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await c.through('a', load)).toBe('value 1');
    clock = 999;
    expect(await c.through('a', load)).toBe('value 1');
    clock = 1000;
    expect(await c.through('a', load)).toBe('value 1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await c.through('a', load)).toBe('value 2');
    clock = 1000 + 1000 + 5000;
    expect(await c.through('a', load)).toBe('value 3');
  });

  it('with staleLimit 0 never serves an entry past its TTL', async () => {
    const c = new ReadCache<string>({ ttlMs: 1000, staleLimit: 0, now });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await c.through('a', load)).toBe('value 1');
    clock = 999;
    expect(await c.through('a', load)).toBe('value 1');
    clock = 1000;
    expect(await c.through('a', load)).toBe('value 2');
  });

  it('shares one read among concurrent misses, and a failed read is not kept', async () => {
    const c = new ReadCache<string>({ ttlMs: 1000, now });
    let loads = 0;
    const load = () => new Promise<string>((resolve) => setTimeout(() => resolve(`value ${++loads}`), 10));
    expect(await Promise.all([c.through('a', load), c.through('a', load), c.through('a', load)])).toEqual([
      'value 1',
      'value 1',
      'value 1',
    ]);
    expect(loads).toBe(1);
    const failing = () => Promise.reject(new Error('no database'));
    await expect(Promise.all([c.through('b', failing), c.through('b', failing)])).rejects.toThrow(
      'no database',
    );
    expect(await c.through('b', async () => 'back')).toBe('back');
  });

  it('forgets everything on clear, and never stores a read that a change overtook', async () => {
    const c = new ReadCache<string>({ ttlMs: 1000, now });
    c.set('a', 'old', c.generation);
    c.clear();
    expect(c.get('a')).toBeUndefined();
    const before = c.generation;
    c.clear(); // a change while a read was running
    c.set('b', 'read before the change', before);
    expect(c.get('b')).toBeUndefined();

    let finish!: (value: string) => void;
    const reading = c.through('c', () => new Promise<string>((resolve) => (finish = resolve)));
    c.clear();
    finish('read across a change');
    expect(await reading).toBe('read across a change'); // the caller still gets its answer
    expect(c.get('c')).toBeUndefined(); // but nobody else does
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const c = new ReadCache<string>({ ttlMs: 1000, maxEntries: 3, now });
    for (const key of ['a', 'b', 'c', 'd']) c.set(key, key, c.generation);
    expect(['a', 'b', 'c', 'd'].map((key) => c.get(key))).toEqual([undefined, 'b', 'c', 'd']);
  });

  it('keeps at most maxWeight, dropping the oldest, and never an entry heavier than all of it', () => {
    const c = new ReadCache<string>({ ttlMs: 1000, maxWeight: 10, weigh: (value) => value.length, now });
    c.set('a', 'aaaa', c.generation);
    c.set('b', 'bbbb', c.generation);
    c.set('a', 'aaa', c.generation); // replacing an entry frees its old weight
    c.set('c', 'ccc', c.generation);
    expect(['a', 'b', 'c'].map((key) => c.get(key))).toEqual(['aaa', 'bbbb', 'ccc']);
    c.set('d', 'dddddd', c.generation); // 4 + 3 + 3 + 6 > 10: b and a go
    expect(['a', 'b', 'c', 'd'].map((key) => c.get(key))).toEqual([undefined, undefined, 'ccc', 'dddddd']);
    c.set('e', 'e'.repeat(11), c.generation);
    expect(c.get('e')).toBeUndefined();
    expect(c.size).toBe(2);
  });

  it('stores nothing with a TTL of 0', async () => {
    const c = new ReadCache<string>({ ttlMs: 0 });
    let loads = 0;
    await c.through('a', async () => `v${++loads}`);
    await c.through('a', async () => `v${++loads}`);
    expect(loads).toBe(2);
    expect(c.enabled).toBe(false);
  });
});
