import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALL_SUBCATEGORIES,
  CATEGORY_NAMES,
  categoryPath,
  resolveLanding,
  SITE,
  subcategoryPath,
} from '@marketplace/contracts';
import { AUTH_PAGES, STATIC_PAGES } from '@marketplace/page-head';
import { loadConfig } from '@marketplace/service-kit';
import { seedPGliteDataDir } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { EdgeConfigSchema } from '../config';
import { startEdge, type Edge } from '../edge';
import { registerStaticSite } from '../static-site';

/** The shell's index.html as the build writes it (minified: one line, attribute quotes left out). */
const SHELL_INDEX =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
  `<meta name=description content="${SITE.description}"><title>${SITE.title}</title>` +
  '<style>body{margin:0}</style></head>' +
  '<body><div id=root></div><noscript>This site needs JavaScript to run.</noscript>' +
  '<script defer src=/main.0123abcd.js></script></body></html>';

/** The catalogue remote's build manifest, as far as the edge reads it. */
const CATALOGUE_MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  exposes: [
    {
      path: './routes',
      assets: { js: { sync: ['__federation_expose_routes.0a1b2c3d.js'] }, css: { sync: [] } },
    },
  ],
});
const CATALOGUE_ENTRY_HINT =
  '<link rel="preload" as="script" fetchpriority="low" href="/remotes/catalogue/remoteEntry.js">';

