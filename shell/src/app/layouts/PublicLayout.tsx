import { Outlet } from '@marketplace/ui/router';
import { Header } from './Header';
import { Footer } from './Footer';

/** Header + page + footer: the public marketplace pages. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <Header />
      <main id="main" className="public-layout__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
