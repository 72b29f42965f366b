// The spec's route table (section 2), owned by the shell. Each row says which layout frames the page
// and who renders it: the shell itself (lazy chunk) or a remote page (loaded at run time).
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { PendingPage } from '@marketplace/ui';
import { useLocation, useRoutes, type RouteObject } from '@marketplace/ui/router';
import { RemoteRoute } from '../federation/RemoteRoute';
import { RootLayout } from '../layouts/RootLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { BareLayout } from '../layouts/BareLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorScreen } from './RouteErrorScreen';
import { GuestOnly, RequireSignIn } from './guards';
import { ROUTE_TABLE, type LayoutKind, type RouteSpec, type ShellPageName } from './route-specs';

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

/** The signed-in layout is its own chunk: a visitor's first view never loads it. */
export const loadAppLayout = () => import(/* webpackChunkName: "lazy-app-layout" */ '../layouts/AppLayout');
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));

const LAYOUTS: Record<LayoutKind, ReactElement> = {
  public: <PublicLayout />,
  app: (
    <RequireSignIn>
      <AppLayout />
    </RequireSignIn>
  ),
  bare: <BareLayout />,
};

function toRouteObject(spec: RouteSpec, shellPages: Record<ShellPageName, ComponentType>): RouteObject {
  const { page } = spec;
  let element: ReactElement;
  if ('shell' in page) {
    const Page = shellPages[page.shell];
    element = <Page />;
  } else {
    // Keyed so that moving between two pages of one remote starts each with fresh state.
    element = <RemoteRoute key={`${page.remote}:${page.page}`} remote={page.remote} page={page.page} />;
  }
  // The signed-in layout guards its pages as a whole; roles are checked by that layout (route-specs).
  if (spec.layout !== 'app' && spec.signedIn) element = <RequireSignIn>{element}</RequireSignIn>;
  else if (spec.guestOnly) element = <GuestOnly>{element}</GuestOnly>;
  return { path: spec.path, element };
}

/** The spec's route table as react-router route objects, for useRoutes (see ShellRoutes). */
export function createRoutes(options: CreateRoutesOptions = {}): RouteObject[] {
  const loaders = { ...SHELL_PAGES, ...options.shellPages };
  // Each shell page is a lazy component. The shared query client is not wrapped around them: the
  // signed-in layout provides it to its pages, and a public page that reads through it provides it itself
  // (VerifyEmailPage), so the sign-in and sign-up pages do not download TanStack Query.
  const shellPages = Object.fromEntries(
    (Object.keys(loaders) as ShellPageName[]).map((name) => [name, lazy(loaders[name])]),
  ) as Record<ShellPageName, LazyExoticComponent<ComponentType>>;
  const layoutRoutes: RouteObject[] = (Object.keys(LAYOUTS) as LayoutKind[]).map((layout) => {
    const children = ROUTE_TABLE.filter((spec) => spec.layout === layout).map((spec) =>
      toRouteObject(spec, shellPages),
    );
    if (layout === 'bare') children.push({ path: '*', element: <NotFoundPage /> });
    return { element: LAYOUTS[layout], children };
  });
  return [{ element: <RootLayout />, children: layoutRoutes }];
}

/**
 * The page for the current address. A route that fails while rendering or loading its chunk shows the
 * error screen (left when the reader moves to another address). While the first page's own chunk (a shell
 * page such as /login) or the session's answer is on its way, the picture of it the edge drew stays on
 * screen, bar included (nothing where it drew none); later navigations are transitions, which keep the
 * page being left on screen instead.
 */
export function ShellRoutes({ routes }: { routes: RouteObject[] }) {
  const page = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteErrorScreen} resetKeys={[pathname]}>
      <Suspense fallback={<PendingPage fallback={null} standalone />}>{page}</Suspense>
    </ErrorBoundary>
  );
}
