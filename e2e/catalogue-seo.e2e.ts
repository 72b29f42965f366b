/**
 * What search engines and link previews see of the catalogue: a Chromium with JavaScript off (a crawler
 * that runs no scripts) reads each page's title, description, canonical address, Open Graph tags, h1 and
 * intro from the HTML the edge sends; robots.txt and the sitemap; with JavaScript on, the home and landing
 * summaries are the first paint (drawn as the page's hero, kept until the page arrives, no extra layout
 * shift), the others never show, and the head follows client-side navigation.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { AUTH_PAGES } from '@marketplace/page-head';
import { uniqueEmail } from './support/accounts';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { startEmbedded, webRootCopy, type EmbeddedSite } from './support/servers';

/** The head as the browser holds it (no named functions inside evaluate: tsx would wrap them). */
async function head(page: Page) {
  const { title, tags } = await page.evaluate(() => ({
    title: document.title,
    tags: [...document.head.querySelectorAll('meta, link')].map((element) => [
      element.getAttribute('name') ?? element.getAttribute('property') ?? element.getAttribute('rel') ?? '',
      element.getAttribute('content') ?? element.getAttribute('href') ?? '',
    ]),
  }));
  const all = (key: string) => tags.filter(([name]) => name === key).map(([, value]) => value);
  return {
    title,
    descriptions: all('description'),
    canonicals: all('canonical'),
    ogTitle: all('og:title'),
    ogUrl: all('og:url'),
    ogImage: all('og:image'),
    ogType: all('og:type'),
    robots: all('robots'),
  };
}

