import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { companyPayload, createAccountsHarness, posterPayload, type AccountsHarness } from '../testing';

const PUBLIC_FIELDS = [
  '_id',
  'address',
  'description',
  'email',
  'name',
  'phoneNumber',
  'photoUrl',
  'pincode',
  'rating',
  'subcategory',
  'type',
];

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

  it('lists the live companies of a category, by name, with public fields only', async () => {
    const response = await get('/api/jobs/getcompaniesbycategory/Craftsman');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, limit: 20, total: 2 });
    expect(names(body)).toEqual(['Ace Plumbing', 'bravo pipes']);
    for (const company of body.company) expect(Object.keys(company).sort()).toEqual(PUBLIC_FIELDS);
    expect(body.company[0]).toEqual({
      _id: ids.ace,
      name: 'Ace Plumbing',
      email: 'ace@firms.ng',
      phoneNumber: '+2348031234567',
      address: '12 Allen Avenue, Ikeja',
      pincode: '100001',
      subcategory: ['Plumber'],
      description: null,
      photoUrl: null,
      type: 'company',
      rating: { average: 0, count: 0 },
    });
    expect(response.body).not.toMatch(/password|hash|cac|token|deleted/i);
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
    expect(names(response.json())).toEqual(expected);
    expect(response.json().total).toBe(expected.length);
  });

  it('pages', async () => {
    const first = (await get('/api/jobs/getcompaniesbysubCategory/plumber?page=1&limit=1')).json();
    const second = (await get('/api/jobs/getcompaniesbysubCategory/plumber?page=2&limit=1')).json();
    expect(first).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(names(first)).toEqual(['Ace Plumbing']);
    expect(names(second)).toEqual(['bravo pipes']);
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
