import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobsSectionProps, RemoteRoutesModule } from './federation';
import { RemoteModulesContext, type RemoteModuleLoader } from './remote-modules';
import { RemoteWidget } from './remote-widget';

function JobsSection({ kind, type }: JobsSectionProps) {
  return (
    <p>
      jobs of {kind} {type}
    </p>
  );
}

const jobsModule = {
  pages: {},
  widgets: { jobsSection: JobsSection },
} as unknown as RemoteRoutesModule<'jobs'>;

function renderWidget(load: RemoteModuleLoader | null) {
  return render(
    <RemoteModulesContext.Provider value={load}>
      <RemoteWidget
        remote="jobs"
        name="jobsSection"
        props={{ kind: 'category', type: 'Craftsman' }}
        label="jobs"
      />
      <footer>after</footer>
    </RemoteModulesContext.Provider>,
  );
}

describe('RemoteWidget', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reserves its space with a skeleton, then renders the widget with its props', async () => {
    let resolve!: (module: RemoteRoutesModule<'jobs'>) => void;
    const load = jest.fn(() => new Promise<RemoteRoutesModule<'jobs'>>((r) => (resolve = r)));
    renderWidget(load as unknown as RemoteModuleLoader);
    expect(screen.getByRole('status', { name: 'Loading jobs' })).toBeInTheDocument();
    resolve(jobsModule);
    expect(await screen.findByText('jobs of category Craftsman')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('jobs');
  });

  it('is asked for only when the reader comes near it', async () => {
    let notify!: (entries: Array<{ isIntersecting: boolean }>) => void;
    const observed: Element[] = [];
    const options: IntersectionObserverInit[] = [];
    class FakeIntersectionObserver {
      constructor(callback: typeof notify, init: IntersectionObserverInit) {
        notify = callback;
        options.push(init);
      }
      observe(target: Element) {
        observed.push(target);
      }
      disconnect() {}
    }
    Object.defineProperty(window, 'IntersectionObserver', {
      value: FakeIntersectionObserver,
      configurable: true,
    });
    try {
      const load = jest.fn(async () => jobsModule);
      renderWidget(load as unknown as RemoteModuleLoader);
      expect(screen.getByRole('status', { name: 'Loading jobs' })).toBeInTheDocument();
      expect(observed).toHaveLength(1);
      expect(options[0]?.rootMargin).toBe('800px 0px');
      act(() => notify([{ isIntersecting: false }]));
      expect(load).not.toHaveBeenCalled();
      act(() => notify([{ isIntersecting: true }]));
      expect(await screen.findByText('jobs of category Craftsman')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('shows a notice with Try again when the remote cannot be loaded, and recovers', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('remoteEntry.js 404'))
      .mockResolvedValueOnce(jobsModule);
    renderWidget(load as unknown as RemoteModuleLoader);
    expect(await screen.findByRole('alert')).toHaveTextContent('The jobs cannot be shown right now.');
    expect(screen.getByText('after')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('jobs of category Craftsman')).toBeInTheDocument();
  });

  it('shows the notice when the remote does not expose the widget or throws while rendering', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const { unmount } = renderWidget(
      () => Promise.resolve({ pages: {} } as unknown as RemoteRoutesModule<'jobs'>) as never,
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    unmount();
    renderWidget(() => Promise.resolve({ pages: {}, widgets: { jobsSection: Broken } }) as never);
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be shown');
  });

  it('without a loader (no shell around it) shows the notice rather than crashing', async () => {
    renderWidget(null);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
