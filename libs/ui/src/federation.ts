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
  jobs: ['jobPost', 'jobApply', 'jobSearch', 'dashboard', 'paymentCallback'],
  chat: ['chat', 'newChat'],
  admin: ['allUsers', 'allJobs', 'allPayments', 'allDisputes', 'allVerifications', 'allReviews'],
} as const;

export type RemoteName = keyof typeof REMOTE_PAGES;
export const REMOTE_NAMES = Object.keys(REMOTE_PAGES) as RemoteName[];

export type RemotePageName<R extends RemoteName = RemoteName> = (typeof REMOTE_PAGES)[R][number];
export type RemotePages<R extends RemoteName> = Record<RemotePageName<R>, ComponentType>;

/** Props of the jobs remote's jobs section, rendered by the catalogue's category and sub-category pages. */
export interface JobsSectionProps {
  /** Which landing page: the jobs of a category or of a sub-category (trade). */
  kind: 'category' | 'subcategory';
  /** The page's key as in its address (any casing, underscores allowed). */
  type: string;
}

/**
 * Components a remote exposes for another remote's pages (a domain's UI stays in its own remote even on
 * another's page, see ARCHITECTURE "Front end"), with their props. Rendered through `RemoteWidget`.
 */
export interface RemoteWidgetProps {
  jobs: { jobsSection: JobsSectionProps };
}
export type WidgetRemote = keyof RemoteWidgetProps;
export type RemoteWidgets<R extends WidgetRemote> = {
  [W in keyof RemoteWidgetProps[R]]: ComponentType<RemoteWidgetProps[R][W]>;
};

/** What `loadRemote('<name>/routes')` resolves to. */
export interface RemoteRoutesModule<R extends RemoteName = RemoteName> {
  pages: RemotePages<R>;
  /** Present on remotes listed in RemoteWidgetProps. */
  widgets?: R extends WidgetRemote ? RemoteWidgets<R> : never;
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
