// The spec's route table (section 2), owned by the shell. Each row says which layout frames the page
// and who renders it: the shell itself (lazy chunk) or a remote page (loaded at run time).
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { AccountType, RemoteName, RemotePageName } from '@marketplace/ui';
import { RemoteRoute } from '../federation/RemoteRoute';
import { RootLayout } from '../layouts/RootLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { BareLayout } from '../layouts/BareLayout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteErrorScreen } from '../pages/RouteErrorScreen';
import { redirectSignedIn, requireAccount, requireSignIn } from './guards';

/**
 * public: header + footer (spec: home, jobapply, login, signup, contactus, register, privacy,
 *         other-services, jobpost, company-profile, terms, aboutus, category and sub-category paths)
 * app:    signed-in area layout (sidebar + top bar): dashboard, allusers, alljobs, edit-profile, chat, newchat.
 *         Every page in it needs a session (signed out: redirect to /login); the layout is a lazy chunk.
 * bare:   neither (social-login return, payment result, page not found)
 */
export type LayoutKind = 'public' | 'app' | 'bare';

export type ShellPageName = 'login' | 'signup' | 'register' | 'facebookCallback' | 'editProfile';

type RemotePageRef = { [R in RemoteName]: { remote: R; page: RemotePageName<R> } }[RemoteName];

export interface RouteSpec {
  path: string;
  layout: LayoutKind;
  page: RemotePageRef | { shell: ShellPageName };
  /** Public page that needs a session; otherwise redirect to / (spec: /jobpost). */
  signedIn?: boolean;
  /** Only for visitors: a signed-in member goes to their landing page (spec: /login). */
  guestOnly?: boolean;
  /** Account types allowed to see the page; others get a "not allowed" screen. Default: all. */
  roles?: readonly AccountType[];
}

/** Route `handle` read by the signed-in layout. */
export interface RouteHandle {
  roles?: readonly AccountType[];
}

const catalogue = (page: RemotePageName<'catalogue'>): RemotePageRef => ({ remote: 'catalogue', page });
const jobs = (page: RemotePageName<'jobs'>): RemotePageRef => ({ remote: 'jobs', page });
const chat = (page: RemotePageName<'chat'>): RemotePageRef => ({ remote: 'chat', page });
const admin = (page: RemotePageName<'admin'>): RemotePageRef => ({ remote: 'admin', page });

export const ROUTE_TABLE: readonly RouteSpec[] = [
  { path: '/', layout: 'public', page: catalogue('home') },
  { path: '/login', layout: 'public', page: { shell: 'login' }, guestOnly: true },
  { path: '/signup', layout: 'public', page: { shell: 'signup' } },
  { path: '/register', layout: 'public', page: { shell: 'register' } },
  { path: '/facebook/callback', layout: 'bare', page: { shell: 'facebookCallback' } },
  { path: '/contactus', layout: 'public', page: catalogue('contactUs') },
  { path: '/privacy-policy', layout: 'public', page: catalogue('privacyPolicy') },
  { path: '/termsandcondition', layout: 'public', page: catalogue('terms') },
  { path: '/aboutus', layout: 'public', page: catalogue('aboutUs') },
  { path: '/other-services', layout: 'public', page: catalogue('otherServices') },
  { path: '/jobpost', layout: 'public', page: jobs('jobPost'), signedIn: true },
  { path: '/jobapply/:type', layout: 'public', page: jobs('jobApply') },
  { path: '/category/:type', layout: 'public', page: catalogue('category') },
  { path: '/sub-category/:type', layout: 'public', page: catalogue('subCategory') },
  { path: '/company-profile', layout: 'public', page: catalogue('companyProfile') },
  { path: '/payment/callback', layout: 'bare', page: jobs('paymentCallback') },
  { path: '/dashboard', layout: 'app', page: jobs('dashboard') },
  { path: '/allusers', layout: 'app', page: admin('allUsers'), roles: ['admin'] },
  { path: '/alljobs', layout: 'app', page: admin('allJobs'), roles: ['admin'] },
  { path: '/edit-profile', layout: 'app', page: { shell: 'editProfile' } },
  { path: '/chat', layout: 'app', page: chat('chat') },
  { path: '/newchat', layout: 'app', page: chat('newChat') },
];

type PageModule = Promise<{ default: ComponentType }>;

/** Shell pages are split out of the initial bundle; chunk names starting with "lazy-" are not initial JS. */
export const SHELL_PAGES: Record<ShellPageName, () => PageModule> = {
  login: () => import(/* webpackChunkName: "lazy-login" */ '../pages/LoginPage'),
  signup: () => import(/* webpackChunkName: "lazy-signup" */ '../pages/SignupPage'),
  register: () => import(/* webpackChunkName: "lazy-register" */ '../pages/RegisterPage'),
  facebookCallback: () =>
    import(/* webpackChunkName: "lazy-facebook-callback" */ '../pages/FacebookCallbackPage'),
  editProfile: () => import(/* webpackChunkName: "lazy-edit-profile" */ '../pages/EditProfilePage'),
};

export interface CreateRoutesOptions {
  /** Replace shell page modules (tests). */
  shellPages?: Partial<Record<ShellPageName, () => PageModule>>;
}

const LAYOUTS: Record<LayoutKind, RouteObject> = {
  public: { element: <PublicLayout /> },
  app: {
    lazy: async () => ({
      Component: (await import(/* webpackChunkName: "lazy-app-layout" */ '../layouts/AppLayout')).AppLayout,
    }),
  },
  bare: { element: <BareLayout /> },
};

function toRouteObject(spec: RouteSpec, shellPages: Record<ShellPageName, () => PageModule>): RouteObject {
  const route: RouteObject = { path: spec.path };
  if (spec.layout === 'app') route.loader = requireAccount;
  else if (spec.signedIn) route.loader = requireSignIn;
  else if (spec.guestOnly) route.loader = redirectSignedIn;
  if (spec.roles) route.handle = { roles: spec.roles } satisfies RouteHandle;
  const { page } = spec;
  if ('shell' in page) {
    const load = shellPages[page.shell];
    route.lazy = async () => {
      // The shared query client comes with the page, never with the first view of the home page.
      const [{ default: Page }, { QueryProvider }] = await Promise.all([
        load(),
        import('@marketplace/ui/query'),
      ]);
      return {
        Component: () => (
          <QueryProvider>
            <Page />
          </QueryProvider>
        ),
      };
    };
  } else {
    // Keyed so that moving between two pages of one remote starts each with fresh state.
    route.element = <RemoteRoute key={`${page.remote}:${page.page}`} remote={page.remote} page={page.page} />;
  }
  return route;
}

export function createRoutes(options: CreateRoutesOptions = {}): RouteObject[] {
  const shellPages = { ...SHELL_PAGES, ...options.shellPages };
  const layoutRoutes: RouteObject[] = (Object.keys(LAYOUTS) as LayoutKind[]).map((layout) => {
    const children = ROUTE_TABLE.filter((spec) => spec.layout === layout).map((spec) =>
      toRouteObject(spec, shellPages),
    );
    if (layout === 'bare') children.push({ path: '*', element: <NotFoundPage /> });
    return { id: `layout-${layout}`, ...LAYOUTS[layout], children } as RouteObject;
  });
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      HydrateFallback: () => null,
      children: layoutRoutes,
    },
  ];
}
