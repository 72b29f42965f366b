import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  JOB_MESSAGES,
  JobDetailResponseSchema,
  JobListResponseSchema,
} from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { Value } from 'typebox/value';
import {
  createJobsHarness,
  daysFromToday,
  jobForm,
  jobPayload,
  png,
  type JobsHarness,
  type Member,
} from '../testing';

// Contact details every test job carries: none may appear in a list, nor in one job for those not allowed.
const EMAIL = 'ada.contact@example.com';
const PHONE_DIGITS = '8031234567';
const ADDRESS = '12 Secret Close, Ikeja';

function expectNoContact(raw: string) {
  expect(raw).not.toContain(EMAIL);
  expect(raw).not.toContain(PHONE_DIGITS);
  expect(raw).not.toContain(ADDRESS);
  expect(raw).not.toMatch(/"(email|phoneNumber|phone_number|address)"/);
}

describe('job listings, search and one job', () => {
  let h: JobsHarness;
  let poster: Member;
  let otherPoster: Member;
  let company: Member;
  let otherCompany: Member;
  let admin: Member;
  const ids: Record<string, string> = {};

  const contact = { email: EMAIL, phoneNumber: `0${PHONE_DIGITS}`, address: ADDRESS };
  const list = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const headings = (response: { json(): { jobs: Array<{ jobHeading: string }> } }) =>
    response.json().jobs.map((job) => job.jobHeading);

  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    otherPoster = await h.member('user', 'Bola Ade');
    company = await h.member('company', 'Ace Plumbing');
    otherCompany = await h.member('company', 'Best Builders');
    admin = await h.member('admin', 'Admin');
    // Posted oldest first: listings show them the other way round.
    const jobs: Array<[string, Record<string, unknown>]> = [
      [
        'plumbing',
        { jobHeading: 'Fix a leaking kitchen sink', category: 'Craftsman', subcategory: ['Plumber'] },
      ],
      [
        'tiling',
        {
          jobHeading: 'Retile the bathroom floor',
          category: 'Craftsman',
          subcategory: ['Tiler'],
          state: 'Oyo',
        },
      ],
      [
        'cleaning',
        {
          jobHeading: 'Deep clean a four bedroom house',
          description: 'Floors, kitchen and windows before we move in.',
          category: 'Services',
          subcategory: ['Cleaning', 'Pest control'],
          state: 'Rivers',
          jobStartDate: daysFromToday(20),
        },
      ],
      [
        'paving',
        {
          jobHeading: 'Lay paving stones in the yard',
          category: 'House and Garden',
          subcategory: ['Paving stone'],
        },
      ],
      ['completed', { jobHeading: 'Paint the fence', category: 'Craftsman', subcategory: ['Painter'] }],
      ['hidden', { jobHeading: 'Buy my car', category: 'Craftsman', subcategory: ['Plumber'] }],
      ['deleted', { jobHeading: 'Old plumbing job', category: 'Craftsman', subcategory: ['Plumber'] }],
      [
        'electric',
        { jobHeading: 'Rewire a duplex', category: 'Craftsman', subcategory: ['Electrician'], state: 'fct' },
      ],
    ];
    for (const [key, overrides] of jobs) {
      ids[key] = await h.postJob(poster, {
        ...contact,
        description: `${overrides.jobHeading}.`,
        ...overrides,
      });
    }
    await h.app.inject({
      method: 'PUT',
      url: `/api/jobs/complete/${ids.completed}`,
      headers: poster.headers,
    });
    await h.app.inject({
      method: 'PUT',
      url: `/api/jobs/admin/jobs/${ids.hidden}/hide`,
      headers: admin.headers,
      payload: { reason: 'Selling goods is not a service' },
    });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/jobs/deletejob/${ids.deleted}`,
      headers: poster.headers,
    });
  }, 90_000);
  afterAll(async () => {
    await h.close();
  });

  describe('GET viewalljobs / getalljobs', () => {
    it('lists open, visible jobs newest first, without any contact detail', async () => {
      for (const url of ['/api/jobs/viewalljobs', '/api/jobs/getalljobs']) {
        const response = await list(url, company.headers);
        expect(response.statusCode).toBe(200);
        expect(headings(response)).toEqual([
          'Rewire a duplex',
          'Lay paving stones in the yard',
          'Deep clean a four bedroom house',
          'Retile the bathroom floor',
          'Fix a leaking kitchen sink',
        ]);
        expect(Value.Check(JobListResponseSchema, response.json())).toBe(true);
        expect(response.json()).toMatchObject({ page: 1, limit: 20, hasMore: false });
        expectNoContact(response.body);
        for (const job of response.json().jobs) {
          expect(job).not.toHaveProperty('hidden');
          expect(job).not.toHaveProperty('name');
        }
      }
    });

    it('pages with hasMore, and refuses paging it cannot serve', async () => {
      const first = await list('/api/jobs/viewalljobs?limit=2');
      expect(headings(first)).toEqual(['Rewire a duplex', 'Lay paving stones in the yard']);
      expect(first.json()).toMatchObject({ page: 1, limit: 2, hasMore: true });
      const third = await list('/api/jobs/viewalljobs?limit=2&page=3');
      expect(headings(third)).toEqual(['Fix a leaking kitchen sink']);
      expect(third.json().hasMore).toBe(false);
      for (const query of [
        'limit=0',
        'limit=101',
        'page=0',
        'page=1e300',
        'page=abc',
        'limit=-1',
        'page=99999999999',
      ]) {
        const response = await list(`/api/jobs/viewalljobs?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().statusCode).toBe(400);
      }
    });
  });

  describe('GET getjobsbycategory / getjobsbysubcategory', () => {
    it.each([
      [
        '/api/jobs/getjobsbycategory/Craftsman/',
        ['Rewire a duplex', 'Retile the bathroom floor', 'Fix a leaking kitchen sink'],
      ],
      [
        '/api/jobs/getjobsbycategory/craftsman',
        ['Rewire a duplex', 'Retile the bathroom floor', 'Fix a leaking kitchen sink'],
      ],
      ['/api/jobs/getjobsbycategory/house_and_garden/', ['Lay paving stones in the yard']],
      ['/api/jobs/getjobsbycategory/House%20and%20Garden/whatever-id', ['Lay paving stones in the yard']],
      // A trade on the category endpoint (/category/plumber) lists that sub-category.
      ['/api/jobs/getjobsbycategory/plumber/', ['Fix a leaking kitchen sink']],
      ['/api/jobs/getjobsbysubcategory/paving_stone/', ['Lay paving stones in the yard']],
      ['/api/jobs/getjobsbysubcategory/PEST%20CONTROL', ['Deep clean a four bedroom house']],
      ['/api/jobs/getjobsbysubcategory/Cleaning/someone', ['Deep clean a four bedroom house']],
      ['/api/jobs/getjobsbysubcategory/services', ['Deep clean a four bedroom house']],
      ['/api/jobs/getjobsbycategory/Astrology/', []],
      ['/api/jobs/getjobsbysubcategory/nothing_like_it', []],
    ])('%s', async (url, expected) => {
      const response = await list(url);
      expect(response.statusCode).toBe(200);
      expect(headings(response)).toEqual(expected);
      expectNoContact(response.body);
    });

    it('pages a category', async () => {
      const response = await list('/api/jobs/getjobsbycategory/Craftsman/?page=2&limit=2');
      expect(headings(response)).toEqual(['Fix a leaking kitchen sink']);
      expect(response.json()).toMatchObject({ page: 2, limit: 2, hasMore: false });
    });

    it('refuses an over-long key', async () => {
      // Past the router's parameter limit (100 characters): 414 URI Too Long.
      expect((await list(`/api/jobs/getjobsbycategory/${'a'.repeat(200)}`)).statusCode).toBe(414);
    });
  });

  describe("a company's own unlocks on the cards", () => {
    it('shows each company its own unlock status and the unlock count, and nobody else anything', async () => {
      const job = await h.postJob(otherPoster, { ...contact, jobHeading: 'Install a water heater' });
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, {
        paymentId: randomUUID(),
        reference: 'r1',
        jobId: job,
        companyId: otherCompany.id,
      });
      await h.payUnlock(job, company);
      const card = async (who: Record<string, string>) =>
        (await list('/api/jobs/viewalljobs', who)).json().jobs.find((j: { _id: string }) => j._id === job);
      expect(await card(company.headers)).toMatchObject({ paymentInfo: { status: 'paid' }, unlockCount: 1 });
      const pending = await card(otherCompany.headers);
      expect(pending).toMatchObject({ paymentInfo: { status: 'pending' }, unlockCount: 1 });
      for (const who of [{}, poster.headers, admin.headers]) {
        const seen = await card(who);
        expect(seen.unlockCount).toBe(1);
        expect(seen).not.toHaveProperty('paymentInfo');
      }
      // A bad or expired token on a public list is served as a visitor, not refused.
      const expired = await card({ authorization: 'Bearer aaa.bbb.ccc' });
      expect(expired).not.toHaveProperty('paymentInfo');
      const byCategory = await list('/api/jobs/getjobsbycategory/Craftsman/' + company.id, company.headers);
      expect(byCategory.json().jobs.find((j: { _id: string }) => j._id === job).paymentInfo).toEqual({
        status: 'paid',
      });
      expectNoContact((await list('/api/jobs/viewalljobs', company.headers)).body);
    });
  });

  describe('the listing cache', () => {
    it('serves visitors the same bytes, and a write through the API shows at once', async () => {
      const first = await list('/api/jobs/getjobsbycategory/Services/');
      const again = await list('/api/jobs/getjobsbycategory/Services/');
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      const added = await h.postJob(poster, {
        jobHeading: 'Move a family of four',
        description: 'Moving.',
        category: 'Services',
        subcategory: ['Moving agency'],
      });
      const after = await list('/api/jobs/getjobsbycategory/Services/');
      expect(after.json().jobs[0]._id).toBe(added);
      await h.app.inject({ method: 'DELETE', url: `/api/jobs/deletejob/${added}`, headers: poster.headers });
      expect(headings(await list('/api/jobs/getjobsbycategory/Services/'))).toEqual(headings(first));
    });
  });

  describe('GET /api/jobs/search', () => {
    it.each([
      ['q=sink', ['Fix a leaking kitchen sink']],
      ['q=KITCHEN', ['Deep clean a four bedroom house', 'Fix a leaking kitchen sink']],
      ['q=kitchen%20-sink', ['Deep clean a four bedroom house']],
      ['q=%22paving%20stones%22', ['Lay paving stones in the yard']],
      ['q=car', []],
      ['q=fence', []],
      ['state=Oyo', ['Retile the bathroom floor']],
      ['state=oyo&category=craftsman', ['Retile the bathroom floor']],
      ['state=FCT', ['Rewire a duplex']],
      ['state=Atlantis', []],
      ['category=Services', ['Deep clean a four bedroom house']],
      ['category=Astrology', []],
      ['subcategory=tiler', ['Retile the bathroom floor']],
      ['subcategory=Cleaning&category=Services', ['Deep clean a four bedroom house']],
      [`startFrom=${daysFromToday(10)}`, ['Deep clean a four bedroom house']],
      [`startTo=${daysFromToday(10)}&state=Lagos&category=Craftsman`, ['Fix a leaking kitchen sink']],
      ['q=%21%21%21', []],
      [
        'q=%20%20',
        [
          'Rewire a duplex',
          'Lay paving stones in the yard',
          'Deep clean a four bedroom house',
          'Retile the bathroom floor',
          'Fix a leaking kitchen sink',
        ],
      ],
    ])('%s', async (query, expected) => {
      const response = await list(`/api/jobs/search?${query}`, company.headers);
      expect(response.statusCode).toBe(200);
      expect(headings(response).filter((heading) => heading !== 'Install a water heater')).toEqual(expected);
      expect(response.json()).toMatchObject({ page: 1, limit: 12 });
      expectNoContact(response.body);
    });

    it('refuses bad filters with 400', async () => {
      for (const query of [
        'startFrom=yesterday',
        'startFrom=2026-13-45',
        'limit=51',
        `q=${'a'.repeat(101)}`,
        'page=-3',
        'q=a%00b',
      ]) {
        const response = await list(`/api/jobs/search?${query}`);
        expect(response.statusCode).toBe(400);
      }
    });
  });

  describe('GET /api/jobs/viewjob/:jobId', () => {
    const view = (jobId: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url: `/api/jobs/viewjob/${jobId}`, headers });

    it('withholds the contact details from visitors, other posters and companies without a paid unlock', async () => {
      const job = await h.postJob(poster, { ...contact, jobHeading: 'Fix the gate' });
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, {
        paymentId: randomUUID(),
        reference: 'pending-1',
        jobId: job,
        companyId: otherCompany.id,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const who of [{}, otherPoster.headers, company.headers, otherCompany.headers]) {
        const response = await view(job, who);
        expect(response.statusCode).toBe(200);
        expect(response.json().job).toMatchObject({
          _id: job,
          name: 'Ada Obi',
          contactLocked: true,
          pincode: '100001',
        });
        expectNoContact(response.body);
      }
      const pending = await view(job, otherCompany.headers);
      expect(pending.json().job.paymentInfo).toEqual({ status: 'pending' });
    });

    it('shows them to the poster, an admin and a company whose unlock is paid', async () => {
      const job = await h.postJob(poster, { ...contact, jobHeading: 'Fix the roof' });
      await h.payUnlock(job, company);
      for (const who of [poster, admin, company]) {
        const response = await view(job, who.headers);
        expect(response.statusCode).toBe(200);
        expect(Value.Check(JobDetailResponseSchema, response.json())).toBe(true);
        expect(response.json().job).toMatchObject({
          contactLocked: false,
          email: EMAIL,
          phoneNumber: `+234${PHONE_DIGITS}`,
          address: ADDRESS,
        });
      }
      expect((await view(job, company.headers)).json().job.paymentInfo).toEqual({ status: 'paid' });
      expectNoContact((await view(job, otherCompany.headers)).body);
    });

    it('takes the contact back when the paid unlock is refunded', async () => {
      const job = await h.postJob(poster, { ...contact, jobHeading: 'Fix the tap' });
      const paymentId = await h.payUnlock(job, company);
      expect((await view(job, company.headers)).json().job.contactLocked).toBe(false);
      await h.publish(EVENT_TYPES.paymentsUnlockRefunded, {
        paymentId,
        reference: `ref-${paymentId}`,
        jobId: job,
        companyId: company.id,
        posterId: poster.id,
        amount: 200,
        currency: 'NGN',
        reason: 'admin',
        unlocked: true,
        refundedAt: new Date().toISOString(),
      });
      await eventually(async () => {
        const response = await view(job, company.headers);
        expect(response.json().job.contactLocked).toBe(true);
        expect(response.json().job).not.toHaveProperty('paymentInfo');
        expectNoContact(response.body);
      });
    });

    it('hides hidden jobs from all but the poster (who sees why) and admins; deleted jobs from all but admins', async () => {
      for (const who of [{}, company.headers, otherPoster.headers]) {
        const response = await view(ids.hidden as string, who);
        expect(response.statusCode).toBe(404);
        expect(response.json().errorMessage).toBe(JOB_MESSAGES.jobNotFound);
      }
      const own = await view(ids.hidden as string, poster.headers);
      expect(own.statusCode).toBe(200);
      expect(own.json().job.hidden).toMatchObject({ reason: 'Selling goods is not a service' });
      expect((await view(ids.hidden as string, admin.headers)).statusCode).toBe(200);
      expect((await view(ids.deleted as string, poster.headers)).statusCode).toBe(404);
      expect((await view(ids.deleted as string, admin.headers)).statusCode).toBe(200);
      expect((await view(ids.completed as string)).json().job.status).toBe('completed');
    });

    it('answers 404 for an unknown job, 400 for a bad id, 401 for a token that fails', async () => {
      expect((await view(randomUUID())).statusCode).toBe(404);
      for (const bad of ['abc', '1', `${randomUUID()}x`, '%00'])
        expect((await view(bad)).statusCode).toBe(400);
      const forged = await view(ids.plumbing as string, { authorization: 'Bearer aaa.bbb.ccc' });
      expect(forged.statusCode).toBe(401);
    });
  });

  describe('GET /api/jobs/images/:name and /api/jobs/posters/:id', () => {
    it('serves stored images only', async () => {
      const posted = await h.app.inject({
        method: 'POST',
        url: '/api/jobs/postjob',
        headers: poster.headers,
        payload: jobForm(jobPayload(), [{ bytes: await png(20, 20) }]),
      });
      const url = posted.json().job.images[0].url;
      expect((await list(url)).statusCode).toBe(200);
      for (const bad of [
        '/api/jobs/images/0123456789abcdef0123456789abcdef.webp',
        '/api/jobs/images/..%2F..%2Fkeys%2Faccess-token.private.pem',
        '/api/jobs/images/.env',
        `/api/jobs/images/${'a'.repeat(90)}.webp`,
      ]) {
        expect((await list(bad)).statusCode).toBe(404);
      }
      expect((await list(`/api/jobs/images/${'a'.repeat(200)}`)).statusCode).toBe(414);
    });

    it("answers a poster's name and count of jobs not deleted", async () => {
      const response = await list(`/api/jobs/posters/${poster.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: poster.id, name: 'Ada Obi', type: 'user' });
      const count = await h.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('posted_by', '=', poster.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(response.json().totalPostedJobs).toBe(Number(count.n));
    });

    it('tells nobody who companies, admins or members with nothing on show are', async () => {
      const newcomer = await h.member('user', 'Nkechi Eze');
      const hiddenOnly = await h.member('user', 'Tunde Bakare');
      const jobId = await h.postJob(hiddenOnly, { jobHeading: 'Tile the veranda' });
      await h.db
        .updateTable('jobs')
        .set({ hidden_at: new Date(), hidden_reason: 'spam' })
        .where('id', '=', jobId)
        .execute();
      for (const member of [company, admin, newcomer, hiddenOnly]) {
        for (const who of [{}, otherPoster.headers, otherCompany.headers]) {
          const response = await list(`/api/jobs/posters/${member.id}`, who);
          expect([member.id, response.statusCode]).toEqual([member.id, 404]);
          expect(response.body).not.toContain(member.id);
        }
      }
      // A member sees their own card, and an admin sees any poster's.
      expect((await list(`/api/jobs/posters/${newcomer.id}`, newcomer.headers)).statusCode).toBe(200);
      const forAdmin = await list(`/api/jobs/posters/${hiddenOnly.id}`, admin.headers);
      expect(forAdmin.json()).toMatchObject({ name: 'Tunde Bakare', totalPostedJobs: 1 });
      // Companies and admins are not posters, not even to an admin.
      expect((await list(`/api/jobs/posters/${company.id}`, admin.headers)).statusCode).toBe(404);
    });
  });
});
