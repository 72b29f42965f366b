// The contract every remote's `./routes` module keeps with the shell, as one test suite the four remotes
// run against their own module (test-only: not exported from the package's main entry).
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { REMOTE_PAGES, type RemoteName, type RemoteRoutesModule } from '../federation';
import { QueryProvider } from '../query';

export function describeRemoteRoutes<Name extends RemoteName>(
  name: Name,
  routesModule: RemoteRoutesModule<Name>,
): void {
  const { pages } = routesModule;

  describe(`${name} remote: exposed routes module`, () => {
    it('exposes exactly the pages the shell routes to', () => {
      expect(Object.keys(pages).sort()).toEqual([...REMOTE_PAGES[name]].sort());
    });

    // A page may load its own chunk first (React.lazy): its heading is awaited.
    it.each([...REMOTE_PAGES[name]])(
      `page %s renders one <h1> inside data-remote="${name}"`,
      async (page) => {
        const Page = pages[page as keyof typeof pages] as ComponentType;
        render(
          // As in the shell: pages run inside the shared query client's provider.
          <QueryProvider>
            <MemoryRouter initialEntries={['/x/Sample']}>
              <Routes>
                <Route path="/x/:type" element={<Page />} />
              </Routes>
            </MemoryRouter>
          </QueryProvider>,
        );
        const headings = await screen.findAllByRole('heading', { level: 1 }, { timeout: 5000 });
        expect(headings).toHaveLength(1);
        expect(headings[0]!.textContent?.trim()).not.toBe('');
        expect(headings[0]!.closest('[data-remote]')).toHaveAttribute('data-remote', name);
      },
    );
  });
}
