// The Module Federation runtime the webpack build set up for the shell (name "shell", shared singletons,
// the remote-fallback runtime plugin). Importing it here keeps the rest of the shell testable without it.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { FederationRuntime } from './federation-loader';

export const federationRuntime: FederationRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote<unknown>(id),
};
