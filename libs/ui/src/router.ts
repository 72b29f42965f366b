/**
 * The router API of the shell and the remotes: react-router-dom, through one module that names what
 * the pages use. It is the module shared between them (tools/webpack/shared.ts), not react-router-dom
 * itself: a shared package is built whole because the build cannot know what another remote will take
 * from it, while this list lets the build drop the rest of react-router (its data-router loaders,
 * fetchers, forms and server parts: about half the package). A page that needs another export adds it
 * here; importing react-router-dom directly in a page is refused by lint, because a remote would then
 * bundle a router of its own and its links would look at a context the shell's router never set.
 */
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useMatches,
  useNavigate,
  useNavigationType,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, LoaderFunctionArgs, NavLinkProps, RouteObject } from 'react-router-dom';
