// The caching itself (expiry, shared misses, clear, size limits) is the kit's ReadCache and tested there
// (libs/service-kit/src/cache/read-cache.test.ts); this covers what the listings add: their settings
// (stale-while-refresh up to 5 TTLs) and clearing the three caches together.
import { ListingCache, ListingCaches } from './listing-cache';

describe('ListingCache', () => {
  it('serves a stale entry while refreshing it for up to 5 TTLs, then reads again', async () => {
    let clock = 0;
    const cache = new ListingCache<string>(1000, 3, () => clock);
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.through('a', load)).toBe('value 1');
    clock = 1000;
    expect(await cache.through('a', load)).toBe('value 1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.through('a', load)).toBe('value 2');
    clock = 1000 + 1000 + 5000;
    expect(await cache.through('a', load)).toBe('value 3');
  });
});

describe('ListingCaches', () => {
  it('clears the pages, the unlocks and the companies’ pages together', async () => {
    const caches = new ListingCaches<string, string>(60_000);
    await caches.pages.through('p', async () => 'page');
    await caches.companyUnlocks.through('u', async () => 'unlocks');
    await caches.companyPages.through('c', async () => 'company page');
    expect([caches.pages.size, caches.companyUnlocks.size, caches.companyPages.size]).toEqual([1, 1, 1]);
    caches.clear();
    expect([caches.pages.size, caches.companyUnlocks.size, caches.companyPages.size]).toEqual([0, 0, 0]);
  });
});
