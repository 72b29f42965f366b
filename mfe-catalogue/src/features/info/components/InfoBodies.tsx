// The texts of the static pages: a lazy chunk of their own, so the home page does not carry them.
import { useQuery } from '@tanstack/react-query';
import { ButtonLink, Skeleton } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import { fetchUnlockTerms, unlockTermsKey } from '../api/get-unlock-terms';
import { ABOUT, ABOUT_CALLS } from '../content/about';
import { PRIVACY } from '../content/privacy';
import { termsDocument } from '../content/terms';
import { InfoDocumentView } from './InfoDocumentView';

export function AboutBody() {
  return (
    <div className="info-about">
      <InfoDocumentView document={ABOUT} />
      <div className="info-about__calls">
        {ABOUT_CALLS.map((call, index) => (
          <div key={call.to} className="info-call">
            <h2>{call.title}</h2>
            <p>{call.text}</p>
            <ButtonLink to={call.to} variant={index === 0 ? 'primary' : 'secondary'}>
              {call.label}
            </ButtonLink>
          </div>
        ))}
      </div>
    </div>
  );
}

export function PrivacyBody() {
  return <InfoDocumentView document={PRIVACY} />;
}

function Terms() {
  // The fee, the cap and the hours of the refund rule as the payments service applies them; without an
  // answer the terms still read right, in words without the figures.
  const terms = useQuery({ queryKey: unlockTermsKey, queryFn: ({ signal }) => fetchUnlockTerms(signal) });
  if (terms.isPending) return <Skeleton lines={10} label="Loading the terms" />;
  return <InfoDocumentView document={termsDocument(terms.data ?? null)} />;
}

export function TermsBody() {
  return (
    <QueryProvider>
      <Terms />
    </QueryProvider>
  );
}
