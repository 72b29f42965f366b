// The stand-in module for a remote that failed to load: every page renders the remote fallback.
// Only reached through a dynamic import from the errorLoadRemote plugin, after shared React is set up.
import type { JSX } from 'react';
import { RemoteFallback } from './RemoteFallback';
import { REMOTE_UNAVAILABLE, type UnavailableMarker } from './unavailable';

export interface UnavailableModule extends UnavailableMarker {
  pages: Record<string, () => JSX.Element>;
}

export function createUnavailableModule(remote: string, error: unknown): UnavailableModule {
  const UnavailablePage = () => <RemoteFallback remote={remote} />;
  return {
    [REMOTE_UNAVAILABLE]: true,
    remote,
    error,
    // Any page name resolves to the fallback: the shell may ask for pages this copy never knew.
    pages: new Proxy({} as Record<string, () => JSX.Element>, { get: () => UnavailablePage }),
  };
}
