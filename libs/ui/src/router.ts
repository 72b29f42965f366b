/**
 * The router API of the shell and the remotes: react-router-dom, through one module that names what
 * the pages use. It is the module shared between them (tools/webpack/shared.ts), not react-router-dom
 * itself: a shared package is built whole because the build cannot know what another remote will take
 * from it, while this list lets the build drop the rest of react-router. The shell routes in
 * react-router's declarative mode (a Router and a route table given to useRoutes; guards, lazy pages
 * and the error screen are components), so the data router (loaders, actions, fetchers, forms,
 * revalidation: more than half the package, 15 KB of the home page's JavaScript) is not in the bundle.
 * A page that needs another export adds it here; importing react-router-dom directly in a page is refused
 * by lint, because a remote would then bundle a router of its own and its links would look at a context
 * the shell's router never set.
 */
export {
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
  // The shell's router keeps the address in a history of its own so that it can tell when a navigation
  // is still on its way (shell/src/app/routes/ShellRouter.tsx); the same functions BrowserRouter and
  // MemoryRouter use, exported by react-router under these names.
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router-dom';
export type { HistoryRouterProps, LinkProps, NavLinkProps, RouteObject } from 'react-router-dom';
