import { lazy, Suspense, type ReactNode } from 'react';
import { STATIC_PAGES, type StaticPageKey } from '@marketplace/page-head';
import { Skeleton } from '@marketplace/ui';
import { LEGAL_UPDATED } from '../content/document';
import './info.css';

export { OtherServicesPage } from './OtherServicesPage';

const bodies = () => import(/* webpackChunkName: "lazy-info" */ './InfoBodies');
const AboutBody = lazy(async () => ({ default: (await bodies()).AboutBody }));
const PrivacyBody = lazy(async () => ({ default: (await bodies()).PrivacyBody }));
const TermsBody = lazy(async () => ({ default: (await bodies()).TermsBody }));

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/** '2026-11-23' -> '23 November 2026' (the same in every browser locale). */
function longDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

interface InfoPageProps {
  /** Its eyebrow, heading and lead: page-head's STATIC_PAGES, the words the edge writes into its head too. */
  page: StaticPageKey;
  /** 'Last updated' date (YYYY-MM-DD). */
  updated?: string;
  children: ReactNode;
}

/** A static page: its heading at once, its text from the lazy chunk (a skeleton meanwhile). */
function InfoPage({ page, updated, children }: InfoPageProps) {
  const { eyebrow, heading, lead } = STATIC_PAGES[page];
  return (
    <article className="info-page" data-remote="catalogue">
      <header className="ui-page__band">
        <div className="ui-container ui-page__head">
          <p className="ui-eyebrow">{eyebrow}</p>
          <h1 className="ui-page__title">{heading}</h1>
          <p className="ui-page__lead">{lead}</p>
          {updated && (
            <p className="info-page__updated">
              Last updated <time dateTime={updated}>{longDate(updated)}</time>
            </p>
          )}
        </div>
      </header>
      <div className="ui-container info-page__body">
        <Suspense fallback={<Skeleton lines={10} label="Loading the page" />}>{children}</Suspense>
      </div>
    </article>
  );
}

export function PrivacyPolicyPage() {
  return (
    <InfoPage page="privacyPolicy" updated={LEGAL_UPDATED}>
      <PrivacyBody />
    </InfoPage>
  );
}

export function TermsPage() {
  return (
    <InfoPage page="terms" updated={LEGAL_UPDATED}>
      <TermsBody />
    </InfoPage>
  );
}

export function AboutUsPage() {
  return (
    <InfoPage page="aboutUs">
      <AboutBody />
    </InfoPage>
  );
}
