import { Link, Navigate, useLocation, useParams } from '@marketplace/ui/router';
import { RemoteWidget } from '@marketplace/ui/remote-widget';
import { QueryProvider } from '@marketplace/ui/query';
import { usePageHead } from '@marketplace/ui/head';
import { resolveLanding, type LandingKind } from '@marketplace/contracts';
import { landingCataloguePage } from '@marketplace/page-head';
import { CompanyGrid } from './CompanyGrid';
import { ProjectForm } from './ProjectForm';
import './landing.css';

/** Room kept for the jobs section while the jobs remote loads (two rows of cards). */
const JOBS_SECTION_RESERVE = 720;

function LandingPage({ kind }: { kind: LandingKind }) {
  const { type = '' } = useParams();
  const location = useLocation();
  const landing = resolveLanding(kind, type);
  usePageHead(landingCataloguePage(landing).head);
  // One address per page: other casings, underscore forms and trades under /category/ move to it.
  if (landing.known && decodeURIComponent(location.pathname) !== decodeURIComponent(landing.path)) {
    return <Navigate to={{ pathname: landing.path, search: location.search }} replace />;
  }
  const { copy, name } = landing;

  return (
    <div className="landing" data-remote="catalogue">
      <section className="landing-hero">
        <div className="ui-container landing-hero__inner">
          <div className="landing-hero__copy">
            <nav className="landing-crumbs" aria-label="Breadcrumb">
              <Link to="/">Home</Link>
              <span aria-hidden="true">/</span>
              {landing.kind === 'subcategory' && landing.category ? (
                <>
                  <Link to={`/category/${encodeURIComponent(landing.category)}`}>{landing.category}</Link>
                  <span aria-hidden="true">/</span>
                </>
              ) : null}
              <span aria-current="page">{name}</span>
            </nav>
            <p className="landing-hero__subtitle">{copy.subtitle}</p>
            <h1 className="landing-hero__title">{copy.title}</h1>
            <p className="landing-hero__lead">{copy.description}</p>
            <ul className="ui-checklist landing-points">
              {copy.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
          <ProjectForm name={name} />
        </div>
      </section>

      <section className="landing-section landing-details" aria-labelledby="landing-details">
        <div className="ui-container landing-details__inner">
          <div>
            <h2 id="landing-details" className="landing-details__heading">
              {copy.details.heading}
            </h2>
            {copy.details.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p className="landing-price">
              <strong>What it costs.</strong> {copy.priceHint}
            </p>
          </div>
          {landing.services.items.length > 0 && (
            <aside className="landing-services" aria-labelledby="landing-services">
              <h2 id="landing-services" className="landing-services__title">
                {landing.services.title}
              </h2>
              <ul>
                {landing.services.items.map((item) => (
                  <li key={item.path}>
                    <Link to={item.path}>{item.name}</Link>
                  </li>
                ))}
              </ul>
            </aside>
          )}
        </div>
      </section>

      <CompanyGrid kind={landing.kind} name={name} known={landing.known} />

      <section className="landing-section landing-section--tinted" aria-labelledby="landing-jobs">
        <div className="ui-container">
          <h2 id="landing-jobs" className="landing-section__title">
            {landing.kind === 'category'
              ? `Explore available ${name} Jobs`
              : `Explore the job of being a ${name}`}
          </h2>
          {/* The jobs team's cards, from the jobs remote at run time (ARCHITECTURE, "Front end"). */}
          <RemoteWidget
            remote="jobs"
            name="jobsSection"
            props={{ kind: landing.kind, type: name }}
            label={`${name} jobs`}
            minHeight={JOBS_SECTION_RESERVE}
          />
        </div>
      </section>
    </div>
  );
}

export function CategoryPage() {
  return (
    <QueryProvider>
      <LandingPage kind="category" />
    </QueryProvider>
  );
}

export function SubCategoryPage() {
  return (
    <QueryProvider>
      <LandingPage kind="subcategory" />
    </QueryProvider>
  );
}