function webRoot(dir: string): string {
  const web = join(dir, 'web');
  mkdirSync(join(web, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(web, 'shell', 'dist', 'index.html'), SHELL_INDEX);
  writeFileSync(join(web, 'shell', 'dist', 'main.0123abcd.js'), 'console.log(1)');
  mkdirSync(join(web, 'mfe-catalogue', 'dist'), { recursive: true });
  writeFileSync(join(web, 'mfe-catalogue', 'dist', 'mf-manifest.json'), CATALOGUE_MANIFEST);
  return web;
}

/** What a crawler reads in a page's head and root element. */
function read(html: string) {
  const meta = (attr: string, key: string) =>
    [...html.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`, 'g'))].map((m) => m[1]);
  const root = /<div id="root">([\s\S]*?)<\/div><noscript>/.exec(html)?.[1] ?? '';
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    descriptions: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonicals: [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => m[1]),
    og: (key: string) => meta('property', `og:${key}`),
    h1: /<h1>([^<]*)<\/h1>/.exec(root)?.[1],
    root,
  };
}

const XML_TEXT = '([^<>&]|&(amp|lt|gt|quot|#39);)*';
/** The shape of a sitemap urlset with well-formed text (no raw & or <). */
const URLSET = new RegExp(
  `^<\\?xml version="1.0" encoding="UTF-8"\\?>\\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\\n` +
    `(<url><loc>${XML_TEXT}</loc>(<lastmod>${XML_TEXT}</lastmod>)?</url>\\n)*</urlset>\\n$`,
);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);

describe('search engines, embedded topology', () => {
  let dir: string;
  let edge: Edge;
  const ids: Record<string, string> = {};
  const origin = 'https://market.example';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-seo-'));
    const config = loadConfig(EdgeConfigSchema, {
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      WEB_ROOT: webRoot(dir),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: origin,
    });
    // The embedded edge keeps PGlite in DATA_DIR/pglite: an empty cluster put there spares it initdb.
    await seedPGliteDataDir(join(dir, 'data', 'pglite'));
    edge = await startEdge(config);
    for (const [key, name, subcategory] of [
      ['ace', 'Ace Plumbing', ['Plumber', 'Tiler']],
      ['clean', 'Clean City', ['Cleaning']],
    ] as const) {
      const response = await edge.app.inject({
        method: 'POST',
        url: '/api/user',
        payload: {
          email: `${key}@firms.ng`,
          name,
          password: 'secret12',
          type: 'company',
          cacnumber: 'RC 123456',
          phoneNumber: '0803 123 4567',
          address: '12 Allen Avenue, Ikeja',
          state: 'Lagos',
          pincode: '100001',
          category: ['Craftsman', 'Services'],
          subcategory,
        },
      });
      expect(response.statusCode).toBe(200);
      ids[key] = response.json().user._id;
    }
  }, 60_000);

  afterAll(async () => {
    await edge?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => edge.app.inject({ method: 'GET', url });

  it('serves robots.txt: everything but the signed-in area and the API, and where the sitemap is', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', `Sitemap: ${origin}/sitemap.xml`]),
    );
    for (const path of ['/dashboard', '/chat', '/api/', '/allusers', '/edit-profile', '/jobpost']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /category/');
  });

  it('lists every catalogue page and company once, by its canonical address, in a well-formed sitemap', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(URLSET);
    const urls = locs(res.body);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${origin}/`);
    for (const page of Object.values(STATIC_PAGES)) expect(urls).toContain(`${origin}${page.path}`);
    for (const name of CATEGORY_NAMES) expect(urls).toContain(`${origin}${categoryPath(name)}`);
    for (const name of ALL_SUBCATEGORIES) expect(urls).toContain(`${origin}${subcategoryPath(name)}`);
    expect(urls).toContain(`${origin}/sub-category/Dormitory%2Frental%20unit`);
    expect(urls).toContain(`${origin}/company-profile/${ids.ace}`);
    expect(urls).toContain(`${origin}/company-profile/${ids.clean}`);
    expect(urls).toHaveLength(
      Object.keys(STATIC_PAGES).length + CATEGORY_NAMES.length + ALL_SUBCATEGORIES.length + 2,
    );
    expect(res.body).toMatch(new RegExp(`<loc>${origin}/company-profile/${ids.ace}</loc><lastmod>\\d{4}-`));
  });

  it("writes a category page's title, description, canonical, Open Graph, h1 and intro into the shell", async () => {
    const res = await get('/category/Craftsman');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const landing = resolveLanding('category', 'Craftsman');
    const page = read(res.body);
    expect(page.titles).toEqual([`${landing.copy.title} | Naija Marketplace`]);
    expect(page.descriptions).toEqual([landing.copy.description]);
    expect(page.canonicals).toEqual([`${origin}/category/Craftsman`]);
    expect(page.og('title')).toEqual(page.titles);
    expect(page.og('description')).toEqual(page.descriptions);
    expect(page.og('url')).toEqual(page.canonicals);
    expect(page.og('type')).toEqual(['website']);
    expect(page.og('image')).toEqual([`${origin}/og-image.png`]);
    expect(page.robots).toEqual([]);
    expect(page.h1).toBe(landing.copy.title);
    expect(page.root).toContain(`<p class="crawler-summary__lead">${landing.copy.description}</p>`);
    // Drawn as the page's hero while the scripts load (the first paint); the links are for crawlers.
    expect(page.root).toMatch(/^<div class="crawler-summary" data-look="landing">/);
    expect(page.root).toContain('<li>Tradespeople rated by customers they have worked for</li>');
    expect(page.root).toContain('<a href="/sub-category/Plumber">Plumber</a>');
    // The shell's scripts and its own head are kept; nothing is doubled.
    expect(res.body).toContain('<script defer src=/main.0123abcd.js></script>');
    expect(res.body).not.toContain(`<title>${SITE.title}</title>`);
    expect(res.body).not.toContain(SITE.description);
  });

  it('gives another casing or underscore form of a key the same canonical address and words', async () => {
    const canonical = read((await get('/sub-category/Paving%20stone')).body);
    for (const path of [
      '/sub-category/paving_stone',
      '/category/PAVING%20STONE',
      '/sub-category/paving%20Stone',
    ]) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      const page = read(res.body);
      expect(page.canonicals).toEqual([`${origin}/sub-category/Paving%20stone`]);
      expect(page.titles).toEqual(canonical.titles);
      expect(page.h1).toBe(canonical.h1);
    }
  });

  it('gives an unknown key the pest-control fallback of the page, its own address and noindex', async () => {
    const res = await get('/category/bee_keeping');
    expect(res.statusCode).toBe(200);
    const page = read(res.body);
    expect(page.h1).toBe('bee keeping: get rid of pests for good');
    expect(page.canonicals).toEqual([`${origin}/category/bee_keeping`]);
    expect(page.robots).toEqual(['noindex, follow']);
  });

  it('writes the home and static pages from the same copy the pages show', async () => {
    for (const copy of Object.values(STATIC_PAGES)) {
      const page = read((await get(copy.path)).body);
      expect([copy.path, page.titles, page.h1, page.canonicals]).toEqual([
        copy.path,
        [`${copy.heading} | Naija Marketplace`],
        copy.heading,
        [`${origin}${copy.path}`],
      ]);
      expect(page.descriptions).toEqual([copy.lead]);
      // Each static page's summary is its first paint: the home page's hero, the others' title band
      // (/other-services' with its search box).
      const look = copy.path === '/' ? 'home' : 'band';
      expect([
        copy.path,
        /^<div class="crawler-summary"(?: data-look="(\w+)")?>/.exec(page.root)?.[1],
      ]).toEqual([copy.path, look]);
    }
    // The about page's first section (its largest text on a phone) under the band, as the page draws it.
    const about = read((await get('/aboutus')).body).root;
    expect(about).toContain(
      `<div class="jp-wrap jp-doc"><div class="jp-doc-section" id="mission"><h2>Our mission</h2><p>`,
    );
    expect(about).toContain('<strong>Our mission is to let people post their job requirements');
    expect(about).not.toContain('**');
    const services = read((await get('/other-services')).body).root;
    expect(services).toContain(
      '<div class="jp-search"><span class="jp-search-label">What do you need help with?</span>',
    );
    expect(services).toContain('<span>e.g. plumber, cleaning, roof</span>');
    // Its links for crawlers, every category and trade, stay (hidden while scripts run).
    expect(services).toContain('<section><h2><a href="/category/Craftsman">Craftsman</a></h2><ul><li>');
  });

  it("writes a company's public fields (never its contact details) and a 404 for an unknown id", async () => {
    const res = await get(`/company-profile/${ids.ace}`);
    expect(res.statusCode).toBe(200);
    const page = read(res.body);
    expect(page.titles).toEqual(['Ace Plumbing | Naija Marketplace']);
    expect(page.h1).toBe('Ace Plumbing');
    expect(page.canonicals).toEqual([`${origin}/company-profile/${ids.ace}`]);
    expect(page.descriptions).toEqual([
      'Ace Plumbing on Naija Marketplace: Plumber, Tiler. Read its reviews and post your job for free.',
    ]);
    expect(page.root).toContain('This company has not written a description yet.');
    // Drawn as the profile (its first paint); no photo yet, so its initials on the green.
    expect(page.root).toMatch(/^<div class="crawler-summary" data-look="profile"><header>/);
    expect(page.root).toContain(
      '<div class="crawler-summary__photo" aria-hidden="true"><span>AP</span></div>',
    );
    expect(page.root).toContain('<a href="/sub-category/Tiler">Tiler</a>');
    expect(res.body).not.toMatch(/ace@firms\.ng|0803|Allen Avenue|100001/);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await get(`/company-profile/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
      expect(missing.body).toBe(SHELL_INDEX);
    }
  });

  it('draws every page of the sign-in card with its pitch for the first paint, from the words the pages show', async () => {
    for (const key of Object.keys(AUTH_PAGES) as Array<keyof typeof AUTH_PAGES>) {
      const copy = AUTH_PAGES[key];
      const res = await get(copy.path);
      expect(res.statusCode).toBe(200);
      const page = read(res.body);
      expect(page.titles).toEqual([`${copy.heading} | Naija Marketplace`]);
      expect(page.descriptions).toEqual([copy.description]);
      expect(page.canonicals).toEqual([`${origin}${copy.path}`]);
      // The pages a mailed link opens are kept out of search results.
      expect([key, page.robots]).toEqual([key, copy.noindex ? ['noindex, follow'] : []]);
      const look = copy.wide ? 'auth-wide' : 'auth';
      expect(page.root).toMatch(new RegExp(`^<div class="crawler-summary" data-look="${look}"><header>`));
      expect(page.root).toContain(`<div class="crawler-summary__aside"><p>${copy.aside.title}</p><ul><li>`);
      expect(page.h1).toBe(copy.heading);
      expect(page.root.includes('crawler-summary__lead')).toBe(copy.lead !== undefined);
      if (copy.leadLink) {
        expect(page.root).toContain(
          `${copy.lead} <a href="${copy.leadLink.path}">${copy.leadLink.name}</a></p>`,
        );
      }
      // Room for the form the page draws under the lead, so the card does not grow under the reader.
      expect(page.root).toContain(`<div style="height:${copy.formHeight}px"></div>`);
    }
    expect(Object.keys(AUTH_PAGES)).toEqual(
      expect.arrayContaining([
        'login',
        'signup',
        'register',
        'forgotPassword',
        'resetPassword',
        'verifyEmail',
      ]),
    );
    // A query (where to go after signing in) does not change the page.
    expect(read((await get('/login?next=%2Fjobpost')).body).h1).toBe(AUTH_PAGES.login.heading);
  });

  it("has the catalogue's pages ask for the catalogue remote's files from the HTML, and the shell's not", async () => {
    for (const path of [
      '/',
      '/aboutus',
      '/category/Craftsman',
      '/sub-category/plumber',
      `/company-profile/${ids.ace}`,
      '/company-profile',
    ]) {
      const html = (await get(path)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      expect([path, head]).toEqual([path, expect.stringContaining(CATALOGUE_ENTRY_HINT)]);
      expect(head).toContain('href="/remotes/catalogue/__federation_expose_routes.0a1b2c3d.js"');
      expect(head).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/remotes/catalogue/mf-manifest.json">',
      );
      // Held in a template until the page is painted (the shell's starter lets them go).
      const held = /<template data-after-paint>((?:<link [^>]*>)*)<\/template>/.exec(head)?.[1];
      expect(held).toContain(CATALOGUE_ENTRY_HINT);
    }
    for (const path of ['/login', '/signup', '/company-profile/00000000-0000-4000-8000-000000000000']) {
      expect([path, (await get(path)).body]).toEqual([
        path,
        expect.not.stringContaining('/remotes/catalogue/'),
      ]);
    }
  });

  it('draws /jobs with the search band and the results, none while no job is open', async () => {
    const page = read((await get('/jobs')).body);
    expect(page.titles).toEqual(['Find open jobs | Naija Marketplace']);
    expect(page.h1).toBe('Find open jobs');
    expect(page.root).toMatch(/^<div class="crawler-summary" data-look="jobs"><header>/);
    expect(page.root).toContain('<h2>All open jobs</h2></div>');
    expect(page.root).not.toContain('<h3>');
  });

  it('leaves pages whose files no build here names as the shell built them, and serves the Open Graph picture', async () => {
    // No shell chunk-files.json and no jobs remote in this web root (page-hints.test.ts has them).
    for (const path of ['/edit-profile', '/dashboard']) {
      const res = await get(path);
      expect([path, res.statusCode, res.body]).toEqual([path, 200, SHELL_INDEX]);
    }
    // A HEAD (uptime checks, some crawlers) answers as the GET would, without the body.
    for (const path of ['/', '/category/Craftsman', '/login']) {
      const res = await edge.app.inject({ method: 'HEAD', url: path });
      expect([path, res.statusCode, res.headers['content-type'], res.body]).toEqual([
        path,
        200,
        expect.stringMatching(/^text\/html/),
        '',
      ]);
    }
    const image = await get('/og-image.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('search engines, accounts over HTTP (distributed topology)', () => {
  const EVIL = `<script>alert("x")</script> O'Neil & "Sons"`;
  let dir: string;
  let app: FastifyInstance;
  let accounts: Server;
  let companyReads = 0;
  const requestIds: Array<string | undefined> = [];
  const companyIds = [...Array.from({ length: 249 }, (_, i) => `c-${String(i).padStart(3, '0')}`), "o'neil"];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-seo-http-'));
    accounts = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://accounts');
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/api/accounts/companies') {
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const slice = companyIds.slice((page - 1) * limit, page * limit);
        return send(200, {
          companies: slice.map((_id) => ({ _id, updatedAt: '2026-11-20T10:00:00.000Z' })),
          page,
          limit,
          total: companyIds.length,
        });
      }
      const id = decodeURIComponent(url.pathname.replace('/api/accounts/companies/', ''));
      companyReads += 1;
      requestIds.push(request.headers['x-request-id'] as string | undefined);
      if (id === 'evil') {
        return send(200, {
          statusCode: 200,
          company: {
            _id: 'evil',
            name: EVIL,
            email: 'owner@evil.example',
            phoneNumber: '+2348030000000',
            address: '1 Secret Street',
            pincode: '100001',
            subcategory: ['Plumber'],
            description: 'Pipes & <b>drains</b> since "2009"',
            photoUrl: '/x.png" onerror="alert(1)',
            type: 'company',
            rating: { average: 4.5, count: 2 },
            replyMinutes: 150,
          },
        });
      }
      if (id === 'pictured') {
        return send(200, {
          statusCode: 200,
          company: {
            _id: 'pictured',
            name: 'Ade Roofing',
            subcategory: [],
            description: 'Roofs.',
            photoUrl: '/api/user/photos/0123abcd.webp',
            type: 'company',
            rating: { average: 0, count: 0 },
          },
        });
      }
      if (id === 'down') return send(503, { statusCode: 503 });
      return send(404, { statusCode: 404, message: 'Company not found' });
    });
    await new Promise<void>((done) => accounts.listen(0, '127.0.0.1', done));
    const address = accounts.address();
    const accountsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The edge takes x-request-id as the request's id (serverOptions); here Fastify's own option does.
    app = Fastify({ requestIdHeader: 'x-request-id' });
    await registerStaticSite(app, {
      webRoot: webRoot(dir),
      searchEngines: { accountsUrl, sitemapUrlLimit: 100 },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((done) => accounts?.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('escapes what a company wrote and keeps its contact details out', async () => {
    const res = await get('/company-profile/evil');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>drains');
    const escapedName = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; &quot;Sons&quot;';
    const page = read(res.body);
    expect(page.titles).toEqual([`${escapedName} | Naija Marketplace`]);
    expect(page.og('title')).toEqual([`${escapedName} | Naija Marketplace`]);
    expect(page.h1).toBe(escapedName);
    expect(page.descriptions).toEqual(['Pipes &amp; &lt;b&gt;drains&lt;/b&gt; since &quot;2009&quot;']);
    expect(page.root).toContain(
      '<li>Rated 4.5 out of 5 from 2 reviews</li><li>Usually replies within 3 hours</li>',
    );
    expect(res.body).not.toMatch(/owner@evil|2348030000000|Secret Street|onerror/);
    // A photo address that is not one of the site's own paths is not written: the initials are.
    expect(page.root).toContain(
      '<div class="crawler-summary__photo" aria-hidden="true"><span>&lt;O</span></div>',
    );
    // The request's own origin without PUBLIC_URL (local runs).
    expect(page.canonicals).toEqual(['http://localhost:80/company-profile/evil']);
  });

  it("draws a profile's photo at the first paint, asked for before anything else", async () => {
    const page = read((await get('/company-profile/pictured')).body);
    expect(page.root).toContain(
      '<div class="crawler-summary__photo" aria-hidden="true">' +
        '<img src="/api/user/photos/0123abcd.webp" alt="" width="1180" height="320" fetchpriority="high"></div>',
    );
    expect(page.root).toMatch(/^<div class="crawler-summary" data-look="profile">/);
  });

  it('asks accounts under the id of the page request that needs the company', async () => {
    const page = await app.inject({
      url: '/company-profile/traced',
      headers: { 'x-request-id': 'page-req-1' },
    });
    expect(page.statusCode).toBe(404);
    expect(requestIds.at(-1)).toBe('page-req-1');
  });

  it('keeps a company briefly: a second view does not ask accounts again', async () => {
    const before = companyReads;
    await get('/company-profile/evil');
    await get('/company-profile/gone');
    await get('/company-profile/gone');
    expect(companyReads - before).toBe(1);
  });

  it('sends the shell as it is when accounts cannot answer, and a 404 for a company it does not know', async () => {
    const down = await get('/company-profile/down');
    // The shell as it is, asking for the catalogue's files all the same (the page is the catalogue's).
    expect([down.statusCode, down.body.replace(/<template data-after-paint>.*<\/template>/, '')]).toEqual([
      200,
      SHELL_INDEX,
    ]);
    expect(down.body).toContain(CATALOGUE_ENTRY_HINT);
    const gone = await get('/company-profile/gone');
    expect([gone.statusCode, gone.body]).toEqual([404, SHELL_INDEX]);
  });

  it('splits a sitemap above its limit into an index of files, each address once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    expect(files).toEqual([
      'http://localhost:80/sitemaps/pages.xml',
      'http://localhost:80/sitemaps/companies-1.xml',
      'http://localhost:80/sitemaps/companies-2.xml',
      'http://localhost:80/sitemaps/companies-3.xml',
    ]);
    const all: string[] = [];
    for (const file of files) {
      const res = await get(new URL(file).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(URLSET);
      expect(locs(res.body).length).toBeLessThanOrEqual(100);
      all.push(...locs(res.body));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((url) => url.includes('/company-profile/'))).toHaveLength(companyIds.length);
    // encodeURIComponent leaves ' alone: the XML escapes it.
    expect(all).toContain('http://localhost:80/company-profile/o&#39;neil');
    expect((await get('/sitemaps/companies-4.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
  });
});
