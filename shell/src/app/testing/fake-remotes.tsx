// Test doubles for remote loading: fake remotes that render identifiable pages, and a controllable loader.
import type { ComponentType } from 'react';
import type { RemoteName, RemoteRoutesModule } from '@marketplace/ui';
import { RemoteUnavailableError, type RemoteLoader } from '../federation/remote-loader';

/** A remote whose every page renders `<h1>{remote}:{page}</h1>` inside `data-remote`. */
export function fakeRemoteModule<R extends RemoteName>(remote: R): RemoteRoutesModule<R> {
  const cache = new Map<string, ComponentType>();
  const pages = new Proxy({} as Record<string, ComponentType>, {
    get(_target, page: string | symbol) {
      if (typeof page !== 'string') return undefined;
      let Page = cache.get(page);
      if (!Page) {
        const FakePage = () => (
          <section data-remote={remote}>
            <h1>{`${remote}:${page}`}</h1>
          </section>
        );
        Page = FakePage;
        cache.set(page, Page);
      }
      return Page;
    },
  });
  return { pages } as RemoteRoutesModule<R>;
}

export interface FakeLoader extends RemoteLoader {
  /** Remotes that currently fail to load. */
  down: Set<RemoteName>;
  loads: RemoteName[];
  resets: RemoteName[];
}

/** A RemoteLoader serving fake remotes, except those in `down` (which reject). */
export function createFakeLoader(down: RemoteName[] = []): FakeLoader {
  const loaded = new Map<RemoteName, RemoteRoutesModule>();
  const loader: FakeLoader = {
    down: new Set(down),
    loads: [],
    resets: [],
    async load<R extends RemoteName>(remote: R) {
      loader.loads.push(remote);
      if (loader.down.has(remote)) throw new RemoteUnavailableError(remote, `${remote} is down`);
      const module = fakeRemoteModule(remote);
      loaded.set(remote, module as unknown as RemoteRoutesModule);
      return module;
    },
    peek<R extends RemoteName>(remote: R) {
      return loaded.get(remote) as RemoteRoutesModule<R> | undefined;
    },
    reset(remote: RemoteName) {
      loader.resets.push(remote);
      loaded.delete(remote);
    },
  };
  return loader;
}
