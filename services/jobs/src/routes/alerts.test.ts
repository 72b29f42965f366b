import {
  ALERT_MESSAGES,
  JobAlertPreferencesResponseSchema,
  NotificationListResponseSchema,
} from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { Value } from 'typebox/value';
import { unsubscribeSignature } from '../repositories/alerts-repository';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';

describe('job alert and notification routes', () => {
  let h: JobsHarness;
  let poster: Member;
  let company: Member;
  let rival: Member;
  let admin: Member;
  let jobId: string;
  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    rival = await h.member('company', 'Best Pipes');
    admin = await h.member('admin', 'Admin');
    for (const member of [company, rival]) {
      const saved = await h.app.inject({
        method: 'PUT',
        url: '/api/jobs/alerts/preferences',
        headers: member.headers,
        payload: { categories: ['Craftsman'], subcategories: [], states: ['Lagos'], email: 'daily' },
      });
      expect(saved.statusCode).toBe(200);
    }
    jobId = await h.postJob(poster, { jobHeading: 'Fix a leaking sink' });
    await eventually(async () => {
      const rows = await h.db.selectFrom('notifications').select('id').where('job_id', '=', jobId).execute();
      if (rows.length < 2) throw new Error('fan-out not done');
    }, 15_000);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const call = (method: 'GET' | 'PUT', url: string, headers?: Record<string, string>, payload?: unknown) =>
    h.app.inject({
      method,
      url,
      ...(headers ? { headers } : {}),
      ...(payload === undefined
        ? {}
        : typeof payload === 'string'
          ? { payload, headers: { ...headers, 'content-type': 'application/json' } }
          : { payload: payload as object }),
    });

  it('a company reads and saves its choices; the answer is not cached', async () => {
    const read = await call('GET', '/api/jobs/alerts/preferences', company.headers);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toContain('no-store');
    expect(Value.Check(JobAlertPreferencesResponseSchema, read.json())).toBe(true);
    expect(read.json().preferences).toEqual({
      categories: ['Craftsman'],
      subcategories: [],
      states: ['Lagos'],
      email: 'daily',
    });
  });

  it("lists the company's own notifications with the unread count, without contact details", async () => {
    const response = await call('GET', '/api/jobs/notifications', company.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(Value.Check(NotificationListResponseSchema, response.json())).toBe(true);
    const body = response.json();
    expect(body.unread).toBe(1);
    expect(body.notifications).toEqual([
      expect.objectContaining({ jobId, jobHeading: 'Fix a leaking sink', kind: 'job-alert', read: false }),
    ]);
    for (const secret of ['ada@example.com', '0803 123 4567', '12 Allen Avenue', '100001']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("marks its own notifications read, never another company's", async () => {
    const mine = (await call('GET', '/api/jobs/notifications', company.headers)).json().notifications[0]._id;
    const theirs = (await call('GET', '/api/jobs/notifications', rival.headers)).json().notifications[0]._id;
    const byRival = await call('PUT', '/api/jobs/notifications/read', rival.headers, { ids: [mine] });
    expect(byRival.statusCode).toBe(200);
    expect(byRival.json().unread).toBe(1);
    expect((await call('GET', '/api/jobs/notifications', company.headers)).json().unread).toBe(1);
    const own = await call('PUT', '/api/jobs/notifications/read', company.headers, { ids: [mine] });
    expect(own.json().unread).toBe(0);
    expect((await call('GET', '/api/jobs/notifications', rival.headers)).json().unread).toBe(1);
    const all = await call('PUT', '/api/jobs/notifications/read', rival.headers, { all: true });
    expect(all.json().unread).toBe(0);
    void theirs;
  });

  it('a job hidden after the alert drops out of the list', async () => {
    const hidden = await h.postJob(poster, { jobHeading: 'Hidden later' });
    await eventually(async () => {
      const rows = await h.db.selectFrom('notifications').select('id').where('job_id', '=', hidden).execute();
      if (rows.length < 2) throw new Error('fan-out not done');
    }, 15_000);
    await h.app.inject({
      method: 'PUT',
      url: `/api/jobs/admin/jobs/${hidden}/hide`,
      headers: admin.headers,
      payload: { reason: 'Spam' },
    });
    const list = (await call('GET', '/api/jobs/notifications', company.headers)).json();
    expect(list.notifications.map((n: { jobId: string }) => n.jobId)).not.toContain(hidden);
  });

  it("a company id in the body changes the caller's choices only (unknown fields are dropped)", async () => {
    const before = (await call('GET', '/api/jobs/alerts/preferences', rival.headers)).json().preferences;
    const response = await call('PUT', '/api/jobs/alerts/preferences', company.headers, {
      categories: ['Craftsman'],
      subcategories: [],
      states: ['Lagos'],
      email: 'daily',
      companyId: rival.id,
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/api/jobs/alerts/preferences', rival.headers)).json().preferences).toEqual(
      before,
    );
  });

  describe('refused callers', () => {
    const routes: Array<['GET' | 'PUT', string, unknown]> = [
      ['GET', '/api/jobs/alerts/preferences', undefined],
      [
        'PUT',
        '/api/jobs/alerts/preferences',
        { categories: [], subcategories: [], states: [], email: 'none' },
      ],
      ['GET', '/api/jobs/notifications', undefined],
      ['PUT', '/api/jobs/notifications/read', { all: true }],
    ];
    it.each(routes)(
      '%s %s: a visitor gets 401, a customer and an admin 403',
      async (method, url, payload) => {
        expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
        for (const member of [poster, admin]) {
          const response = await call(method, url, member.headers, payload);
          expect(response.statusCode).toBe(403);
          expect(response.json().errorMessage).toBe(ALERT_MESSAGES.onlyCompanies);
        }
      },
    );
  });

  describe('hostile input', () => {
    const bad: Array<[string, unknown]> = [
      [
        'a NUL byte in a category',
        { categories: ['Crafts\u0000man'], subcategories: [], states: [], email: 'instant' },
      ],
      ['an unknown state', { categories: [], subcategories: [], states: ['Atlantis'], email: 'instant' }],
      ['a number for a list', { categories: 1e309, subcategories: [], states: [], email: 'instant' }],
      ['an unknown e-mail mode', { categories: [], subcategories: [], states: [], email: 'hourly' }],
      ['a missing field', { categories: [], subcategories: [] }],
      [
        'the same state twice',
        { categories: [], subcategories: [], states: ['Lagos', 'Lagos'], email: 'none' },
      ],
      ['a truncated body', '{"categories":["Craftsman"'],
      ['Infinity as text', '{"categories":Infinity}'],
    ];
    it.each(bad)('PUT preferences refuses %s with 400 and changes nothing', async (_why, payload) => {
      const before = (await call('GET', '/api/jobs/alerts/preferences', company.headers)).json().preferences;
      const response = await call('PUT', '/api/jobs/alerts/preferences', company.headers, payload);
      expect(response.statusCode).toBe(400);
      const after = (await call('GET', '/api/jobs/alerts/preferences', company.headers)).json().preferences;
      expect(after).toEqual(before);
    });

    const badRead: Array<[string, unknown]> = [
      ['nothing named', {}],
      ['ids that are not uuids', { ids: ['1 or 1=1'] }],
      ['a huge number', { ids: [9007199254740993] }],
      ['wrong types', { all: 'yes' }],
      ['NUL bytes', { ids: ['\u0000'] }],
      ['a truncated body', '{"ids":['],
    ];
    it.each(badRead)('PUT notifications/read refuses %s with 400', async (_why, payload) => {
      expect((await call('PUT', '/api/jobs/notifications/read', company.headers, payload)).statusCode).toBe(
        400,
      );
    });
  });

  describe('the unsubscribe link in alert mails', () => {
    const signingKey = async () =>
      (await h.db.selectFrom('alert_signing_key').select('secret').executeTakeFirstOrThrow()).secret;
    const emailOf = async (member: Member) =>
      (await call('GET', '/api/jobs/alerts/preferences', member.headers)).json().preferences.email;
    const mailsOn = (member: Member) =>
      h.db
        .updateTable('job_alert_preferences')
        .set({ email: 'instant' })
        .where('company_id', '=', member.id)
        .execute();
    const link = async (member: Member) =>
      `/api/jobs/alerts/unsubscribe?company=${member.id}&signature=${unsubscribeSignature(await signingKey(), member.id)}`;
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

    it('opening it changes nothing (mail scanners open links): a browser gets the question and one button', async () => {
      await mailsOn(rival);
      const url = await link(rival);
      const api = await call('GET', url);
      expect(api.statusCode).toBe(200);
      expect(api.headers['cache-control']).toContain('no-store');
      expect(api.json().resultMessage.en).toBe(ALERT_MESSAGES.confirmUnsubscribe);
      const page = await call('GET', url, html);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain('<h1>Stop job alert e-mails?</h1>');
      expect(page.body).toContain(`<form method="post" action="${url.replace(/&/g, '&amp;')}">`);
      expect(page.body).not.toContain('<script');
      expect(await emailOf(rival)).toBe('instant');
    });

    it("confirming (the button, or a mail client's one-click POST) stops alert e-mails only", async () => {
      await mailsOn(rival);
      const confirmed = await h.app.inject({
        method: 'POST',
        url: await link(rival),
        headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.body).toContain('<h1>Job alert e-mails stopped</h1>');
      expect((await call('GET', '/api/jobs/alerts/preferences', rival.headers)).json().preferences).toEqual({
        categories: ['Craftsman'],
        subcategories: [],
        states: ['Lagos'],
        email: 'none',
      });
      await mailsOn(rival);
      const api = await h.app.inject({ method: 'POST', url: await link(rival) });
      expect(api.statusCode).toBe(200);
      expect(api.json().resultMessage.en).toBe(ALERT_MESSAGES.unsubscribed);
      expect(await emailOf(rival)).toBe('none');
    });

    it.each([
      ['another company', (sig: string) => `company=${company.id}&signature=${sig}`, 403],
      ['a forged signature', () => `company=${rival.id}&signature=${'A'.repeat(43)}`, 403],
      ['a short signature', (sig: string) => `company=${rival.id}&signature=${sig.slice(1)}`, 400],
      ['a NUL byte', (sig: string) => `company=${rival.id}%00&signature=${sig}`, 400],
      ['no signature', () => `company=${rival.id}`, 400],
      ['a company id that is no uuid', (sig: string) => `company=1e309&signature=${sig}`, 400],
      [
        'the same key twice',
        (sig: string) => `company=${rival.id}&company=${rival.id}&signature=${sig}`,
        400,
      ],
    ])('refuses %s, opened or confirmed, and changes nothing', async (_why, query, status) => {
      await mailsOn(company);
      const url = `/api/jobs/alerts/unsubscribe?${query(unsubscribeSignature(await signingKey(), rival.id))}`;
      for (const method of ['GET', 'POST'] as const) {
        const response = await h.app.inject({ method, url });
        expect([method, response.statusCode]).toEqual([method, status]);
      }
      expect(await emailOf(company)).toBe('instant');
    });

    it('a browser with a link that does not work is told what to do instead, on a page', async () => {
      const page = await call(
        'GET',
        `/api/jobs/alerts/unsubscribe?company=${rival.id}&signature=${'A'.repeat(43)}`,
        html,
      );
      expect(page.statusCode).toBe(403);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('This link does not work');
      expect(page.body).not.toContain('<form');
    });

    it('refuses a body too big for a form, and changes nothing', async () => {
      await mailsOn(rival);
      const url = await link(rival);
      const big = await h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `a=${'x'.repeat(5000)}`,
      });
      expect(big.statusCode).toBe(413);
      expect(await emailOf(rival)).toBe('instant');
    });
  });
});
