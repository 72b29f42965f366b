import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RemoteName } from '@marketplace/ui';
import { fakeRemoteModule } from '../testing/fake-remotes';
import { createFederationLoader, type FederationRuntime } from './federation-loader';
import { RemoteManifestError } from './manifest';
import { RemoteUnavailableError } from './remote-loader';
import { REMOTE_UNAVAILABLE } from './unavailable';

const MANIFEST = 'http://localhost/remotes/manifest.json';
const listing = {
  remotes: [
    { name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' },
    { name: 'jobs', entry: 'https://cdn.example.ng/jobs/v7/mf-manifest.json' },
    { name: 'chat', entry: 'chat/mf-manifest.json' },
  ],
};

let manifestHits = 0;
const server = setupServer(
  http.get(MANIFEST, () => {
    manifestHits += 1;
    return HttpResponse.json(listing);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  manifestHits = 0;
});
afterAll(() => server.close());

function fakeRuntime(): FederationRuntime & {
  registerRemotes: jest.Mock;
  loadRemote: jest.Mock;
} {
  return {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => fakeRemoteModule(id.split('/')[0] as RemoteName)),
  };
}

describe('createFederationLoader', () => {
  it('fetches /remotes/manifest.json, registers the remote with an absolute entry and loads <name>/routes', async () => {
    const runtime = fakeRuntime();
    const loader = createFederationLoader({ runtime });

    const module = await loader.load('catalogue');

    expect(manifestHits).toBe(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'catalogue', entry: 'http://localhost/remotes/catalogue/mf-manifest.json' }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('catalogue/routes');
    expect(typeof module.pages.home).toBe('function');
    expect(loader.peek('catalogue')).toBe(module);
  });

  it('keeps entries on other origins and resolves relative ones against the manifest URL', async () => {
    const runtime = fakeRuntime();
    const loader = createFederationLoader({ runtime });
    await loader.load('jobs');
    await loader.load('chat');
    expect(runtime.registerRemotes.mock.calls.map(([entries]) => entries[0].entry)).toEqual([
      'https://cdn.example.ng/jobs/v7/mf-manifest.json',
      'http://localhost/remotes/chat/mf-manifest.json',
    ]);
  });

  it('fetches the manifest once and loads each remote once', async () => {
    const runtime = fakeRuntime();
    const loader = createFederationLoader({ runtime });
    await Promise.all([loader.load('catalogue'), loader.load('catalogue'), loader.load('jobs')]);
    await loader.load('catalogue');
    expect(manifestHits).toBe(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('rejects when the manifest answers with an error status, and fetches it again next time', async () => {
    server.use(http.get(MANIFEST, () => new HttpResponse('down', { status: 503 }), { once: true }));
    const runtime = fakeRuntime();
    const loader = createFederationLoader({ runtime });

    const failure = loader.load('catalogue');
    await expect(failure).rejects.toThrow(RemoteManifestError);
    await expect(failure).rejects.toThrow(/answered 503/);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(loader.peek('catalogue')).toBeUndefined();

    // The edge is back: a retry works without reloading the shell.
    await expect(loader.load('catalogue')).resolves.toHaveProperty('pages');
    expect(manifestHits).toBe(1); // the successful second fetch (msw counts only the default handler)
  });

  it('rejects when the manifest cannot be fetched at all or is not valid', async () => {
    server.use(http.get(MANIFEST, () => HttpResponse.error(), { once: true }));
    const loader = createFederationLoader({ runtime: fakeRuntime() });
    await expect(loader.load('jobs')).rejects.toThrow(/could not be fetched/);

    server.use(http.get(MANIFEST, () => HttpResponse.text('<html>'), { once: true }));
    await expect(loader.load('jobs')).rejects.toThrow(/not JSON/);

    server.use(http.get(MANIFEST, () => HttpResponse.json({ apps: [] }), { once: true }));
    await expect(loader.load('jobs')).rejects.toThrow(/no "remotes" list/);
  });

  it('rejects a remote the manifest does not list', async () => {
    const runtime = fakeRuntime();
    const loader = createFederationLoader({ runtime });
    await expect(loader.load('admin')).rejects.toThrow(RemoteUnavailableError);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('reads the manifest from a configurable URL', async () => {
    server.use(
      http.get('http://localhost/config/remotes.json', () =>
        HttpResponse.json({
          remotes: [{ name: 'admin', entry: 'https://admin.example.ng/mf-manifest.json' }],
        }),
      ),
    );
    const runtime = fakeRuntime();
    const loader = createFederationLoader({ runtime, manifestUrl: '/config/remotes.json' });
    await loader.load('admin');
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'admin', entry: 'https://admin.example.ng/mf-manifest.json' }],
      {
        force: false,
      },
    );
  });

  it('after a failed load, reset() re-registers the remote with force so the runtime fetches it again', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockRejectedValueOnce(new Error('ScriptExternalLoadError: remoteEntry.js 404'));
    const loader = createFederationLoader({ runtime });

    await expect(loader.load('catalogue')).rejects.toThrow(/404/);
    expect(loader.peek('catalogue')).toBeUndefined();

    loader.reset('catalogue');
    await expect(loader.load('catalogue')).resolves.toHaveProperty('pages');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'catalogue', entry: 'http://localhost/remotes/catalogue/mf-manifest.json' }],
      { force: true },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('returns the fallback plugin stand-in for a failed remote but does not keep it', async () => {
    const runtime = fakeRuntime();
    const standIn = { [REMOTE_UNAVAILABLE]: true, remote: 'chat', error: new Error('x'), pages: {} };
    runtime.loadRemote.mockResolvedValueOnce(standIn);
    const loader = createFederationLoader({ runtime });

    await expect(loader.load('chat')).resolves.toBe(standIn);
    expect(loader.peek('chat')).toBeUndefined();

    // Next visit tries again, with a forced re-registration.
    const real = await loader.load('chat');
    expect(real).not.toBe(standIn);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
  });

  it('rejects a module without pages', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockResolvedValueOnce(null);
    const loader = createFederationLoader({ runtime });
    await expect(loader.load('catalogue')).rejects.toThrow(/did not expose/);
  });
});
