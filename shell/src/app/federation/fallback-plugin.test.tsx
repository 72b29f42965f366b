import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { remoteFallbackPlugin } from './fallback-plugin';
import { RemoteRetryContext } from './remote-loader';
import { isUnavailableModule } from './unavailable';

type Hook = NonNullable<ReturnType<typeof remoteFallbackPlugin>['errorLoadRemote']>;
type HookArgs = Parameters<Hook>[0];

const args = (overrides: Partial<HookArgs>): HookArgs =>
  ({
    id: 'catalogue/routes',
    error: new Error('404'),
    from: 'runtime',
    lifecycle: 'onLoad',
    origin: {},
    ...overrides,
  }) as HookArgs;

describe('remoteFallbackPlugin (errorLoadRemote)', () => {
  it.each(['beforeRequest', 'afterResolve', 'beforeLoadShare'] as const)(
    'ignores lifecycle %s',
    async (lifecycle) => {
      const report = jest.fn();
      const plugin = remoteFallbackPlugin({ report });
      await expect(plugin.errorLoadRemote!(args({ lifecycle }))).resolves.toBeUndefined();
      expect(report).not.toHaveBeenCalled();
    },
  );

  it('answers onLoad from loadRemote with a stand-in module whose pages render the fallback', async () => {
    const user = userEvent.setup();
    const report = jest.fn();
    const plugin = remoteFallbackPlugin({ report });
    const error = new Error('remoteEntry.js 404');

    const module = await plugin.errorLoadRemote!(args({ error }));

    expect(report).toHaveBeenCalledWith('catalogue', error);
    expect(isUnavailableModule(module)).toBe(true);
    const Page = (module as { pages: Record<string, ComponentType> }).pages.anyPageName!;
    const retry = jest.fn();
    render(
      <MemoryRouter initialEntries={['/aboutus']}>
        <RemoteRetryContext.Provider value={{ remote: 'catalogue', retry }}>
          <Page />
        </RemoteRetryContext.Provider>
      </MemoryRouter>,
    );
    const fallback = screen.getByTestId('remote-fallback');
    expect(fallback).toHaveAttribute('data-unavailable-remote', 'catalogue');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('This section is unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('answers onLoad for a build-time remote with a module factory', async () => {
    const plugin = remoteFallbackPlugin({ report: () => undefined });
    const factory = await plugin.errorLoadRemote!(args({ from: 'build', id: 'jobs/routes' }));
    expect(typeof factory).toBe('function');
    expect(isUnavailableModule((factory as () => unknown)())).toBe(true);
  });

  it('reports to the console by default', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await remoteFallbackPlugin().errorLoadRemote!(args({ id: 'admin/routes' }));
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('"admin"'), expect.any(Error));
    spy.mockRestore();
  });
});
