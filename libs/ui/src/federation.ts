// The contract between the shell and its Module Federation remotes.
// The shell owns the route table; each remote exposes `./routes`, a module whose `pages` maps the page
// names below to React components. Keeping the names here (a lib both sides may import) lets the
// compiler check that a remote exposes every page the shell routes to.
import type { ComponentType } from 'react';

export const REMOTE_PAGES = {
  catalogue: [
    'home',
    'contactUs',
    'privacyPolicy',
    'terms',
    'aboutUs',
    'otherServices',
    'category',
    'subCategory',
    'companyProfile',
  ],
  jobs: ['jobPost', 'jobApply', 'dashboard', 'paymentCallback'],
  chat: ['chat', 'newChat'],
  admin: ['allUsers', 'allJobs'],
} as const;

export type RemoteName = keyof typeof REMOTE_PAGES;
export const REMOTE_NAMES = Object.keys(REMOTE_PAGES) as RemoteName[];

export type RemotePageName<R extends RemoteName = RemoteName> = (typeof REMOTE_PAGES)[R][number];
export type RemotePages<R extends RemoteName> = Record<RemotePageName<R>, ComponentType>;

/** What `loadRemote('<name>/routes')` resolves to. */
export interface RemoteRoutesModule<R extends RemoteName = RemoteName> {
  pages: RemotePages<R>;
}

/** The exposed module name every remote provides. */
export const REMOTE_EXPOSE = './routes';

/** Module Federation request id for a remote's routes module, e.g. `catalogue/routes`. */
export function remoteModuleId(remote: RemoteName): string {
  return `${remote}/${REMOTE_EXPOSE.slice(2)}`;
}

export function isRemoteName(value: string): value is RemoteName {
  return Object.prototype.hasOwnProperty.call(REMOTE_PAGES, value);
}
