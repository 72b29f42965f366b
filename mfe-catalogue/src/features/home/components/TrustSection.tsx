import { TRUST_POINTS } from '../home-copy';
import { Icon } from './Icon';

/** Spec (Home): the trust section — what protects customers and companies, as the product does it. */
export function TrustSection() {
  return (
    <section className="home-section home-trust" aria-labelledby="home-trust-title">
      <div className="ui-container">
        <p className="home-section__kicker">Safe to use</p>
        <h2 id="home-trust-title" className="home-section__title">
          Built on trust, from the first message
        </h2>
        <ul className="home-trust__list">
          {TRUST_POINTS.map((point) => (
            <li key={point.title} className="home-trust__item">
              <span className="home-trust__icon">
                <Icon name={point.icon} />
              </span>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
