// How the shell gets a remote's pages. The app receives a RemoteLoader through context, so tests can
// render the real route table with fake remotes, and the production loader (federation-loader.ts) is
// the only code that talks to the Module Federation runtime.
import { createContext, useContext } from 'react';
import type { RemoteName, RemoteRoutesModule } from '@marketplace/ui';

export interface RemoteLoader {
  /** Loads (once) the remote's `./routes` module. Rejects when the remote is unavailable. */
  load<R extends RemoteName>(remote: R): Promise<RemoteRoutesModule<R>>;
  /** The module if it is already loaded, so moving between a remote's pages does not flash. */
  peek<R extends RemoteName>(remote: R): RemoteRoutesModule<R> | undefined;
  /** Forgets a failed or cached remote so the next load() goes to the network again. */
  reset(remote: RemoteName): void;
}

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader: no RemoteLoaderContext provider');
  return loader;
}

/** Raised when a remote cannot be used (not listed, failed to load, or exposes the wrong shape). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteUnavailableError';
  }
}

/** Retry hook handed to whatever renders a remote's fallback (see RemoteRoute and unavailable-module). */
export interface RemoteRetry {
  remote: string;
  retry: () => void;
}

export const RemoteRetryContext = createContext<RemoteRetry | null>(null);
