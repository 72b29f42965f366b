// The spec's route table (section 2), owned by the shell. Each row says which layout frames the page
// and who renders it: the shell itself (lazy chunk) or a remote page (loaded at run time).
import type { ComponentType } from 'react';
import { PendingPage } from '@marketplace/ui';
import type { RouteObject } from '@marketplace/ui/router';
import { RemoteRoute } from '../federation/RemoteRoute';
import { RootLayout } from '../layouts/RootLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { BareLayout } from '../layouts/BareLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorScreen } from './RouteErrorScreen';
import { redirectSignedIn, requireAccount, requireSignIn } from './guards';
import {
  ROUTE_TABLE,
  type LayoutKind,
  type RouteHandle,
  type RouteSpec,
  type ShellPageName,
} from './route-specs';

export * from './route-specs';

type PageModule = Promise<{ default: ComponentType }>;

/** Shell pages are split out of the initial bundle; chunk names starting with "lazy-" are not initial JS. */
export const SHELL_PAGES: Record<ShellPageName, () => PageModule> = {
  login: () => import(/* webpackChunkName: "lazy-login" */ '../../features/auth/components/LoginPage'),
  signup: () => import(/* webpackChunkName: "lazy-signup" */ '../../features/auth/components/SignupPage'),
  register: () =>
    import(/* webpackChunkName: "lazy-register" */ '../../features/auth/components/RegisterPage'),
  facebookCallback: () =>
    import(
      /* webpackChunkName: "lazy-facebook-callback" */ '../../features/auth/components/FacebookCallbackPage'
    ),
  editProfile: () =>
    import(/* webpackChunkName: "lazy-edit-profile" */ '../../features/profile/components/EditProfilePage'),
  forgotPassword: () =>
    import(
      /* webpackChunkName: "lazy-forgot-password" */ '../../features/auth/components/ForgotPasswordPage'
    ),
  resetPassword: () =>
    import(/* webpackChunkName: "lazy-reset-password" */ '../../features/auth/components/ResetPasswordPage'),
  verifyEmail: () =>
    import(/* webpackChunkName: "lazy-verify-email" */ '../../features/auth/components/VerifyEmailPage'),
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
      // The first page's own chunk (a shell page such as /login) is still on its way: the picture of it
      // the edge drew stays on screen, bar included (nothing where it drew none).
      HydrateFallback: () => <PendingPage fallback={null} standalone />,
      children: layoutRoutes,
    },
  ];
}
