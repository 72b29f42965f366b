import { Link } from '@marketplace/ui/router';
import { ButtonLink } from '@marketplace/ui';
import { categoryPath, subcategoryPath } from '@marketplace/contracts';
import { nameInitials, STATIC_PAGES } from '@marketplace/page-head';
import { GeneralQuestions } from './GeneralQuestions';
import { PopularServices } from './PopularServices';
import { ScrollToTop } from './ScrollToTop';
import { ServiceSearch } from './ServiceSearch';
import { Testimonials } from './Testimonials';
import { TrustSection } from './TrustSection';
import './home-sections.css';

/** Spec (Home): quick links under the search box. */
const QUICK_LINKS = [
  { label: 'Craftsman', href: categoryPath('Craftsman') },
  { label: 'Cleaning', href: subcategoryPath('Cleaning') },
  { label: 'Interior Renovation', href: categoryPath('Interior Renovation') },
  { label: 'House and Garden', href: categoryPath('House and Garden') },
  { label: 'Build New', href: categoryPath('Build New') },
];

const STEPS = [
  { title: 'Describe your project', text: 'Tell us what needs doing. Posting a job is free.' },
  { title: 'Receive offers', text: 'Vetted companies send non-binding offers. You pick the best one.' },
  { title: 'Get it done', text: 'Agree the details with your chosen company and start the work.' },
  { title: 'Leave a review', text: 'Rate the company so others can hire with confidence.' },
];

const REASONS = [
  {
    title: 'Vetted professionals',
    text: 'Companies register with their CAC number and are reviewed by real customers.',
  },
  {
    title: 'Quick job posting',
    text: 'Describe the job in a few minutes and start receiving offers the same day.',
  },
  {
    title: 'Secure transactions',
    text: 'Companies pay their unlock fee through Paystack, and your phone number and address stay private until one does.',
  },
];

const SAMPLE_OFFERS = [
  { name: 'Adeyemi Electricals', rating: '4.9', time: '2 min ago' },
  { name: 'Lekki Build & Tile', rating: '4.8', time: '18 min ago' },
  { name: 'Okafor Plumbing', rating: '4.7', time: '1 h ago' },
];

/** The hero's words: page-head's STATIC_PAGES, which the edge writes into the page's head and summary too. */
const HERO = STATIC_PAGES.home;

export function HomePage() {
  return (
    <div className="home" data-remote="catalogue">
      <section className="home-hero">
        <div className="ui-container home-hero__inner">
          <div className="home-hero__copy">
            <p className="home-hero__eyebrow">{HERO.eyebrow}</p>
            <h1 className="home-hero__title">{HERO.heading}</h1>
            <p className="home-hero__lead">{HERO.lead}</p>
            <ServiceSearch />
            <div className="home-hero__quick">
              <span>Popular:</span>
              {QUICK_LINKS.map((link) => (
                <Link key={link.href} to={link.href} className="home-chip">
                  {link.label}
                </Link>
              ))}
            </div>
          </div>
          <div className="home-hero__visual" aria-hidden="true">
            <div className="offer-card">
              <div className="offer-card__head">
                <span className="offer-card__tag">Your job</span>
                <strong>Renovate the bathroom</strong>
                <span className="offer-card__meta">Lekki, Lagos · starts next week</span>
              </div>
              <ul className="offer-card__list">
                {SAMPLE_OFFERS.map((offer) => (
                  <li key={offer.name}>
                    <span className="offer-card__avatar">{nameInitials(offer.name)}</span>
                    <span className="offer-card__who">
                      <strong>{offer.name}</strong>
                      <span>
                        ★ {offer.rating} · offer received {offer.time}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
              <span className="offer-card__foot">3 offers · no obligation</span>
            </div>
          </div>
        </div>
      </section>

      <section className="home-section">
        <div className="ui-container">
          <h2 className="home-section__title">How it works</h2>
          <ol className="home-steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="home-step">
                <span className="home-step__number">{index + 1}</span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <PopularServices />
      <TrustSection />
      <Testimonials />

      <section className="home-section home-section--tinted">
        <div className="ui-container">
          <h2 className="home-section__title">Why choose us</h2>
          <div className="home-reasons">
            {REASONS.map((reason) => (
              <div key={reason.title} className="home-reason">
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </div>
            ))}
          </div>
          <div className="home-cta">
            <div>
              <h2>Are you a company or tradesperson?</h2>
              <p>Register your company and find jobs in your trade, across all 37 states.</p>
            </div>
            <ButtonLink to="/register" variant="light" size="lg">
              Register Company
            </ButtonLink>
          </div>
        </div>
      </section>

      <GeneralQuestions />
      <ScrollToTop />
    </div>
  );
}
