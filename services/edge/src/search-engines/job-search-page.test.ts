// /jobs as the edge writes it: the job search's band and the first page of cards from the jobs service
// (here a stand-in over HTTP, as in the distributed topology), drawn before the jobs remote loads. Only
// what a card shows leaves the service's answer: never the poster or their contact details.
import { createServer, type Server } from 'node:http';
import { SITE } from '@marketplace/contracts';
import { JOB_SEARCH_COPY, jobApplyCopy, resolveJobApplyType } from '@marketplace/page-head';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStaticSite } from '../static-site';
import { testWebRoot } from '../testing/web-root';

const EVIL = `<img src=x onerror="alert(1)"> Fix O'Neil's "roof" & gutter`;

/** Two jobs as GET /api/jobs/search answers, with every field a poster gave (most must not be drawn). */
const JOBS = [
  {
    _id: 'job-1',
    title: 'ignored: the heading wins',
    jobHeading: EVIL,
    description: 'Call me on 0803 555 1212 or write to poster@private.example',
    category: 'Craftsman',
    subcategory: ['Roofer'],
    state: 'Lagos',
    pincode: '105102',
    jobStartDate: '2026-12-06',
    status: 'open',
    images: [{ url: '/api/jobs/images/roof.webp' }],
    postedBy: { _id: 'u-1', name: 'Secretname Poster' },
    createdAt: '2026-11-27T08:00:00.000Z',
    unlockCount: 1234,
    // Not in the list's schema, but an old or faulty service might send them: never written.
    email: 'poster@private.example',
    phoneNumber: '+2348035551212',
    address: '7 Hidden Close, Ikeja',
  },
  {
    _id: 'job-2',
    title: 'Paint a fence',
    jobHeading: '',
    description: 'Two coats.',
    category: 'Craftsman',
    subcategory: [],
    state: null,
    pincode: null,
    jobStartDate: '2027-01-03T00:00:00.000Z',
    status: 'open',
    images: [{ url: 'https://elsewhere.example/tracker.png' }],
    postedBy: { _id: 'u-2', name: 'Another Poster' },
    createdAt: '2026-11-27T07:00:00.000Z',
    unlockCount: 1,
  },
];

