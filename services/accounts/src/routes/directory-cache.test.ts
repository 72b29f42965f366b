import { API_DOCS_PATHS } from '@marketplace/contracts';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { sql } from 'kysely';
import { UsersRepository } from '../repositories/users-repository';
import {
  COMPANY_PUBLIC_FIELDS as PUBLIC_FIELDS,
  companyPayload,
  createAccountsHarness,
  PRIVATE_FIELD_KEY as PRIVATE_KEY,
  type AccountsHarness,
} from '../testing';
import { DIRECTORY_CACHE_CONTROL } from './directory';

// The directory's answers are kept in memory (keyed by the normalized query) and sent with a weak
// ETag; every write of `users` by this instance clears them at once, other instances' writes show
// within DIRECTORY_CACHE_SECONDS. Queries are counted at the repository.

const LIST = '/api/jobs/getcompaniesbysubCategory/Tiler';

describe('company directory cache', () => {
  let h: AccountsHarness;
  /** The service's clock (sessions and the cache's TTL); tests move it forward. */
  let clock = Date.parse('2025-03-01T09:00:00Z');
  const ids: Record<string, string> = {};
  const headers: Record<string, { authorization: string }> = {};
  const queries = { list: 0, company: 0, index: 0 };
  const spies: jest.SpyInstance[] = [];

  beforeAll(async () => {
    h = await createAccountsHarness({ now: () => new Date(clock) });
    for (const [key, name] of [
      ['alpha', 'Alpha Tiles'],
      ['beta', 'Beta Tiling'],
      ['gamma', 'Gamma Floors'],
    ] as const) {
      const company = await h.signUp(
        companyPayload({
          email: `${key}@tiles.ng`,
          name,
          category: ['Craftsman'],
          subcategory: ['Tiler'],
        }),
      );
      ids[key] = company.id;
      headers[key] = company.headers;
    }
    const count = <K extends 'listCompanies' | 'findCompany' | 'companyIndex'>(
      method: K,
      counter: keyof typeof queries,
    ) => {
      const original = UsersRepository.prototype[method] as (...args: unknown[]) => unknown;
      spies.push(
        jest.spyOn(UsersRepository.prototype, method).mockImplementation(function (
          this: UsersRepository,
          ...args: unknown[]
        ) {
          queries[counter] += 1;
          return original.apply(this, args) as never;
        }),
      );
    };
    count('listCompanies', 'list');
    count('findCompany', 'company');
    count('companyIndex', 'index');
  }, 60_000);
  afterAll(async () => {
    for (const spy of spies) spy.mockRestore();
    await h.close();
  }, 60_000);

  const get = (url: string, extra: Record<string, string> = {}) =>
    h.service.app.inject({ method: 'GET', url, headers: extra });
  const names = (body: { company: Array<{ name: string }> }) => body.company.map((c) => c.name);
  /** Queries made by `action`. */
  const queriesOf = async (action: () => Promise<unknown>) => {
    const before = { ...queries };
    await action();
    return {
      list: queries.list - before.list,
      company: queries.company - before.company,
      index: queries.index - before.index,
    };
  };

  it('serves a repeated read from memory: one query for the same normalized query, the same bytes', async () => {
    let first!: Awaited<ReturnType<typeof get>>;
    expect(await queriesOf(async () => (first = await get(LIST)))).toEqual({ list: 1, company: 0, index: 0 });
    expect(first.statusCode).toBe(200);
    // Nobody is rated yet: the most recent registration (activity) first.
    expect(names(first.json())).toEqual(['Gamma Floors', 'Beta Tiling', 'Alpha Tiles']);
    // Other spellings of the same query (casing, underscores, defaults written out, an empty state)
    // share the entry.
    for (const url of [
      LIST,
      '/api/jobs/getcompaniesbysubCategory/tiler',
      `${LIST}?page=1&limit=20`,
      `${LIST}?state=`,
    ]) {
      let again!: Awaited<ReturnType<typeof get>>;
      expect(await queriesOf(async () => (again = await get(url)))).toEqual({
        list: 0,
        company: 0,
        index: 0,
      });
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
    }

    const company = `/api/accounts/companies/${ids.alpha}`;
    expect((await queriesOf(() => get(company))).company).toBe(1);
    // Ids compare in any case.
    expect((await queriesOf(() => get(`/api/accounts/companies/${ids.alpha!.toUpperCase()}`))).company).toBe(
      0,
    );
    expect((await queriesOf(() => get('/api/accounts/companies'))).index).toBe(1);
    expect((await queriesOf(() => get('/api/accounts/companies?page=1&limit=100'))).index).toBe(0);
  });

  it('shares one query among concurrent misses', async () => {
    const url = `${LIST}?limit=7`;
    const used = await queriesOf(() => Promise.all([1, 2, 3, 4, 5].map(() => get(url))));
    expect(used.list).toBe(1);
  });

  it('never lets different queries share an entry', async () => {
    const bodies = new Map<string, string>();
    for (const url of [
      `${LIST}?limit=1`,
      `${LIST}?limit=2`,
      `${LIST}?page=2&limit=1`,
      `${LIST}?page=3&limit=1`,
      '/api/jobs/getcompaniesbycategory/Craftsman?limit=1',
      '/api/jobs/getcompaniesbysubCategory/Plumber?limit=1',
    ]) {
      const used = await queriesOf(async () => {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        bodies.set(url, response.body);
      });
      expect(used.list).toBe(1);
    }
    // Each query had its own read (above) and got its own answer.
    const body = (url: string) => JSON.parse(bodies.get(url)!);
    expect(names(body(`${LIST}?limit=1`))).toEqual(['Gamma Floors']);
    expect(names(body(`${LIST}?limit=2`))).toEqual(['Gamma Floors', 'Beta Tiling']);
    expect(body(`${LIST}?page=2&limit=1`)).toMatchObject({ page: 2, limit: 1, total: 3 });
    expect(names(body(`${LIST}?page=2&limit=1`))).toEqual(['Beta Tiling']);
    expect(names(body(`${LIST}?page=3&limit=1`))).toEqual(['Alpha Tiles']);
    expect(body('/api/jobs/getcompaniesbysubCategory/Plumber?limit=1').total).toBe(0);

    const alpha = (await get(`/api/accounts/companies/${ids.alpha}`)).json();
    const beta = (await get(`/api/accounts/companies/${ids.beta}`)).json();
    expect([alpha.company.name, beta.company.name]).toEqual(['Alpha Tiles', 'Beta Tiling']);
    const index = (await get('/api/accounts/companies?limit=2')).json();
    expect(index).toMatchObject({ limit: 2, total: 3 });
    expect(index.companies).toHaveLength(2);
  });

  it('keeps one entry per state: each state its own query and answer, every spelling of it the same entry', async () => {
    const bodies = new Map<string, string>();
    for (const url of [`${LIST}?state=Lagos&limit=5`, `${LIST}?state=Kano&limit=5`, `${LIST}?limit=5`]) {
      const used = await queriesOf(async () => {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        bodies.set(url, response.body);
      });
      expect(used.list).toBe(1);
    }
    const lagos = JSON.parse(bodies.get(`${LIST}?state=Lagos&limit=5`)!);
    const kano = JSON.parse(bodies.get(`${LIST}?state=Kano&limit=5`)!);
    expect(lagos).toMatchObject({ total: 3 });
    expect(kano).toMatchObject({ company: [], total: 0 });
    // Other spellings of a state share its entry (and bytes); they never get another state's answer.
    for (const [url, same] of [
      [`${LIST}?state=lagos&limit=5`, `${LIST}?state=Lagos&limit=5`],
      [`${LIST}?state=%20LAGOS%20&limit=5&page=1`, `${LIST}?state=Lagos&limit=5`],
      [`${LIST}?state=KANO&limit=5`, `${LIST}?state=Kano&limit=5`],
      [`/api/jobs/getcompaniesbysubCategory/tiler?limit=5&state=kano`, `${LIST}?state=Kano&limit=5`],
      [`${LIST}?limit=5&state=`, `${LIST}?limit=5`],
    ] as const) {
      let again!: Awaited<ReturnType<typeof get>>;
      expect((await queriesOf(async () => (again = await get(url)))).list).toBe(0);
      expect(again.body).toBe(bodies.get(same));
    }
    // A state with no cached answer yet is a query of its own, not an answer of another state's.
    let abuja!: Awaited<ReturnType<typeof get>>;
    expect((await queriesOf(async () => (abuja = await get(`${LIST}?state=FCT&limit=5`)))).list).toBe(1);
    expect(abuja.json()).toMatchObject({ company: [], total: 0 });
    expect((await queriesOf(() => get(`${LIST}?state=Abuja&limit=5`))).list).toBe(0);
  });

  it('sends a weak ETag and Cache-Control, and 304 without a body for a matching If-None-Match', async () => {
    for (const url of [LIST, `/api/accounts/companies/${ids.beta}`, '/api/accounts/companies']) {
      const first = await get(url);
      expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe(DIRECTORY_CACHE_CONTROL);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = first.headers.etag as string;

      const revalidated = await get(url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe(DIRECTORY_CACHE_CONTROL);
      expect((await get(url, { 'if-none-match': `W/"other", ${etag}` })).statusCode).toBe(304);

      const other = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
    // A company that is not there is a 404 with no tag.
    const missing = await get('/api/accounts/companies/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('documents the 304 in the OpenAPI document', async () => {
    const doc = (await get(API_DOCS_PATHS.service('accounts'))).json();
    for (const path of [
      '/api/jobs/getcompaniesbysubCategory/{subcategory}',
      '/api/accounts/companies/{id}',
      '/api/accounts/companies',
    ]) {
      expect(doc.paths[path].get.responses['304']).toMatchObject({ description: expect.any(String) });
    }
  });

  it('keeps the public fields only, cached or not', async () => {
    for (let i = 0; i < 2; i++) {
      const list = await get(LIST);
      for (const company of list.json().company) expect(Object.keys(company).sort()).toEqual(PUBLIC_FIELDS);
      // The state is public directory data (like the address); nothing private ever is.
      expect(list.json().company.map((c: { state: string }) => c.state)).toEqual(['Lagos', 'Lagos', 'Lagos']);
      expect(list.body).not.toMatch(PRIVATE_KEY);
      const one = await get(`/api/accounts/companies/${ids.gamma}`);
      expect(Object.keys(one.json().company).sort()).toEqual(PUBLIC_FIELDS);
      expect(one.json().company.state).toBe('Lagos');
      expect(one.body).not.toMatch(PRIVATE_KEY);
    }
  });

  it('shows a registration on the next read', async () => {
    const before = await get(LIST);
    expect(before.json().total).toBe(3);
    const delta = await h.signUp(
      companyPayload({ email: 'delta@tiles.ng', name: 'Delta Tiles', subcategory: ['Tiler'] }),
    );
    ids.delta = delta.id;
    headers.delta = delta.headers;
    const after = await get(LIST, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBe(4);
    expect(names(after.json())).toContain('Delta Tiles');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/api/accounts/companies')).json().total).toBe(4);
  });

  it('shows a profile edit on the next read of the list, the profile and the index', async () => {
    const company = `/api/accounts/companies/${ids.beta}`;
    const listBefore = await get(LIST);
    const oneBefore = await get(company);
    const indexBefore = (await get('/api/accounts/companies')).json();
    const form = new FormData();
    form.append('name', 'Beta Tiling and Stone');
    form.append('description', 'Floors, walls and pools.');
    const edit = await h.service.app.inject({
      method: 'PUT',
      url: '/api/user/editcompany',
      headers: headers.beta,
      payload: form,
    });
    expect(edit.statusCode).toBe(200);

    const list = await get(LIST, { 'if-none-match': listBefore.headers.etag as string });
    expect(list.statusCode).toBe(200);
    expect(names(list.json())).toContain('Beta Tiling and Stone');
    const one = await get(company, { 'if-none-match': oneBefore.headers.etag as string });
    expect(one.statusCode).toBe(200);
    expect(one.json().company).toMatchObject({
      name: 'Beta Tiling and Stone',
      description: 'Floors, walls and pools.',
    });
    const index = (await get('/api/accounts/companies')).json();
    const updatedAt = (body: { companies: Array<{ _id: string; updatedAt: string }> }) =>
      body.companies.find((c) => c._id === ids.beta)?.updatedAt;
    expect(updatedAt(index)).not.toBe(updatedAt(indexBefore));
  });

  it('shows a rating from jobs.review.posted on the next read after the event is applied', async () => {
    const company = `/api/accounts/companies/${ids.gamma}`;
    expect((await get(company)).json().company.rating).toEqual({ average: 0, count: 0 });
    expect((await get(LIST)).json().company.find((c: { _id: string }) => c._id === ids.gamma).rating).toEqual(
      {
        average: 0,
        count: 0,
      },
    );
    await h.service.bus.publish(
      newEvent(
        'jobs.review.posted',
        {
          reviewId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
          jobId: '44444444-4444-4444-8444-444444444444',
          companyId: ids.gamma as string,
          reviewerId: '55555555-5555-4555-8555-555555555555',
          rating: 4,
        },
        { correlationId: 'test' },
      ),
    );
    // The clock stands still: only the consumer's commit can have cleared the cached answers.
    await eventually(async () => {
      expect((await get(company)).json().company.rating).toEqual({ average: 4, count: 1 });
    });
    const listed = (await get(LIST)).json().company.find((c: { _id: string }) => c._id === ids.gamma);
    expect(listed.rating).toEqual({ average: 4, count: 1 });
  });

  it('drops a deleted account from the list, the profile and the index on the next read', async () => {
    const company = `/api/accounts/companies/${ids.delta}`;
    expect((await get(company)).statusCode).toBe(200);
    expect(names((await get(LIST)).json())).toContain('Delta Tiles');
    const indexBefore = (await get('/api/accounts/companies')).json();
    expect(indexBefore.total).toBe(4);

    const deleted = await h.service.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: headers.delta,
      payload: { password: 'secret12' },
    });
    expect(deleted.statusCode).toBe(200);

    expect((await get(company)).statusCode).toBe(404);
    const list = (await get(LIST)).json();
    expect(list.total).toBe(3);
    expect(names(list)).not.toContain('Delta Tiles');
    expect(list.company.map((c: { _id: string }) => c._id)).not.toContain(ids.delta);
    const index = (await get('/api/accounts/companies')).json();
    expect(index.total).toBe(3);
    expect(index.companies.map((c: { _id: string }) => c._id)).not.toContain(ids.delta);
  });

  it('clears on any write of users by this process, however it was made (here straight through Kysely)', async () => {
    expect(names((await get(LIST)).json())).toContain('Alpha Tiles');
    await h.db.updateTable('users').set({ name: 'Alpha Tiles Ltd' }).where('id', '=', ids.alpha!).execute();
    expect(names((await get(LIST)).json())).toContain('Alpha Tiles Ltd');
  });

  it("shows another instance's write within the TTL, and not before (the documented bound)", async () => {
    const company = `/api/accounts/companies/${ids.alpha}`;
    const cached = (await get(company)).json().company.description;
    // Written so that this process's commit signal does not see it (unquoted names), as it would not
    // see a write by another accounts instance.
    await sql`update accounts.users set description = ${'Written elsewhere.'} where id = ${ids.alpha}`.execute(
      h.db,
    );
    clock += 29_000;
    expect((await get(company)).json().company.description).toBe(cached);
    clock += 1_000; // DIRECTORY_CACHE_SECONDS (30 by default) have passed
    expect((await get(company)).json().company.description).toBe('Written elsewhere.');
  });

  it.each([
    [`${LIST}%00`, 'a NUL in the name'],
    [`${LIST}?page=%00`, 'a NUL in the page'],
    [`${LIST}?page=1e300`, 'a page beyond any'],
    [`${LIST}?page=2.5`, 'a fractional page'],
    [`${LIST}?page=abc`, 'a page that is no number'],
    [`${LIST}?limit=-1`, 'a negative limit'],
    [`${LIST}?limit=101`, 'a limit over 100'],
    [`${LIST}?page=1&page=2`, 'a page given twice'],
    [`${LIST}?state=Texas`, 'an unknown state'],
    [`${LIST}?state=%00`, 'a NUL in the state'],
    [`${LIST}?state=Lagos&state=Kano`, 'a state given twice'],
    [`${LIST}?state=${'x'.repeat(61)}`, 'a state over 60 characters'],
    [
      `/api/jobs/getcompaniesbycategory/Nothing%20known?state=Atlantis`,
      'an unknown state for an unknown trade',
    ],
    ['/api/accounts/companies?limit=1e300', 'an index limit beyond any'],
    ['/api/accounts/companies?page=%00', 'a NUL in the index page'],
    [`/api/accounts/companies/${'%00'.repeat(3)}`, 'a NUL in the id'],
    // The router refuses a path parameter over 100 characters before the route sees it.
    [`/api/jobs/getcompaniesbycategory/${'x'.repeat(101)}`, 'a name over 100 characters', 414],
  ])('refuses %s (%s), never with a 500, and keeps nothing', async (url, _what, status = 400) => {
    const used = await queriesOf(async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ statusCode: status });
      expect(response.headers.etag).toBeUndefined();
    });
    expect(used).toEqual({ list: 0, company: 0, index: 0 });
  });
});

describe('company directory with the cache off (DIRECTORY_CACHE_SECONDS=0)', () => {
  let h: AccountsHarness;
  let id: string;
  beforeAll(async () => {
    h = await createAccountsHarness({ directoryCacheSeconds: 0 });
    id = (
      await h.signUp(companyPayload({ email: 'solo@tiles.ng', name: 'Solo Tiles', subcategory: ['Tiler'] }))
    ).id;
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  it('queries on every read and still answers If-None-Match with 304', async () => {
    const spy = jest.spyOn(UsersRepository.prototype, 'listCompanies');
    try {
      const first = await h.service.app.inject({ method: 'GET', url: LIST });
      const second = await h.service.app.inject({
        method: 'GET',
        url: LIST,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(spy).toHaveBeenCalledTimes(2);
      expect(first.json().company.map((c: { _id: string }) => c._id)).toEqual([id]);
      expect(second.statusCode).toBe(304);
    } finally {
      spy.mockRestore();
    }
  });
});
