import { Link } from '@marketplace/ui/router';
import { BRAND, Logo } from '@marketplace/ui';

/** Spec: six service links to sub-category pages. */
const SERVICE_LINKS = [
  'Cleaning',
  'Gardening',
  'Refurbish the kitchen',
  'Pipe and chimney',
  'Renovate the bathroom',
  'Building application',
] as const;

const COMPANY_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/aboutus', label: 'About us' },
  { to: '/contactus', label: 'Contact us' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/termsandcondition', label: 'Terms and conditions' },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="ui-container site-footer__grid">
        <div className="site-footer__about">
          <Logo inverted />
          <p>
            {BRAND.tagline}. Post your job for free, compare non-binding offers from vetted companies and pick
            the best one.
          </p>
        </div>
        <nav aria-label="Popular services">
          <h2 className="site-footer__heading">Popular services</h2>
          <ul className="site-footer__list">
            {SERVICE_LINKS.map((name) => (
              <li key={name}>
                <Link to={`/sub-category/${encodeURIComponent(name)}`}>{name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="site-footer__heading">Company</h2>
          <ul className="site-footer__list">
            {COMPANY_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Customer service</h2>
          <ul className="site-footer__list">
            <li>
              <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
            </li>
            <li>
              Weekdays <span className="site-footer__hours">{BRAND.hours}</span>
            </li>
            <li>Closed on weekends</li>
          </ul>
        </div>
      </div>
      <div className="ui-container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {BRAND.name}. A concept of an integrated services company.
        </p>
        <p>Agreements for a job are made directly between the poster and the company.</p>
      </div>
    </footer>
  );
}
