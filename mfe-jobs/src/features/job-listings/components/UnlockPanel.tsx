import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DISPUTE_RULE_SUMMARY, formatNaira, jobFullMessage, MESSAGES } from '@marketplace/contracts';
import { buttonClass, errorText, useSession, retryUnlessClientError } from '@marketplace/ui';
import { checkout, fetchPaymentTerms, initializePayment, paymentTermsKey } from '../api/unlock';
import './unlock.css';

/**
 * The company's unlock: the server's price, the places left and the refund rule, then the button that
 * starts the checkout (only the job's id is sent) and sends the browser to the provider's page.
 */
export function UnlockPanel({
  jobId,
  pending,
  onUnlocked,
  icon,
}: {
  jobId: string;
  pending: boolean;
  onUnlocked: () => void;
  icon?: ReactNode;
}) {
  const { user } = useSession();
  const terms = useQuery({
    queryKey: paymentTermsKey(jobId, user?._id ?? ''),
    queryFn: ({ signal }) => fetchPaymentTerms(jobId, signal),
    staleTime: 0,
    retry: retryUnlessClientError,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const unavailable = terms.data?.available === false;

  const start = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const result = await initializePayment(jobId, user?.email);
      if (result.status === 'paid') {
        setNotice(
          `${result.message || 'You have already unlocked this job.'} The contact details are shown now.`,
        );
        setBusy(false);
        onUnlocked();
        return;
      }
      if (!result.authorization_url) throw new Error('no checkout');
      checkout.go(result.authorization_url);
    } catch (caught) {
      setError(
        errorText(caught, { server: true, fallback: 'The payment could not be started. Please try again.' }),
      );
      setBusy(false);
    }
  };

  const data = terms.data;
  return (
    <div className="job-modal__unlock">
      <section className="unlock-terms" aria-label="Unlock terms">
        {terms.isPending && <p>Loading the price…</p>}
        {terms.isError && (
          <p className="unlock-terms__error" role="alert">
            {errorText(terms.error, { server: true, fallback: 'The price could not be loaded.' })}
          </p>
        )}
        {data && (
          <>
            <dl className="unlock-terms__facts">
              <dt>Price</dt>
              <dd>{formatNaira(data.price.naira)} (one-off)</dd>
              <dt>Places left</dt>
              <dd>
                {data.placesLeft ?? data.cap} of {data.cap} companies
              </dd>
            </dl>
            <p className="unlock-terms__rule">{data.refundRule}</p>
            <p className="unlock-terms__rule unlock-terms__dispute">
              {DISPUTE_RULE_SUMMARY}{' '}
              <a href="/termsandcondition#disputing-a-bad-lead" target="_blank" rel="noopener">
                The rules
              </a>
            </p>
            {data.testMode && <p className="unlock-terms__test">Test mode: no real money is charged.</p>}
            {unavailable && (
              <p className="unlock-terms__error" role="alert">
                {data.placesLeft === 0 ? jobFullMessage(data.cap) : 'This job cannot be unlocked now.'}
              </p>
            )}
          </>
        )}
      </section>
      <button
        type="button"
        className={buttonClass('primary', 'md', 'job-modal__unlock-button')}
        disabled={busy || !data || unavailable}
        aria-busy={busy}
        onClick={() => void start()}
      >
        {icon}
        {busy ? 'Starting payment…' : MESSAGES.unlockInformationAndChat}
      </button>
      <p className="job-modal__unlock-hint">
        {pending
          ? 'Your payment for this job is not complete yet. Complete it to see the contact details and chat.'
          : 'A small one-off fee shows the poster’s contact details and opens a chat with them. You pay on a secure payment page.'}
      </p>
      {error && (
        <p className="unlock-terms__error" role="alert">
          {error}
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
    </div>
  );
}
