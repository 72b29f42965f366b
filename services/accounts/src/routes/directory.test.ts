import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import {
  COMPANY_PUBLIC_FIELDS as PUBLIC_FIELDS,
  companyPayload,
  createAccountsHarness,
  posterPayload,
  PRIVATE_FIELD_KEY as PRIVATE_KEY,
  type AccountsHarness,
} from '../testing';

describe('company directory', () => {
  let h: AccountsHarness;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    h = await createAccountsHarness();
    const companies: Array<[string, Record<string, unknown>]> = [
      ['ace', { name: 'Ace Plumbing', category: ['Craftsman'], subcategory: ['Plumber'] }],
      [
        'bravo',
        {
          name: 'bravo pipes',
          category: ['Craftsman', 'Services'],
          subcategory: ['Plumber', 'Waste management'],
        },
      ],
      [
        'clean',
        { name: 'Clean City', category: ['Services'], subcategory: ['Waste management', 'Cleaning'] },
      ],
      ['deck', { name: 'Deck Masters', category: ['House and Garden'], subcategory: ['Paving stone'] }],
      ['gone', { name: 'Gone Plumbing', category: ['Craftsman'], subcategory: ['Plumber'] }],
    ];
    for (const [key, fields] of companies) {
      ids[key] = (await h.signUp(companyPayload({ email: `${key}@firms.ng`, ...fields }))).id;
    }
    // A poster is never a company, whatever it sent.
    await h.signUp(
      posterPayload({ email: 'poster@example.com', category: ['Craftsman'], subcategory: ['Plumber'] }),
    );
    await h.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', ids.gone as string)
      .execute();
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const get = (url: string) => h.service.app.inject({ method: 'GET', url });
  const names = (body: { company: Array<{ name: string }> }) => body.company.map((c) => c.name);

  it('lists the live companies of a category, most recently active first, with public fields only', async () => {
    const response = await get('/api/jobs/getcompaniesbycategory/Craftsman');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, limit: 20, total: 2 });
    // Nobody is rated yet: the later registration is the more recent activity.
    expect(names(body)).toEqual(['bravo pipes', 'Ace Plumbing']);
    for (const company of body.company) expect(Object.keys(company).sort()).toEqual(PUBLIC_FIELDS);
    expect(body.company.find((c: { _id: string }) => c._id === ids.ace)).toEqual({
      _id: ids.ace,
      name: 'Ace Plumbing',
      email: 'ace@firms.ng',
      phoneNumber: '+2348031234567',
      address: '12 Allen Avenue, Ikeja',
      state: 'Lagos',
      pincode: '100001',
      subcategory: ['Plumber'],
      description: null,
      photoUrl: null,
      type: 'company',
      rating: { average: 0, count: 0 },
      replyMinutes: null,
      verifiedAt: null,
    });
    expect(response.body).not.toMatch(PRIVATE_KEY);
  });

  it.each([
    ['/api/jobs/getcompaniesbysubCategory/waste%20management', ['bravo pipes', 'Clean City']],
    ['/api/jobs/getcompaniesbysubCategory/Waste%20management', ['bravo pipes', 'Clean City']],
    ['/api/jobs/getcompaniesbysubCategory/paving_stone', ['Deck Masters']],
    ['/api/jobs/getcompaniesbycategory/plumber', ['Ace Plumbing', 'bravo pipes']],
    ['/api/jobs/getcompaniesbycategory/house%20and%20garden', ['Deck Masters']],
    ['/api/jobs/getcompaniesbysubCategory/Services', ['bravo pipes', 'Clean City']],
    ['/api/jobs/getcompaniesbycategory/Unknown%20Trade', []],
  ])('matches %s case-insensitively', async (url, expected) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(names(response.json()).sort()).toEqual([...expected].sort());
    expect(response.json().total).toBe(expected.length);
  });

  it('pages', async () => {
    const first = (await get('/api/jobs/getcompaniesbysubCategory/plumber?page=1&limit=1')).json();
    const second = (await get('/api/jobs/getcompaniesbysubCategory/plumber?page=2&limit=1')).json();
    expect(first).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(names(first)).toEqual(['bravo pipes']);
    expect(names(second)).toEqual(['Ace Plumbing']);
    expect((await get('/api/jobs/getcompaniesbysubCategory/plumber?limit=0')).statusCode).toBe(400);
  });

  it('serves one company by id, never a deleted account or a poster', async () => {
    const response = await get(`/api/accounts/companies/${ids.clean}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: 200,
      company: { _id: ids.clean, name: 'Clean City' },
    });
    expect(Object.keys(response.json().company).sort()).toEqual(PUBLIC_FIELDS);
    expect((await get(`/api/accounts/companies/${ids.gone}`)).statusCode).toBe(404);
    expect((await get('/api/accounts/companies/not-a-uuid')).statusCode).toBe(404);
    const poster = await h.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', 'poster@example.com')
      .executeTakeFirstOrThrow();
    expect((await get(`/api/accounts/companies/${poster.id}`)).statusCode).toBe(404);
  });

  it('lists every live company by id, a page at a time, with nothing but the id and the last change', async () => {
    const live = ['ace', 'bravo', 'clean', 'deck'].map((key) => ids[key] as string).sort();
    const all = (await get('/api/accounts/companies?limit=1000')).json();
    expect(all).toMatchObject({ page: 1, limit: 1000, total: 4 });
    expect(all.companies.map((c: { _id: string }) => c._id)).toEqual(live);
    for (const company of all.companies) {
      expect(Object.keys(company).sort()).toEqual(['_id', 'updatedAt']);
      expect(new Date(company.updatedAt).toISOString()).toBe(company.updatedAt);
    }
    const second = (await get('/api/accounts/companies?page=2&limit=3')).json();
    expect(second).toMatchObject({ page: 2, limit: 3, total: 4 });
    expect(second.companies.map((c: { _id: string }) => c._id)).toEqual(live.slice(3));
    expect((await get('/api/accounts/companies')).json().limit).toBe(100);
    expect((await get('/api/accounts/companies?limit=1001')).statusCode).toBe(400);
  });

  it("keeps a company's rating from jobs.review.posted, once per event, companies only", async () => {
    const review = (reviewId: string, companyId: string, rating: number) =>
      newEvent(
        'jobs.review.posted',
        {
          reviewId,
          jobId: '44444444-4444-4444-8444-444444444444',
          companyId,
          reviewerId: '55555555-5555-4555-8555-555555555555',
          rating,
        },
        { correlationId: 'test' },
      );
    const first = review('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', ids.deck as string, 5);
    await h.service.bus.publish(first);
    await h.service.bus.publish(first); // a redelivery counts once
    await h.service.bus.publish(review('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', ids.deck as string, 4));
    await h.service.bus.publish(review('cccccccc-cccc-4ccc-8ccc-cccccccccccc', ids.deck as string, 4));
    // Out of range is malformed and ignored.
    await h.service.bus.publish(review('dddddddd-dddd-4ddd-8ddd-dddddddddddd', ids.deck as string, 9));
    await eventually(async () => {
      const body = (await get(`/api/accounts/companies/${ids.deck}`)).json();
      expect(body.company.rating).toEqual({ average: 4.3, count: 3 });
    });
  });
});

describe('company directory: state filter and order', () => {
  let h: AccountsHarness;
  const ids: Record<string, string> = {};
  const headers: Record<string, { authorization: string }> = {};
  const LIST = '/api/jobs/getcompaniesbysubCategory/Electrician';
  /** Registration payloads: state as typed in the form (canonicalized on registration). */
  const companies: Array<[string, string | undefined]> = [
    ['lagos-old', 'Lagos'],
    ['lagos-new', 'lagos'],
    ['kano-top', 'Kano'],
    ['lagos-good', 'Lagos'],
    ['lagos-good-more', 'Lagos'],
    ['lagos-four-a', 'Lagos'],
    ['lagos-four-b', 'Lagos'],
    ['abuja', 'FCT'],
    ['stateless', undefined],
  ];
  /** Each company's rating (sum, count) and last activity, written straight to the rows. */
  const standing: Record<string, { sum: number; count: number; active: string }> = {
    'lagos-old': { sum: 0, count: 0, active: '2025-01-01T00:00:00Z' },
    'lagos-new': { sum: 0, count: 0, active: '2025-06-01T00:00:00Z' },
    'kano-top': { sum: 5, count: 1, active: '2024-01-01T00:00:00Z' },
    'lagos-good': { sum: 9, count: 2, active: '2025-05-01T00:00:00Z' }, // 4.5 from 2
    'lagos-good-more': { sum: 18, count: 4, active: '2024-02-01T00:00:00Z' }, // 4.5 from 4
    'lagos-four-a': { sum: 8, count: 2, active: '2025-02-01T00:00:00Z' }, // 4.0 from 2, older
    'lagos-four-b': { sum: 8, count: 2, active: '2025-03-01T00:00:00Z' }, // 4.0 from 2, newer
    abuja: { sum: 0, count: 0, active: '2025-04-01T00:00:00Z' },
    stateless: { sum: 0, count: 0, active: '2025-07-01T00:00:00Z' },
  };
  /** The whole expected order (see the route's ordering rules). */
  const ORDER = [
    'kano-top', // 5.0
    'lagos-good-more', // 4.5, 4 reviews
    'lagos-good', // 4.5, 2 reviews
    'lagos-four-b', // 4.0, 2 reviews, more recently active
    'lagos-four-a',
    'stateless', // unrated, most recently active first
    'lagos-new',
    'abuja',
    'lagos-old',
  ];

  beforeAll(async () => {
    h = await createAccountsHarness();
    for (const [key, state] of companies) {
      const payload = companyPayload({
        email: `${key}@sparks.ng`,
        name: `Sparks ${key.replace(/-/g, ' ')}`,
        subcategory: ['Electrician'],
        state: state ?? 'Lagos',
      });
      const company = await h.signUp(payload);
      ids[key] = company.id;
      headers[key] = company.headers;
      // Registration asks for a state now; a company registered before that has none.
      if (state === undefined) {
        await h.db.updateTable('users').set({ state: null }).where('id', '=', company.id).execute();
      }
    }
    for (const [key, { sum, count, active }] of Object.entries(standing)) {
      await h.db
        .updateTable('users')
        .set({ rating_sum: sum, rating_count: count, updated_at: new Date(active) })
        .where('id', '=', ids[key] as string)
        .execute();
    }
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const get = (url: string) => h.service.app.inject({ method: 'GET', url });
  const keysOf = (body: { company: Array<{ _id: string }> }) =>
    body.company.map((c) => Object.keys(ids).find((key) => ids[key] === c._id));

  it('stores the canonical state at registration and shows it in the public shape', async () => {
    const stored = await h.db
      .selectFrom('users')
      .select(['email', 'state'])
      .where('email', 'like', '%@sparks.ng')
      .orderBy('email')
      .execute();
    expect(Object.fromEntries(stored.map((row) => [row.email.split('@')[0], row.state]))).toEqual({
      abuja: 'Federal Capital Territory (FCT)',
      'kano-top': 'Kano',
      'lagos-four-a': 'Lagos',
      'lagos-four-b': 'Lagos',
      'lagos-good': 'Lagos',
      'lagos-good-more': 'Lagos',
      'lagos-new': 'Lagos',
      'lagos-old': 'Lagos',
      stateless: null,
    });
    const list = await get(LIST);
    const body = list.json();
    for (const company of body.company) expect(Object.keys(company).sort()).toEqual(PUBLIC_FIELDS);
    const byKey = (key: string) => body.company.find((c: { _id: string }) => c._id === ids[key]);
    expect(byKey('abuja').state).toBe('Federal Capital Territory (FCT)');
    expect(byKey('stateless').state).toBeNull();
    expect(byKey('kano-top')).toMatchObject({ state: 'Kano', rating: { average: 5, count: 1 } });
    // Still nothing private: the company's own public contact fields, no secrets or internals.
    expect(list.body).not.toMatch(PRIVATE_KEY);
    const one = (await get(`/api/accounts/companies/${ids.abuja}`)).json();
    expect(Object.keys(one.company).sort()).toEqual(PUBLIC_FIELDS);
    expect(one.company.state).toBe('Federal Capital Territory (FCT)');
  });

  it('orders rated companies first (higher average, then more reviews), then the rest, most recently active first among equals', async () => {
    const body = (await get(LIST)).json();
    expect(body).toMatchObject({ page: 1, limit: 20, total: ORDER.length });
    expect(keysOf(body)).toEqual(ORDER);
  });

  it('pages stably: consecutive pages are the order cut in pieces, no company twice or missing', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = (await get(`${LIST}?page=${page}&limit=4`)).json();
      expect(body).toMatchObject({ page, limit: 4, total: ORDER.length });
      pages.push(keysOf(body));
    }
    expect(pages).toEqual([ORDER.slice(0, 4), ORDER.slice(4, 8), ORDER.slice(8)]);
    // Asked again (from the cache or not), the same pages.
    expect(keysOf((await get(`${LIST}?page=2&limit=4`)).json())).toEqual(ORDER.slice(4, 8));
  });

  it('breaks a full tie (same rating, same moment) by id, the same way on every page', async () => {
    const tied = ['lagos-four-a', 'lagos-four-b'];
    await h.db
      .updateTable('users')
      .set({ updated_at: new Date('2025-03-01T00:00:00Z') })
      .where(
        'id',
        'in',
        tied.map((key) => ids[key] as string),
      )
      .execute();
    try {
      const expected = [...tied].sort((a, b) => ((ids[a] as string) < (ids[b] as string) ? -1 : 1));
      const first = (await get(`${LIST}?page=4&limit=1`)).json();
      const second = (await get(`${LIST}?page=5&limit=1`)).json();
      expect([...keysOf(first), ...keysOf(second)]).toEqual(expected);
    } finally {
      await h.db
        .updateTable('users')
        .set({ updated_at: new Date(standing['lagos-four-a']!.active) })
        .where('id', '=', ids['lagos-four-a'] as string)
        .execute();
    }
  });

  it('moves a company ahead of its equals when it edits its profile (recent activity)', async () => {
    const form = new FormData();
    form.append('description', 'Wiring, sockets and inverters.');
    const edit = await h.service.app.inject({
      method: 'PUT',
      url: '/api/user/editcompany',
      headers: headers['lagos-old'],
      payload: form,
    });
    expect(edit.statusCode).toBe(200);
    const order = keysOf((await get(LIST)).json());
    // First among the unrated; the rated ones stay ahead of it.
    expect(order.slice(0, 6)).toEqual([...ORDER.slice(0, 5), 'lagos-old']);
    await h.db
      .updateTable('users')
      .set({ updated_at: new Date(standing['lagos-old']!.active) })
      .where('id', '=', ids['lagos-old'] as string)
      .execute();
    expect(keysOf((await get(LIST)).json())).toEqual(ORDER);
  });

  const LAGOS = ORDER.filter((key) => key.startsWith('lagos'));
  it.each([
    ['Lagos', 'Lagos', LAGOS],
    ['lagos', 'Lagos', LAGOS],
    ['LAGOS', 'Lagos', LAGOS],
    ['%20lAgOs%20', 'Lagos', LAGOS],
    ['kano', 'Kano', ['kano-top']],
    ['FCT', 'Federal Capital Territory (FCT)', ['abuja']],
    ['abuja', 'Federal Capital Territory (FCT)', ['abuja']],
    ['federal%20capital%20territory%20(fct)', 'Federal Capital Territory (FCT)', ['abuja']],
    ['Zamfara', 'Zamfara', []],
  ])(
    'filters by ?state=%s (as %s), in the same order, total counting the filtered set',
    async (raw, state, expected) => {
      const response = await get(`${LIST}?state=${raw}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(keysOf(body)).toEqual(expected);
      expect(body.total).toBe(expected.length);
      for (const company of body.company) expect(company.state).toBe(state);
    },
  );

  it('pages within a state, total counting that state only', async () => {
    const lagos = LAGOS;
    const first = (await get(`${LIST}?state=lagos&page=1&limit=4`)).json();
    const second = (await get(`${LIST}?state=Lagos&page=2&limit=4`)).json();
    expect(first).toMatchObject({ page: 1, limit: 4, total: lagos.length });
    expect(second).toMatchObject({ page: 2, limit: 4, total: lagos.length });
    expect([...keysOf(first), ...keysOf(second)]).toEqual(lagos);
    // The category list filters the same way.
    const byCategory = (await get('/api/jobs/getcompaniesbycategory/Craftsman?state=Kano')).json();
    expect(keysOf(byCategory)).toEqual(['kano-top']);
  });

  it('treats an empty state as every state', async () => {
    for (const url of [`${LIST}?state=`, `${LIST}?state=%20%20`]) {
      const body = (await get(url)).json();
      expect(keysOf(body)).toEqual(ORDER);
    }
  });

  it.each([
    ['Texas', "Unknown state 'Texas'. Choose one of the 36 states or the Federal Capital Territory (FCT)."],
    [
      'Lagos%2C%20Ikeja',
      "Unknown state 'Lagos, Ikeja'. Choose one of the 36 states or the Federal Capital Territory (FCT).",
    ],
    [
      'Lagos%09Ikeja',
      "Unknown state 'Lagos\\tIkeja'. Choose one of the 36 states or the Federal Capital Territory (FCT).",
    ],
  ])('refuses the unknown state %s with a 400 naming it', async (raw, message) => {
    const response = await get(`${LIST}?state=${raw}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      errorMessage: message,
      resultMessage: { en: message },
    });
  });

  it('refuses an unknown state even for an unknown trade (the state is checked first)', async () => {
    const response = await get(
      '/api/jobs/getcompaniesbycategory/Underwater%20basket%20weaving?state=Atlantis',
    );
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['?state=%00', 'a NUL byte'],
    ['?state=%00%00%00Lagos', 'NUL bytes before a name'],
    ['?state=Lagos&state=Kano', 'a state given twice (an array)'],
    [`?state=${'x'.repeat(61)}`, 'a state over 60 characters'],
    [`?state=${'%F0%9F%92%A5'.repeat(20)}`, 'emoji'],
    ['?state=Lagos&page=1e300', 'a page beyond any'],
    ['?state=Lagos&limit=99999999999999999999', 'a huge limit'],
    ['?state=Lagos&page=-1', 'a negative page'],
    ["?state=Lagos'%3B%20drop%20table%20users%3B--", 'SQL in the state'],
  ])('answers hostile input %s (%s) with a 400, never a 500', async (query, _what) => {
    const response = await get(`${LIST}${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, errorMessage: expect.any(String) });
  });

  it('ignores a state[]= bracket key (no such parameter) rather than failing', async () => {
    const response = await get(`${LIST}?state[]=Lagos`);
    expect(response.statusCode).toBe(200);
    expect(keysOf(response.json())).toEqual(ORDER);
  });
});
