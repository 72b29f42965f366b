import { Link } from '@marketplace/ui/router';
import { POPULAR_SERVICES } from '../home-copy';
import { Icon, type IconName } from './Icon';

const CATEGORY_ICON: Record<string, IconName> = {
  'Build New': 'house',
  Craftsman: 'tool',
  'House and Garden': 'leaf',
  'Interior Renovation': 'roller',
  Services: 'spark',
};

/** Spec (Home): the popular-services grid, each card opening its sub-category page, with a typical price. */
export function PopularServices() {
  return (
    <section className="home-section" aria-labelledby="home-popular-title">
      <div className="ui-container">
        <div className="home-section__head">
          <div>
            <h2 id="home-popular-title" className="home-section__title">
              Popular services
            </h2>
            <p className="home-section__lead">
              Typical prices in Lagos, Abuja and other cities. Every job is quoted by the company you choose.
            </p>
          </div>
          <Link to="/other-services" className="home-section__more">
            See all services
            <Icon name="arrowRight" size={18} />
          </Link>
        </div>
        <ul className="home-services">
          {POPULAR_SERVICES.map((item) => (
            <li key={item.name}>
              <Link to={item.path} className="home-service">
                <span className="home-service__icon">
                  <Icon name={CATEGORY_ICON[item.category] ?? 'tool'} />
                </span>
                <span className="home-service__name">{item.name}</span>
                <span className="home-service__price">{item.price}</span>
                <span className="home-service__for">{item.priceFor}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
