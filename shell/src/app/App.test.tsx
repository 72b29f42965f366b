// The shell end to end in jsdom: real route table, real federation loader reading /remotes/manifest.json
// (served by msw), and a fake Module Federation runtime standing in for the remotes' code.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { RemoteName } from '@marketplace/ui';
import { App } from './App';
import { createFederationLoader, type FederationRuntime } from './federation/federation-loader';
import { createRoutes } from './routes/route-table';
import { fakeRemoteModule } from './testing/fake-remotes';
import { memoryRouterAt } from './testing/render-app';
import { account, installMatchMedia, resetBrowserState } from '../testing/api';

const MANIFEST = 'http://localhost/remotes/manifest.json';
const manifest = {
  remotes: (['catalogue', 'jobs', 'chat', 'admin'] as const).map((name) => ({
    name,
    entry: `/remotes/${name}/mf-manifest.json`,
  })),
};

// Signed in as an admin (the session layer asks /api/user/me), so every signed-in route opens.
const server = setupServer(
  http.get(MANIFEST, () => HttpResponse.json(manifest)),
  http.get('http://localhost/api/user/me', () => HttpResponse.json({ user: account({ type: 'admin' }) })),
);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(async () => {
  await resetBrowserState();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

async function renderShell(path: string, runtime: FederationRuntime) {
  const loader = createFederationLoader({ runtime });
  const { router, Router } = memoryRouterAt(path);
  // Awaited: the guards suspend on the session's answer (see renderApp).
  await act(async () => {
    render(<App routes={createRoutes()} loader={loader} Router={Router} />);
  });
  return router;
}

const workingRuntime = (): FederationRuntime => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => fakeRemoteModule(id.split('/')[0] as RemoteName)),
});

describe('shell with the runtime manifest', () => {
  it('renders remote pages from the remotes listed in /remotes/manifest.json', async () => {
    const runtime = workingRuntime();
    const router = await renderShell('/', runtime);
    expect(await screen.findByRole('heading', { name: 'catalogue:home' })).toBeInTheDocument();

    await act(() => router.navigate('/allusers'));
    expect(await screen.findByRole('heading', { name: 'admin:allUsers' })).toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'admin', entry: 'http://localhost/remotes/admin/mf-manifest.json' }],
      { force: false },
    );
  });

  it('when the manifest cannot be fetched, shell routes still work and remote routes show the fallback', async () => {
    server.use(http.get(MANIFEST, () => new HttpResponse(null, { status: 404 })));
    const runtime = workingRuntime();
    const router = await renderShell('/signup', runtime);
    expect(
      await screen.findByRole('heading', { name: 'Post your job. Let trusted companies handle the rest.' }),
    ).toBeInTheDocument();

    await act(() => router.navigate('/'));
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument(); // inside the normal layout

    await act(() => router.navigate('/register'));
    expect(await screen.findByRole('heading', { name: 'Register Company' })).toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('"Try again" fetches the manifest again and shows the page once the edge is back', async () => {
    const user = userEvent.setup();
    let up = false;
    server.use(http.get(MANIFEST, () => (up ? HttpResponse.json(manifest) : HttpResponse.error())));
    await renderShell('/chat', workingRuntime());

    await screen.findByTestId('remote-fallback');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'chat:chat' })).toBeInTheDocument();
  });

  it('one remote failing leaves the others working', async () => {
    const runtime = workingRuntime();
    (runtime.loadRemote as jest.Mock).mockImplementation(async (id: string) => {
      if (id === 'jobs/routes') throw new Error('Loading script failed: /remotes/jobs/remoteEntry.js');
      return fakeRemoteModule(id.split('/')[0] as RemoteName);
    });
    const router = await renderShell('/dashboard', runtime);
    expect(await screen.findByTestId('remote-fallback')).toHaveAttribute('data-unavailable-remote', 'jobs');

    await act(() => router.navigate('/chat'));
    expect(await screen.findByRole('heading', { name: 'chat:chat' })).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'catalogue:home' })).toBeInTheDocument();
  });
});