/** The page's cumulative layout shift so far (shifts right after input do not count, as in CLS). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );

describe('catalogue pages for search engines', () => {
  let site: EmbeddedSite;
  let crawler: BrowserContext;
  let browser: BrowserContext;
  let companyId: string;
  let web: { dir: string; cleanup(): void };

  before(async () => {
    web = await webRootCopy();
    site = await startEmbedded({ webRoot: web.dir });
    crawler = await launchBrowser({ javaScriptEnabled: false });
    browser = await launchBrowser();
    const page = await browser.newPage();
    const response = await page.request.post(`${site.url}/api/user`, {
      data: {
        email: uniqueEmail('seo-company'),
        name: 'Lekki Pipes and Drains',
        password: 'secret12',
        type: 'company',
        cacnumber: 'RC 123456',
        phoneNumber: '0803 123 4567',
        address: '12 Admiralty Way, Lekki',
        state: 'Lagos',
        pincode: '105102',
        category: ['Craftsman'],
        subcategory: ['Plumber'],
      },
    });
    assert.equal(response.status(), 200, await response.text());
    companyId = (await response.json()).user._id;
    await page.close();
  });
  after(async () => {
    await crawler?.close();
    await browser?.close();
    await site?.stop();
    web?.cleanup();
  });

  it('a crawler without JavaScript reads the title, description, canonical, Open Graph, h1 and intro', async () => {
    const page = await crawler.newPage();
    const response = await page.goto(`${site.url}/category/Craftsman`);
    assert.equal(response?.status(), 200);
    const tags = await head(page);
    assert.equal(tags.title, 'Hire a trusted craftsman near you | Naija Marketplace');
    assert.equal(tags.descriptions.length, 1);
    assert.match(tags.descriptions[0] ?? '', /^Carpenters, electricians, plumbers/);
    assert.deepEqual(tags.canonicals, [`${site.url}/category/Craftsman`]);
    assert.deepEqual(tags.ogTitle, [tags.title]);
    assert.deepEqual(tags.ogUrl, tags.canonicals);
    assert.deepEqual(tags.ogType, ['website']);
    assert.deepEqual(tags.ogImage, [`${site.url}/og-image.png`]);
    const h1 = page.locator('h1');
    assert.equal(await h1.count(), 1);
    assert.equal(await h1.textContent(), 'Hire a trusted craftsman near you');
    // Without scripts the summary is the page a visitor sees.
    assert.ok(await h1.isVisible(), 'the h1 shows without JavaScript');
    await page.getByText('Tradespeople rated by customers they have worked for').waitFor();
    await shoot(page, 'seo-category-no-javascript');

    const image = await page.request.get(tags.ogImage[0] ?? '');
    assert.equal(image.headers()['content-type'], 'image/png');
    await page.close();
  });

  it('a crawler reads one canonical address for every casing, a company profile, and a 404 for an unknown company', async () => {
    const page = await crawler.newPage();
    await page.goto(`${site.url}/category/plumber`);
    assert.deepEqual((await head(page)).canonicals, [`${site.url}/sub-category/Plumber`]);
    await page.goto(`${site.url}/sub-category/PLUMBER`);
    assert.deepEqual((await head(page)).canonicals, [`${site.url}/sub-category/Plumber`]);

    const profile = await page.goto(`${site.url}/company-profile/${companyId}`);
    assert.equal(profile?.status(), 200);
    assert.equal(await page.locator('h1').textContent(), 'Lekki Pipes and Drains');
    assert.equal((await head(page)).title, 'Lekki Pipes and Drains | Naija Marketplace');
    const html = await profile?.text();
    assert.doesNotMatch(html ?? '', /0803|Admiralty|105102|seo-company/, 'no contact details in the page');

    const missing = await page.goto(`${site.url}/company-profile/00000000-0000-4000-8000-000000000000`);
    assert.equal(missing?.status(), 404);
    await page.close();
  });

  it('serves robots.txt and a well-formed sitemap of the catalogue and the companies', async () => {
    const page = await browser.newPage();
    const robots = await page.request.get(`${site.url}/robots.txt`);
    const lines = (await robots.text()).split('\n');
    for (const line of [
      'Disallow: /dashboard',
      'Disallow: /chat',
      'Disallow: /api/',
      `Sitemap: ${site.url}/sitemap.xml`,
    ]) {
      assert.ok(lines.includes(line), line);
    }
    await page.goto(`${site.url}/`);
    const sitemap = await page.evaluate(async () => {
      const xml = await (await fetch('/sitemap.xml')).text();
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.nodeName,
        urls: [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
      };
    });
    assert.equal(sitemap.error, null);
    assert.equal(sitemap.root, 'urlset');
    assert.equal(new Set(sitemap.urls).size, sitemap.urls.length, 'each address once');
    for (const path of ['/', '/aboutus', '/category/Craftsman', '/sub-category/Dormitory%2Frental%20unit']) {
      assert.ok(sitemap.urls.includes(`${site.url}${path}`), path);
    }
    assert.ok(sitemap.urls.includes(`${site.url}/company-profile/${companyId}`));
    await page.close();
  });

  it("with JavaScript a category page's hero (a profile, the sign-in card) is the first paint, kept until the page arrives; the head follows navigation", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    // Scripts blocked: the edge's HTML alone draws the page's hero; its links for crawlers take no room.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${site.url}/category/Craftsman`);
    const firstPaint = page.locator('.crawler-summary[data-look="landing"] h1');
    assert.equal(await firstPaint.textContent(), 'Hire a trusted craftsman near you');
    assert.ok(await firstPaint.isVisible(), 'the heading is on screen before any script');
    const links = await page.locator('.crawler-summary section').first().boundingBox();
    assert.ok(
      links && links.width <= 1 && links.height <= 1,
      `crawler links hidden (${JSON.stringify(links)})`,
    );
    // A company profile is drawn too: its picture (photo or initials) and its introduction.
    await page.goto(`${site.url}/company-profile/${companyId}`);
    const profileHeading = page.locator('.crawler-summary[data-look="profile"] h1');
    assert.ok(await profileHeading.isVisible(), 'the company is named before any script');
    const picture = await page.locator('.crawler-summary__photo').boundingBox();
    assert.ok(picture && picture.width > 300 && picture.height >= 140, `picture ${JSON.stringify(picture)}`);
    // So is the sign-in card; its form comes with the scripts.
    await page.goto(`${site.url}/login`);
    assert.ok(
      await page.locator('.crawler-summary[data-look="auth"] h1', { hasText: 'Sign in' }).isVisible(),
    );
    await page.unroute('**/*.js');

    // The catalogue remote held back: the shell is up (its header) and shows the same hero, not skeletons.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remotes/catalogue/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.url}/category/Craftsman`);
    await page.locator('.site-header').waitFor();
    const kept = page.locator('.ui-prerendered .crawler-summary h1');
    await kept.waitFor();
    assert.equal(await kept.textContent(), 'Hire a trusted craftsman near you');
    assert.equal(await page.locator('h1').count(), 1);
    assert.equal(await page.locator('.ui-skeleton').count(), 0, 'no skeleton');
    const keptBox = await kept.boundingBox();
    const keptLead = await page.locator('.ui-prerendered .crawler-summary__lead').boundingBox();
    release(); // the route stays: requests it held go on now, later ones at once

    await page.locator('.crawler-summary').waitFor({ state: 'detached' });
    await page.locator('#main h1').waitFor();
    assert.equal(await page.locator('h1').count(), 1);
    // The edge draws the hero as the remote does: the heading and the intro do not move when it arrives.
    const near = (a: number | undefined, b: number | undefined) =>
      a !== undefined && b !== undefined && Math.abs(a - b) <= 2;
    for (const [what, before, after] of [
      ['heading', keptBox, await page.locator('#main h1').boundingBox()],
      ['intro', keptLead, await page.locator('#main .landing-hero__lead').boundingBox()],
    ] as const) {
      assert.ok(
        near(before?.x, after?.x) &&
          near(before?.y, after?.y) &&
          near(before?.width, after?.width) &&
          near(before?.height, after?.height),
        `${what}: first paint ${JSON.stringify(before)}, page ${JSON.stringify(after)}`,
      );
    }
    const first = await head(page);
    assert.equal(first.title, 'Hire a trusted craftsman near you | Naija Marketplace');
    assert.deepEqual(first.canonicals, [`${site.url}/category/Craftsman`]);

    // Client-side navigation: a trade of the category, then a page of the shell's own.
    await page.locator('#main').getByRole('link', { name: 'Plumber', exact: true }).first().click();
    await page.waitForURL(`${site.url}/sub-category/Plumber`);
    await page.waitForFunction(() => document.title.startsWith('Hire a trusted plumber'));
    const trade = await head(page);
    assert.deepEqual(trade.canonicals, [`${site.url}/sub-category/Plumber`]);
    assert.deepEqual(trade.ogUrl, trade.canonicals);
    assert.deepEqual(trade.ogTitle, [trade.title]);
    assert.equal(trade.descriptions.length, 1);

    await page.goto(`${site.url}/category/bee_keeping`);
    await page.locator('#main h1').waitFor();
    assert.deepEqual((await head(page)).robots, ['noindex, follow']);
    await page
      .locator('header')
      .getByRole('link', { name: /sign in/i })
      .first()
      .click();
    await page.waitForURL(`${site.url}/login`);
    // The sign-in page has a head of its own, the same the edge writes into it.
    await page.waitForFunction(() =>
      document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith('/login'),
    );
    const login = await head(page);
    assert.deepEqual(login.robots, []);
    assert.deepEqual(login.ogUrl, [`${site.url}/login`]);
    assert.deepEqual(login.descriptions, [
      'Welcome back. Sign in to post jobs, follow your offers and chat with companies.',
    ]);
    // The company registration has one too, the same the edge writes into it.
    await page.goto(`${site.url}/login`);
    await page.locator('#main').getByRole('link', { name: 'register your company' }).click();
    await page.waitForURL(`${site.url}/register`);
    await page.waitForFunction(() =>
      document.querySelector('link[rel="canonical"]')?.getAttribute('href')?.endsWith('/register'),
    );
    const register = await head(page);
    assert.deepEqual(register.ogUrl, [`${site.url}/register`]);
    assert.deepEqual(register.descriptions, [AUTH_PAGES.register.description]);
    // A page without a head of its own takes it away again.
    await page.locator('header').getByRole('link', { name: 'Find jobs' }).first().click();
    await page.waitForURL(`${site.url}/jobs`);
    await page.waitForFunction(() => !document.querySelector('link[rel="canonical"]'));
    const jobs = await head(page);
    assert.deepEqual(jobs.ogUrl, []);
    assert.deepEqual(jobs.descriptions, [
      'Post your job for free and get offers from vetted companies and tradespeople across Nigeria.',
    ]);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the summary adds no layout shift (CLS with it no higher than with the plain shell)', async () => {
    const plainShell = readFileSync(join(web.dir, 'shell', 'dist', 'index.html'), 'utf8');
    const measure = async (plain: boolean) => {
      const page = await browser.newPage();
      if (plain) {
        await page.route(`${site.url}/category/Craftsman`, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: plainShell }),
        );
      }
      await page.goto(`${site.url}/category/Craftsman`);
      await page.locator('#main h1').waitFor();
      await page.waitForLoadState('networkidle');
      const cls = await layoutShift(page);
      await page.close();
      return cls;
    };
    const withSummary = Math.max(await measure(false), await measure(false));
    const plain = Math.min(await measure(true), await measure(true));
    console.log(
      `CLS on /category/Craftsman: with the summary ${withSummary.toFixed(4)}, plain shell ${plain.toFixed(4)}`,
    );
    assert.ok(withSummary <= plain + 0.001, `CLS ${withSummary} with the summary, ${plain} without`);
  });

  it("the first view's files (the shell's, the catalogue's entry) are asked for together once the first frame is painted, and run after it", async () => {
    const context = await launchBrowser();
    // A failed check must still close the browser, or its process keeps the test file from ending.
    try {
      // Before any page script: note when the shell's first chunk registers itself (its global's first set).
      await context.addInitScript(`(() => {
        let chunks;
        Object.defineProperty(window, 'webpackChunkshell', {
          configurable: true,
          get() { return chunks; },
          set(value) { if (window.__firstShellScriptAt === undefined) window.__firstShellScriptAt = performance.now(); chunks = value; },
        });
      })()`);
      const page = await context.newPage();
      const fetched: string[] = [];
      let manifestFetches = 0;
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === 'script') fetched.push(path);
        if (path === '/remotes/catalogue/mf-manifest.json') manifestFetches += 1;
      });
      // Chromium warns about a preload nothing used (a hint that does not match the request it stands for).
      const unusedPreloads: string[] = [];
      page.on('console', (message) => {
        if (/preloaded using link preload but not used/i.test(message.text()))
          unusedPreloads.push(message.text());
      });
      await page.goto(`${site.url}/`);
      await page.locator('#main h1').waitFor();
      await page.waitForLoadState('networkidle');
      const { preloaded, firstPaint, firstScript, requests } = await page.evaluate(() => ({
        // The hints the starter let out of the head's after-paint templates.
        preloaded: [...document.querySelectorAll('link[rel="preload"][as="script"]')].map(
          (link) => new URL((link as HTMLLinkElement).href).pathname,
        ),
        // Every file the page asked for but the document, when it asked.
        requests: performance
          .getEntriesByType('resource')
          .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })),
        // When the first frame was produced (paintTime), not when the screen showed it (startTime, the
        // presentation, which a loaded machine reports tens of ms later while the page's tasks go on).
        firstPaint: (() => {
          const paint = performance.getEntriesByName('first-paint')[0] as
            (PerformanceEntry & { paintTime?: number }) | undefined;
          return paint?.paintTime ?? paint?.startTime;
        })(),
        firstScript: (window as unknown as { __firstShellScriptAt?: number }).__firstShellScriptAt,
      }));
      // Every script of the shell (under /static/) the home page needed, but pages loaded on demand and the starter itself,
      // is named by the starter (so all asked for at once, not a round trip after main.js), and fetched once.
      const shellScripts = fetched.filter((path) => !path.startsWith('/remotes/'));
      const starterPath = shellScripts.find((path) => /^\/static\/start\.[0-9a-f]+\.js$/.test(path));
      assert.ok(starterPath, `the starter fetched (${fetched.join(', ')})`);
      const starter = await (await fetch(`${site.url}${starterPath}`)).text();
      const firstView = shellScripts.filter((path) => !/^\/static\/(lazy-|start\.)/.test(path));
      assert.ok(
        firstView.some((path) => path.startsWith('/static/main.')),
        `main.js fetched (${fetched.join(', ')})`,
      );
      for (const path of firstView) assert.ok(starter.includes(`"${path}"`), `${path} named by the starter`);
      // Nothing but the starter and images was asked for before the first frame: Lighthouse counts every
      // file that finished before the largest paint as needed for it.
      assert.ok(firstPaint !== undefined, 'first paint');
      const early = requests.filter(
        (r) => r.at < firstPaint && r.path !== starterPath && !/\.(webp|avif|png|jpe?g|svg)$/.test(r.path),
      );
      assert.deepEqual(early, [], `asked for before the first frame (at ${firstPaint} ms)`);
      assert.equal(new Set(fetched).size, fetched.length, `each script once (${fetched.join(', ')})`);
      // Each of them opens with Chromium's compile hint (V8 compiles their functions while streaming them
      // in, off the main thread); a chunk loaded on demand does not, as much of it may never run.
      const opensWithHint = async (path: string) =>
        (await (await fetch(`${site.url}${path}`)).text()).startsWith('//# allFunctionsCalledOnLoad\n');
      for (const path of firstView)
        assert.ok(await opensWithHint(path), `${path} opens with the compile hint`);
      const onDemand = shellScripts.filter((path) => path.startsWith('/static/lazy-'));
      assert.ok(onDemand.length > 0, `a chunk loaded on demand (${shellScripts.join(', ')})`);
      for (const path of onDemand) assert.ok(!(await opensWithHint(path)), `${path} has no compile hint`);
      // The catalogue remote that renders the page: its entry and its pages' module, named by the edge.
      const catalogue = fetched.filter((path) =>
        /^\/remotes\/catalogue\/(remoteEntry|__federation_expose_routes\.)/.test(path),
      );
      assert.equal(catalogue.length, 2, `the catalogue's entry and routes (${fetched.join(', ')})`);
      for (const path of catalogue) assert.ok(preloaded.includes(path), `${path} preloaded`);
      assert.equal(manifestFetches, 1, "the catalogue's manifest is fetched once (the preload is used)");
      await page.waitForTimeout(3500); // Chromium reports an unused preload 3 s after the load event
      assert.deepEqual(unusedPreloads, []);
      // The edge's page is painted (its first frame produced) before any of the shell's JavaScript runs.
      assert.ok(firstPaint !== undefined && firstScript !== undefined, `${firstPaint} / ${firstScript}`);
      assert.ok(
        firstPaint < firstScript,
        `first paint at ${firstPaint} ms, first shell script at ${firstScript} ms`,
      );
    } finally {
      await context.close();
    }
  });
});
