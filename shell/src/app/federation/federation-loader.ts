// The production RemoteLoader: reads /remotes/manifest.json, registers the remotes it lists with the
// Module Federation runtime and loads `<remote>/routes` on demand.
//
// Failure handling:
// - manifest cannot be fetched: every remote load rejects (the shell's own routes keep working); the next
//   load or retry fetches the manifest again.
// - a remote fails to load: the errorLoadRemote plugin answers with a stand-in module (or loadRemote
//   rejects); either way nothing is cached, and reset() re-registers the remote with `force` so the
//   runtime forgets its cached manifest / remoteEntry and fetches them again.
import { remoteModuleId, type RemoteName, type RemoteRoutesModule } from '@marketplace/ui';
import {
  fetchRemoteManifest,
  REMOTE_MANIFEST_URL,
  type RemoteManifest,
  type RemoteManifestEntry,
} from './manifest';
import { RemoteUnavailableError, type RemoteLoader } from './remote-loader';
import { isUnavailableModule } from './unavailable';

/** The subset of @module-federation/enhanced/runtime this loader needs (injectable for tests). */
export interface FederationRuntime {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  /** Resolves to the exposed module (checked by the loader), or null. */
  loadRemote(id: string): Promise<unknown>;
}

export interface FederationLoaderOptions {
  runtime: FederationRuntime;
  manifestUrl?: string;
  /** Fetches the manifest; defaults to fetchRemoteManifest (which uses global fetch). */
  fetchManifest?: (url: string) => Promise<RemoteManifest>;
}

export function createFederationLoader(options: FederationLoaderOptions): RemoteLoader {
  const { runtime } = options;
  const manifestUrl = options.manifestUrl ?? REMOTE_MANIFEST_URL;
  const fetchManifest = options.fetchManifest ?? ((url: string) => fetchRemoteManifest(url));

  let manifest: Promise<RemoteManifest> | null = null;
  /** Entry each remote is registered with in the runtime. */
  const registered = new Map<RemoteName, string>();
  /** Remotes whose last load failed: re-register with force before the next try. */
  const stale = new Set<RemoteName>();
  // Keyed by remote name; the value's page names match its key (checked where it is read back).
  const loading = new Map<RemoteName, Promise<unknown>>();
  const loaded = new Map<RemoteName, unknown>();

  function getManifest(): Promise<RemoteManifest> {
    if (!manifest) {
      const attempt = fetchManifest(manifestUrl);
      attempt.catch(() => {
        if (manifest === attempt) manifest = null; // fetch it again on the next load or retry
      });
      manifest = attempt;
    }
    return manifest;
  }

  /** Registers a remote on first use, again when its entry moved, and with force after a failure. */
  function ensureRegistered(entry: RemoteManifestEntry): void {
    const current = registered.get(entry.name);
    if (current === entry.entry && !stale.has(entry.name)) return;
    runtime.registerRemotes([{ name: entry.name, entry: entry.entry }], { force: current !== undefined });
    registered.set(entry.name, entry.entry);
    stale.delete(entry.name);
  }

  async function loadOnce<R extends RemoteName>(remote: R): Promise<RemoteRoutesModule<R>> {
    const { remotes } = await getManifest();
    const entry = remotes.find((r) => r.name === remote);
    if (!entry) {
      manifest = null; // maybe it is listed by the time the user retries
      throw new RemoteUnavailableError(remote, `Remote "${remote}" is not listed in ${manifestUrl}`);
    }
    ensureRegistered(entry);
    const module = (await runtime.loadRemote(remoteModuleId(remote))) as RemoteRoutesModule<R> | null;
    if (isUnavailableModule(module)) {
      // The fallback plugin answered for a failed load: render its page, but do not keep it (see load()).
      return module as unknown as RemoteRoutesModule<R>;
    }
    if (!module || typeof module !== 'object' || typeof module.pages !== 'object' || module.pages === null) {
      throw new RemoteUnavailableError(
        remote,
        `Remote "${remote}" did not expose a routes module with pages`,
      );
    }
    loaded.set(remote, module);
    return module;
  }

  return {
    load<R extends RemoteName>(remote: R): Promise<RemoteRoutesModule<R>> {
      const existing = loading.get(remote);
      if (existing) return existing as Promise<RemoteRoutesModule<R>>;
      const attempt = loadOnce(remote);
      loading.set(remote, attempt);
      const forget = () => {
        stale.add(remote);
        if (loading.get(remote) === attempt) loading.delete(remote);
      };
      attempt.then((module) => isUnavailableModule(module) && forget(), forget);
      return attempt;
    },
    peek<R extends RemoteName>(remote: R): RemoteRoutesModule<R> | undefined {
      return loaded.get(remote) as RemoteRoutesModule<R> | undefined;
    },
    reset(remote: RemoteName): void {
      loading.delete(remote);
      loaded.delete(remote);
      if (registered.has(remote)) stale.add(remote);
    },
  };
}
