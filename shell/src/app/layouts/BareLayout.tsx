import { Link, Outlet } from '@marketplace/ui/router';
import { BRAND, Logo } from '@marketplace/ui';

/** No header or footer: social-login return, payment result, page not found. */
export function BareLayout() {
  return (
    <div className="bare-layout">
      <div className="bare-layout__top">
        <Link to="/" aria-label={`${BRAND.name} home`}>
          <Logo />
        </Link>
      </div>
      <main id="main" className="bare-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
