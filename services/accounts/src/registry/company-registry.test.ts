import { VERIFICATION_MESSAGES } from '@marketplace/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { loadAccountsSettings } from '../config';
import { companyRegistryFor, HttpCompanyRegistry, SandboxCompanyRegistry } from './company-registry';

const REGISTRY = 'https://registry.example.ng/api';
const KEY = 'registry-key-123';

// The registry is an outside service: msw stands in for it, failures included.
const seen: Request[] = [];
const registry = setupServer(
  http.get(`${REGISTRY}/companies/:number`, ({ request, params }) => {
    seen.push(request);
    if (request.headers.get('authorization') !== `Bearer ${KEY}`)
      return new HttpResponse(null, { status: 401 });
    switch (params.number) {
      case 'RC123456':
        return HttpResponse.json({ name: 'Ace Plumbing Limited', status: 'ACTIVE' });
      case 'RC500':
        return new HttpResponse('upstream down', { status: 503 });
      case 'RC501':
        return HttpResponse.json({ unexpected: true });
      case 'RC502':
        return HttpResponse.error();
      case 'RC503':
        return new Promise<Response>(() => undefined); // never answers
      default:
        return HttpResponse.json({ message: 'not found' }, { status: 404 });
    }
  }),
);

beforeAll(() => registry.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  registry.resetHandlers();
  seen.length = 0;
});
afterAll(() => registry.close());

describe('SandboxCompanyRegistry', () => {
  it('says plainly that no registry is connected, whatever the number', async () => {
    const sandbox = new SandboxCompanyRegistry();
    for (const number of ['RC123456', 'nonsense']) {
      expect(await sandbox.lookup(number)).toEqual({
        outcome: 'not-connected',
        message: 'Not checked: the CAC registry is not connected in this installation',
      });
    }
    expect(seen).toHaveLength(0);
  });
});

describe('HttpCompanyRegistry', () => {
  const real = new HttpCompanyRegistry({ url: `${REGISTRY}/`, apiKey: KEY, timeoutMs: 300 });

  it('asks for the canonical number with the key and reports the registered name', async () => {
    expect(await real.lookup('rc 123456')).toEqual({
      outcome: 'found',
      message: 'Found in the registry: Ace Plumbing Limited (ACTIVE).',
      registeredName: 'Ace Plumbing Limited',
    });
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).pathname).toBe('/api/companies/RC123456');
  });

  it('reports an unknown number as not found', async () => {
    expect(await real.lookup('BN-7654321')).toMatchObject({
      outcome: 'not-found',
      message: 'Not found: the registry has no company BN7654321.',
    });
  });

  it('does not ask about something that is no CAC number', async () => {
    expect((await real.lookup('../../admin')).outcome).toBe('not-found');
    expect(seen).toHaveLength(0);
  });

  it.each([
    ['a 5xx', 'RC500'],
    ['a body of another shape', 'RC501'],
    ['a network error', 'RC502'],
    ['no answer within the timeout', 'RC503'],
  ])('says the registry could not be reached on %s (never a verdict)', async (_label, number) => {
    expect(await real.lookup(number)).toEqual({
      outcome: 'unavailable',
      message: VERIFICATION_MESSAGES.registryUnavailable,
    });
  });

  it('treats a refused key as unavailable, not as an unknown company', async () => {
    const wrongKey = new HttpCompanyRegistry({ url: REGISTRY, apiKey: 'wrong' });
    expect((await wrongKey.lookup('RC123456')).outcome).toBe('unavailable');
  });
});

describe('choosing the registry from the settings', () => {
  it('is the sandbox without a key and the HTTP registry with CAC_REGISTRY_URL and CAC_REGISTRY_API_KEY', async () => {
    expect(companyRegistryFor(loadAccountsSettings({}).companyRegistry)).toBeInstanceOf(
      SandboxCompanyRegistry,
    );
    const settings = loadAccountsSettings({ CAC_REGISTRY_URL: REGISTRY, CAC_REGISTRY_API_KEY: KEY });
    expect(settings.companyRegistry).toEqual({ url: REGISTRY, apiKey: KEY });
    const chosen = companyRegistryFor(settings.companyRegistry);
    expect(chosen).toBeInstanceOf(HttpCompanyRegistry);
    expect((await chosen.lookup('RC123456')).outcome).toBe('found');
  });

  it('refuses one setting without the other, and a URL that is not http(s)', () => {
    expect(() => loadAccountsSettings({ CAC_REGISTRY_URL: REGISTRY })).toThrow(/go together/);
    expect(() => loadAccountsSettings({ CAC_REGISTRY_API_KEY: KEY })).toThrow(/go together/);
    expect(() => loadAccountsSettings({ CAC_REGISTRY_URL: 'ftp://x', CAC_REGISTRY_API_KEY: KEY })).toThrow(
      /CAC_REGISTRY_URL/,
    );
  });
});
