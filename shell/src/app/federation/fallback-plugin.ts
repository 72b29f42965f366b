// Module Federation runtime plugin: when a remote cannot be loaded (its mf-manifest.json, remoteEntry.js
// or a chunk is missing, or its server is down), answer with a stand-in module whose pages render the
// "This section is unavailable" fallback, instead of letting the error escape as a blank page.
//
// Runs before shared modules are initialised, so it must not import react (or anything that does)
// statically: the fallback UI is pulled in with a dynamic import inside the hook.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteNameFromId } from './unavailable';

type ErrorLoadRemoteArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['errorLoadRemote']>>[0];

export interface FallbackPluginOptions {
  /** Where failures are reported (console by default). */
  report?: (remote: string, error: unknown) => void;
}

const defaultReport = (remote: string, error: unknown) => {
  console.error(`[federation] remote "${remote}" is unavailable`, error);
};

export function remoteFallbackPlugin(options: FallbackPluginOptions = {}): ModuleFederationRuntimePlugin {
  const report = options.report ?? defaultReport;
  return {
    name: 'marketplace-remote-fallback',
    async errorLoadRemote(args: ErrorLoadRemoteArgs) {
      // Other lifecycles (beforeRequest, afterResolve, beforeLoadShare) either recover by themselves or
      // end up in 'onLoad'; answering them with a module would be read as a manifest or a shared module.
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = remoteNameFromId(String(args.id));
      report(remote, args.error);
      const { createUnavailableModule } = await import(
        /* webpackChunkName: "lazy-remote-unavailable" */ './unavailable-module'
      );
      const module = createUnavailableModule(remote, args.error);
      // Build-time remotes expect a module factory; loadRemote() expects the module itself.
      return args.from === 'build' ? () => module : module;
    },
  };
}

// Webpack `runtimePlugins` entries are called with no arguments.
export default remoteFallbackPlugin;
