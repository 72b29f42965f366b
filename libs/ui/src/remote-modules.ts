// How a remote's page reaches another remote's components: the shell provides the loader, the widget
// (@marketplace/ui/remote-widget, bundled into the remotes that use it) reads it. The context lives on
// the page's global object so that every bundle holding this file agrees on one context.
import { createContext, type Context } from 'react';
import type { RemoteRoutesModule, WidgetRemote } from './federation';

/** Loads (once) a remote's routes module; provided by the shell from its remote loader. */
export type RemoteModuleLoader = <R extends WidgetRemote>(remote: R) => Promise<RemoteRoutesModule<R>>;

const CONTEXT_KEY = Symbol.for('marketplace.remote-modules');
type Holder = Record<symbol, Context<RemoteModuleLoader | null> | undefined>;

export const RemoteModulesContext: Context<RemoteModuleLoader | null> = ((globalThis as Holder)[
  CONTEXT_KEY
] ??= createContext<RemoteModuleLoader | null>(null));