describe('the job search page the edge writes (/jobs)', () => {
  let site: ReturnType<typeof testWebRoot>;
  let app: FastifyInstance;
  let jobs: Server;
  let answer: 'jobs' | 'down' = 'jobs';
  const asked: Array<{ url: string; requestId?: string; cookie?: string }> = [];

  beforeAll(async () => {
    site = testWebRoot('edge-jobs-page-');
    const web = site.webRoot;
    jobs = createServer((request, response) => {
      asked.push({
        url: request.url ?? '',
        requestId: request.headers['x-request-id'] as string | undefined,
        cookie: request.headers.cookie,
      });
      const status = answer === 'jobs' ? 200 : 503;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          answer === 'jobs' ? { jobs: JOBS, page: 1, limit: 12, hasMore: false } : { statusCode: 503 },
        ),
      );
    });
    await new Promise<void>((done) => jobs.listen(0, '127.0.0.1', done));
    const address = jobs.address();
    const jobsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    app = Fastify({ requestIdHeader: 'x-request-id' });
    // Kept for no time here, so each request asks (the keeping has its own test below).
    await registerStaticSite(app, { webRoot: web, searchEngines: { jobsUrl, jobListing: { ttlMs: 0 } } });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((done) => jobs?.close(done));
    site.remove();
  });

  beforeEach(() => {
    answer = 'jobs';
    asked.length = 0;
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    const root = /<div id="root">([\s\S]*)<\/div><noscript>/.exec(res.body)?.[1] ?? '';
    return { html: res.body, root };
  };

  it('writes the head, the band and the first page of cards with what each card shows', async () => {
    const { html, root } = await page('/jobs', { 'x-request-id': 'jobs-page-1' });
    expect(html).toContain(`<title>${JOB_SEARCH_COPY.heading} | ${SITE.name}</title>`);
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/jobs">');
    expect(root).toMatch(/^<div class="crawler-summary" data-look="jobs"><header>/);
    expect(root).toContain(`<h1>${JOB_SEARCH_COPY.heading}</h1>`);
    expect(root).toContain(`<p class="jp-lead">Jobs posted by customers across Nigeria, newest first.`);
    expect(root).toContain(
      `<h2>${JOB_SEARCH_COPY.allJobs}</h2><p class="jp-count">Jobs 1–2, newest first</p>`,
    );
    // The cards in the service's order; what they say, escaped.
    const titles = [...root.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Fix O&#39;Neil&#39;s &quot;roof&quot; &amp; gutter',
      'Paint a fence',
    ]);
    expect(root).toContain('<p class="jp-trade">Roofer</p>');
    expect(root).toContain('<p class="jp-trade">Craftsman</p>');
    expect(root).toContain('<li>Lagos</li>');
    expect(root).toContain('<li>State not given</li>');
    expect(root).toContain('Starts <time datetime="2026-12-06">Sun, 6 Dec 2026</time>');
    expect(root).toContain('Starts <time datetime="2027-01-03">Sun, 3 Jan 2027</time>');
    expect(root).toContain('<li>1,234 companies unlocked</li>');
    expect(root).toContain('<li>1 company unlocked</li>');
    // The site's own image, lazy and sized; another host's is not written (the card's tint stands in).
    expect(root).toContain(
      '<div class="jp-media"><img src="/api/jobs/images/roof.webp" alt="" width="320" height="180" loading="lazy" decoding="async"></div>',
    );
    expect(html).not.toContain('elsewhere.example');
    // A visitor's button.
    expect(root.match(/<span class="jp-action">Login to Apply<\/span>/g)).toHaveLength(2);
    // Nothing of the poster: name, e-mail, phone, address, postal code, nor the description.
    expect(html).not.toMatch(
      /Secretname|Another Poster|poster@private|0803|2348035551212|Hidden Close|105102|Two coats/,
    );
    expect(html).not.toMatch(/<img src=x/);
    // Asked as a visitor, for the first page, under the page request's id.
    expect(asked).toEqual([{ url: '/api/jobs/search?page=1&limit=12', requestId: 'jobs-page-1' }]);
  });

  it("leaves the cards' button blank for a signed-in reader (a company's and a customer's differ)", async () => {
    const { root } = await page('/jobs', { cookie: 'theme=dark; mp_csrf=abc' });
    expect(root).not.toContain('Login to Apply');
    expect(root.match(/<span class="jp-action">&nbsp;<\/span>/g)).toHaveLength(2);
    expect(asked[0]?.cookie).toBeUndefined();
  });

  it('draws the band alone for a filtered search, and when the jobs service cannot answer', async () => {
    const filtered = await page('/jobs?q=roof&state=Lagos');
    expect(filtered.root).toContain(`<h1>${JOB_SEARCH_COPY.heading}</h1>`);
    expect(filtered.root).toContain('<div class="jp-form">');
    expect(filtered.root).not.toMatch(/jp-results|<h3>/);
    expect(asked).toEqual([]);

    answer = 'down';
    const down = await page('/jobs');
    expect(down.root).toMatch(/^<div class="crawler-summary" data-look="jobs">/);
    expect(down.root).not.toMatch(/jp-results|<h3>/);
  });

  it('says so when there are no open jobs', async () => {
    const empty = Fastify();
    const web = site.webRoot;
    const none = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jobs: [], page: 1, limit: 12, hasMore: false }));
    });
    await new Promise<void>((done) => none.listen(0, '127.0.0.1', done));
    try {
      const address = none.address();
      const jobsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await registerStaticSite(empty, { webRoot: web, searchEngines: { jobsUrl } });
      const res = await empty.inject({ method: 'GET', url: '/jobs' });
      const root = res.body.slice(res.body.indexOf('<div id="root">'));
      expect(root).toContain(`<h2>${JOB_SEARCH_COPY.allJobs}</h2></div>`);
      expect(root).not.toMatch(/jp-count|jp-grid/);
    } finally {
      await empty.close();
      await new Promise((done) => none.close(done));
    }
  });

  it('keeps the first page a few seconds: views in that time do not ask the jobs service again', async () => {
    const kept = Fastify();
    const address = jobs.address();
    const jobsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    let now = 1_000;
    await registerStaticSite(kept, {
      webRoot: site.webRoot,
      searchEngines: { jobsUrl, jobListing: { ttlMs: 5000, now: () => now } },
    });
    try {
      for (let i = 0; i < 3; i++) await kept.inject({ method: 'GET', url: '/jobs' });
      expect(asked).toHaveLength(1);
      now += 5001;
      await kept.inject({ method: 'GET', url: '/jobs' });
      expect(asked).toHaveLength(2);
      // A failed answer is not kept.
      answer = 'down';
      now += 5001;
      await kept.inject({ method: 'GET', url: '/jobs' });
      await kept.inject({ method: 'GET', url: '/jobs' });
      expect(asked).toHaveLength(4);
    } finally {
      await kept.close();
    }
  });

  it('writes /jobapply/{type} with its band and two links, asking the jobs service nothing', async () => {
    const { html, root } = await page('/jobapply/build_a_GARAGE');
    const copy = jobApplyCopy(resolveJobApplyType('Build a garage'));
    expect(html).toContain(`<title>${copy.heading} | ${SITE.name}</title>`);
    // The catalogue's spelling in the canonical address, whatever the address's casing.
    expect(html).toContain('<link rel="canonical" href="http://localhost:80/jobapply/Build%20a%20garage">');
    expect(html).not.toContain('noindex');
    expect(root).toMatch(/^<div class="crawler-summary" data-look="jobs"><header>/);
    expect(root).toContain(`<p class="jp-eyebrow">Apply for jobs</p><h1>Build a garage jobs</h1>`);
    expect(root).toContain(`<p class="jp-lead">${copy.lead.replace(/'/g, '&#39;')}</p>`);
    expect(root).toContain(
      '<p class="jp-links"><a href="/sub-category/Build%20a%20garage">About Build a garage on the ' +
        'marketplace</a><a href="/jobs?subcategory=Build+a+garage">Search all open jobs</a></p>',
    );
    // The links take the search form's place; the cards come with the page.
    expect(root).not.toContain('jp-form');
    expect(root).not.toContain('<h3>');
    expect(asked).toHaveLength(0);

    const category = await page('/jobapply/CRAFTSMAN');
    expect(category.root).toContain('<h1>Craftsman jobs</h1>');
    expect(category.root).toContain(
      '<a href="/category/Craftsman">About Craftsman on the marketplace</a>' +
        '<a href="/jobs?category=Craftsman">Search all open jobs</a>',
    );
  });

  it('writes a type nobody offers as the page does, escaped and not indexed', async () => {
    const { html, root } = await page(`/jobapply/${encodeURIComponent('<b>"x"</b>')}`);
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    expect(root).toContain('<h1>&lt;b&gt;&quot;x&quot;&lt;/b&gt; jobs</h1>');
    expect(root).toContain('<p class="jp-links"><a href="/jobs">Search all open jobs</a></p>');
    expect(root).not.toContain('<b>');
    // An address that does not decode is left to the shell, as on the other catalogue pages.
    const broken = await app.inject({ method: 'GET', url: '/jobapply/%E0%A4%A' });
    expect(broken.body).not.toContain('crawler-summary');
    // A NUL, or a type of 5,000 characters: a page all the same, the words escaped, no server error.
    for (const url of [
      '/jobapply/%00',
      `/jobapply/${'a'.repeat(5000)}`,
      '/jobapply/%20%20',
      '/jobapply/a%00b',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect([url.slice(0, 20), res.statusCode]).toEqual([url.slice(0, 20), 200]);
      expect(res.body).not.toContain('\u0000');
    }
  });
});
