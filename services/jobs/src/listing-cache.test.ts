import { ListingCache } from './listing-cache';

describe('ListingCache', () => {
  let clock = 0;
  const cache = () => new ListingCache<string>(1000, 3, () => clock);
  beforeEach(() => {
    clock = 0;
  });

  it('serves an entry until it expires, then once more while it is read again, and never when too old', async () => {
    const c = cache();
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

  it('shares one read among concurrent misses', async () => {
    const c = cache();
    let loads = 0;
    const load = () => new Promise<string>((resolve) => setTimeout(() => resolve(`value ${++loads}`), 10));
    expect(await Promise.all([c.through('a', load), c.through('a', load), c.through('a', load)])).toEqual([
      'value 1',
      'value 1',
      'value 1',
    ]);
    expect(loads).toBe(1);
  });

  it('forgets everything on clear, and never stores a read that a change overtook', async () => {
    const c = cache();
    c.set('a', 'old', c.generation);
    c.clear();
    expect(c.get('a')).toBeUndefined();
    const before = c.generation;
    c.clear(); // a change while a read was running
    c.set('b', 'read before the change', before);
    expect(c.get('b')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const c = cache();
    for (const key of ['a', 'b', 'c', 'd']) c.set(key, key, c.generation);
    expect(['a', 'b', 'c', 'd'].map((key) => c.get(key))).toEqual([undefined, 'b', 'c', 'd']);
  });

  it('stores nothing with a TTL of 0', async () => {
    const c = new ListingCache<string>(0);
    let loads = 0;
    await c.through('a', async () => `v${++loads}`);
    await c.through('a', async () => `v${++loads}`);
    expect(loads).toBe(2);
  });
});
