// Renders one page of a remote inside the shell's layout, with a loading state, and the remote
// fallback ("This section is unavailable" + Try again) when the remote cannot be loaded or its page
// throws while rendering.
import {
  Component,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  PendingPage,
  Skeleton,
  type RemoteName,
  type RemotePageName,
  type RemoteRoutesModule,
} from '@marketplace/ui';
import { RemoteRetryContext, useRemoteLoader, type RemoteRetry } from './remote-loader';
import { RemoteFallback } from './RemoteFallback';

type LoadState<R extends RemoteName> =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteRoutesModule<R> }
  | { status: 'failed'; error: unknown };

interface BoundaryProps {
  remote: string;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

/** Catches a remote page that throws while rendering (or a lazy chunk inside it that fails). */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(
      `[federation] remote "${this.props.remote}" failed while rendering`,
      error,
      info.componentStack,
    );
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error) return <RemoteFallback remote={this.props.remote} onRetry={this.retry} />;
    return this.props.children;
  }
}

/** Skeletons, or the page the edge pre-rendered for this address (see PendingPage). */
export function RemoteLoading() {
  return (
    <PendingPage
      fallback={
        <section className="remote-loading" aria-busy="true">
          <div className="ui-container">
            <Skeleton lines={1} className="remote-loading__title" label="Loading page" />
            <Skeleton lines={4} />
          </div>
        </section>
      }
    />
  );
}

interface RemoteRouteProps<R extends RemoteName> {
  remote: R;
  page: RemotePageName<R>;
}

export function RemoteRoute<R extends RemoteName>({ remote, page }: RemoteRouteProps<R>) {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<R>>(() => {
    const module = loader.peek(remote);
    return module ? { status: 'ready', module } : { status: 'loading' };
  });

  useEffect(() => {
    if (state.status !== 'loading') return;
    let current = true;
    loader.load(remote).then(
      // The page renders as a transition: in slices that yield to the browser, not one long task (what
      // was on screen, the edge's page or the skeleton, stays until it is done).
      (module) => current && startTransition(() => setState({ status: 'ready', module })),
      (error: unknown) => {
        if (!current) return;
        console.error(`[federation] remote "${remote}" could not be loaded`, error);
        setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
    // `attempt` restarts loading after a retry even if the state object did not change identity.
  }, [loader, remote, state.status, attempt]);

  const retry = useCallback(() => {
    loader.reset(remote);
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, [loader, remote]);

  const retryContext = useMemo<RemoteRetry>(() => ({ remote, retry }), [remote, retry]);

  if (state.status === 'loading') return <RemoteLoading />;
  if (state.status === 'failed') return <RemoteFallback remote={remote} onRetry={retry} />;

  const Page = (state.module.pages as Partial<Record<string, ComponentType>>)[page];
  return (
    <RemoteRetryContext.Provider value={retryContext}>
      <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
        <Suspense fallback={<RemoteLoading />}>
          {Page ? <Page /> : <MissingPage remote={remote} page={page} />}
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}

/** The remote loaded but does not expose this page (remote and shell out of step): treat as unavailable. */
function MissingPage({ remote, page }: { remote: string; page: string }): never {
  throw new Error(`Remote "${remote}" does not expose page "${page}"`);
}
