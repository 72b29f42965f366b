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

  describe('the one-click unsubscribe link', () => {
    it('stops alert e-mails only, with a valid signature', async () => {
      const key = (await h.db.selectFrom('alert_signing_key').select('secret').executeTakeFirstOrThrow())
        .secret;
      const signature = unsubscribeSignature(key, rival.id);
      const response = await call(
        'GET',
        `/api/jobs/alerts/unsubscribe?company=${rival.id}&signature=${signature}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.json().resultMessage.en).toBe(ALERT_MESSAGES.unsubscribed);
      const preferences = (await call('GET', '/api/jobs/alerts/preferences', rival.headers)).json()
        .preferences;
      expect(preferences).toEqual({
        categories: ['Craftsman'],
        subcategories: [],
        states: ['Lagos'],
        email: 'none',
      });
    });

    it.each([
      ['another company', (sig: string) => `company=${company.id}&signature=${sig}`, 403],
      ['a forged signature', () => `company=${rival.id}&signature=${'A'.repeat(43)}`, 403],
      ['a short signature', (sig: string) => `company=${rival.id}&signature=${sig.slice(1)}`, 400],
      ['a NUL byte', (sig: string) => `company=${rival.id}%00&signature=${sig}`, 400],
      ['no signature', () => `company=${rival.id}`, 400],
      ['a company id that is no uuid', (sig: string) => `company=1e309&signature=${sig}`, 400],
    ])('refuses %s', async (_why, query, status) => {
      await h.db
        .updateTable('job_alert_preferences')
        .set({ email: 'instant' })
        .where('company_id', '=', company.id)
        .execute();
      const key = (await h.db.selectFrom('alert_signing_key').select('secret').executeTakeFirstOrThrow())
        .secret;
      const response = await call(
        'GET',
        `/api/jobs/alerts/unsubscribe?${query(unsubscribeSignature(key, rival.id))}`,
      );
      expect(response.statusCode).toBe(status);
      const preferences = (await call('GET', '/api/jobs/alerts/preferences', company.headers)).json()
        .preferences;
      expect(preferences.email).toBe('instant');
    });
  });
});
