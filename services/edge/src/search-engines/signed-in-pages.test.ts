// A signed-in page as the edge writes it: the layout's frame with the page's head, for the role and name
// in the session's access token, and only for a session that may open the page. Without one (or with a
// token accounts did not write), the shell is sent as it is: the page sends the reader to /login.
import { FIELD_LIMITS } from '@marketplace/contracts';
import { APP_PAGES, CHAT_PAGE_COPY, dashboardCopy, jobPostCopy } from '@marketplace/page-head';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStaticSite } from '../static-site';
import { TEST_SHELL_INDEX, testWebRoot } from '../testing/web-root';

/** An access token as accounts writes it, as far as the edge reads it (the signature is not checked here). */
function accessCookie(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `mp_access=${part({ alg: 'EdDSA', typ: 'JWT' })}.${part({ sub: 'u-1', sid: 's-1', ...claims })}.c2ln`;
}

describe('signed-in pages the edge writes', () => {
  let site: ReturnType<typeof testWebRoot>;
  let app: FastifyInstance;

  beforeAll(async () => {
    site = testWebRoot('edge-signed-in-');
    app = Fastify();
    await registerStaticSite(app, { webRoot: site.webRoot });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    site?.remove();
  });

  const get = async (url: string, cookie?: string) => {
    const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    const root = /<div id="root">([\s\S]*)<\/div><noscript>/.exec(res.body)?.[1] ?? '';
    return { res, root };
  };
  const customer = accessCookie({ type: 'user', name: 'Amaka Obi' });
  const company = accessCookie({ type: 'company', name: 'Ace Plumbing Ltd' });
  const admin = accessCookie({ type: 'admin', name: 'Site Admin' });

  it("draws the dashboard's head in the layout's frame, greeting the member and saying what their role finds there", async () => {
    const { res, root } = await get('/dashboard', `mp_csrf=x; ${customer}`);
    expect(root).toMatch(
      /^<div class="crawler-summary" data-look="app"><aside><a href="\/"><svg [^>]*>.*<\/svg><span>Naija Marketplace<\/span><\/a><\/aside><header><\/header><main class="crawler-summary__main">/,
    );
    const poster = dashboardCopy({ type: 'user', name: 'Amaka Obi' });
    expect(poster.eyebrow).toBe('Welcome back, Amaka');
    expect(root).toContain(
      `<div class="ap-page"><p class="ap-eyebrow">${poster.eyebrow}</p><h1>Dashboard</h1>` +
        `<p class="ap-lead">${poster.lead}</p></div>`,
    );
    expect(res.body).toContain('<title>Dashboard | Naija Marketplace</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex, follow">');
    // Drawn for this session: kept by this browser only.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/^Cookie, Accept-Encoding$/);

    // The admin's dashboard has no data of its own: its card is drawn too, links and all.
    const admins = await get('/dashboard', admin);
    expect(admins.root).toContain(
      '<div class="ap-card"><div class="ap-card-head"><h2>Jobs</h2></div><div class="ap-empty"><p>No jobs to show</p>' +
        '<p>Every job on the marketplace is in the <a href="/alljobs">Job List</a>, every account in ' +
        '<a href="/allusers">Users</a>, every unlock payment in <a href="/allpayments">Payments</a>.</p></div></div>',
    );
    expect(root).not.toContain('ap-card');

    const theirs = await get('/dashboard', company);
    expect(theirs.root).toContain('<p class="ap-eyebrow">Welcome back, Ace Plumbing Ltd</p>');
    expect(theirs.root).toContain(dashboardCopy({ type: 'company', name: 'x' }).lead);
    expect(theirs.root).not.toContain('ap-card');
  });

  it('draws an admin list for an admin only; other roles get the shell (the layout tells them no)', async () => {
    for (const key of [
      'allUsers',
      'allJobs',
      'allPayments',
      'allDisputes',
      'allVerifications',
      'allReviews',
    ] as const) {
      const copy = APP_PAGES[key];
      const { root } = await get(copy.path, admin);
      expect([copy.path, root]).toEqual([copy.path, expect.stringContaining(`<h1>${copy.heading}</h1>`)]);
      expect(root).toContain('<p class="ap-eyebrow">Admin</p>');
      for (const cookie of [customer, company]) {
        const other = await get(copy.path, cookie);
        expect([copy.path, other.res.body]).toEqual([copy.path, TEST_SHELL_INDEX]);
      }
    }
    for (const key of ['editProfile', 'newChat'] as const) {
      for (const cookie of [customer, company, admin]) {
        const { root } = await get(APP_PAGES[key].path, cookie);
        expect(root).toContain(
          `<h1>${APP_PAGES[key].heading}</h1><p class="ap-lead">${APP_PAGES[key].lead}</p>`,
        );
      }
    }
  });

  it("draws /jobpost's head under the public bar, the edit form's when the address edits a job", async () => {
    const fresh = await get('/jobpost', customer);
    expect(fresh.root).toMatch(/^<div class="crawler-summary" data-look="post"><header><a href="\/">/);
    expect(fresh.root).toContain(`<h1>${jobPostCopy(false).heading}</h1>`);
    expect(fresh.res.headers['cache-control']).toBe('private, no-cache');
    const editing = await get('/jobpost?edit=0f8fad5b-d9cb-469f-a165-70867728950e', customer);
    expect(editing.root).toContain(`<p class="ap-eyebrow">Your job</p><h1>${jobPostCopy(true).heading}</h1>`);
  });

  it("draws the chat's card in the frame for every role: the empty panes' words when no conversation is chosen", async () => {
    for (const cookie of [customer, company, admin]) {
      const { res, root } = await get('/chat', cookie);
      expect(root).toMatch(
        /^<div class="crawler-summary" data-look="chat"><aside>.*<\/aside><header><\/header><main class="crawler-summary__main"><div class="cf"><div class="cf-frame cf-none">/,
      );
      expect(root).toContain(`<div class="cf-title"><h1>${CHAT_PAGE_COPY.heading}</h1></div>`);
      expect(root).toContain(`<h2>${CHAT_PAGE_COPY.inbox}</h2>`);
      expect(root).toContain(
        `<p class="cf-empty-title">${CHAT_PAGE_COPY.nothingSelected}</p>` +
          `<p class="cf-empty-text">${CHAT_PAGE_COPY.chooseConversation}</p>`,
      );
      expect(root).toContain(`<p class="cf-empty-text">${CHAT_PAGE_COPY.detailsAppearHere}</p>`);
      expect(res.body).toContain('<title>Chats | Naija Marketplace</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex, follow">');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    // An empty `chat` opens none, as the page reads it.
    expect((await get('/chat?chat=', customer)).root).toContain('<div class="cf-frame cf-none">');
    // One conversation: its panes stay blank until it loads (the edge knows nothing of it), whatever the id.
    for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', '%00', '<script>', 'x'.repeat(5000)]) {
      const { root } = await get(`/chat?chat=${id}`, customer);
      expect(root).toContain('<div class="cf"><div class="cf-frame">');
      expect(root).not.toContain(CHAT_PAGE_COPY.nothingSelected);
      expect(root).not.toContain('<script>');
    }
  });

  it('sends the shell as it is without a session, or with a token accounts did not write', async () => {
    const part = (value: string) => Buffer.from(value).toString('base64url');
    const cookies = [
      undefined,
      'mp_csrf=abc',
      'mp_access=not-a-token',
      `mp_access=a.${part('{not json')}.c`,
      `mp_access=a.${part('"a string"')}.c`,
      accessCookie({ type: 'root', name: 'Mallory' }),
      accessCookie({ type: 'user' }),
      accessCookie({ type: 'user', name: 42 }),
      accessCookie({ type: 'user', name: `Ama\u0000ka` }),
      accessCookie({ type: 'user', name: 'x'.repeat(FIELD_LIMITS.nameMax + 1) }),
      `mp_access=a.${'A'.repeat(9000)}.c`,
    ];
    for (const cookie of cookies) {
      for (const path of ['/dashboard', '/allusers', '/jobpost', '/edit-profile', '/chat']) {
        const { res } = await get(path, cookie);
        expect([cookie?.slice(0, 40), path, res.body]).toEqual([
          cookie?.slice(0, 40),
          path,
          TEST_SHELL_INDEX,
        ]);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it("writes the member's name as text, never as markup", async () => {
    const { root } = await get(
      '/dashboard',
      accessCookie({ type: 'company', name: '<img src=x onerror=alert(1)> & "Sons"' }),
    );
    expect(root).toContain(
      '<p class="ap-eyebrow">Welcome back, &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Sons&quot;</p>',
    );
    expect(root).not.toContain('<img');
  });

  it('marks /jobs as drawn for the session too (its cards say what a visitor or a member may do)', async () => {
    const { res } = await get('/jobs');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toContain('Cookie');
    const home = await get('/');
    expect(home.res.headers['cache-control']).toBe('no-cache');
    expect(String(home.res.headers.vary)).toBe('Accept-Encoding');
  });
});
