import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from '@marketplace/ui/router';
import {
  formatKobo,
  isAsynchronousChannel,
  MESSAGES,
  type UnlockPayment,
  type VerifyPaymentResponse,
} from '@marketplace/contracts';
import { BRAND, buttonClass, errorText } from '@marketplace/ui';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { verifyPayment } from '../api/payments';
import { TransferWaiting } from './TransferWaiting';
import './payments.css';

type Outcome =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'paid'; result: VerifyPaymentResponse }
  | { kind: 'pending'; message: string }
  /** A bank transfer or USSD payment on its way: the page waits for the bank (polite polling). */
  | { kind: 'transfer'; payment: UnlockPayment }
  | { kind: 'failed'; message: string }
  | { kind: 'error'; message: string };

/** A reference as our payments service makes them: letters, digits, '-', '_' and '.', at most 200. */
const REFERENCE_PATTERN = /^[A-Za-z0-9._-]{1,200}$/;

function referenceFrom(params: URLSearchParams): string | null {
  const value = (params.get('reference') ?? params.get('trxref') ?? '').trim();
  return REFERENCE_PATTERN.test(value) ? value : null;
}

function verifyErrorText(error: unknown): string {
  return errorText(error, {
    status: { 400: MESSAGES.invalidPaymentReference },
    server: (status) => status < 500,
    fallback: MESSAGES.errorVerifyingPayment,
  });
}

/** One outcome: heading, explanation, optional facts and the ways on. */
function Result({
  title,
  lead,
  tone,
  busy = false,
  facts,
  children,
}: {
  title: string;
  lead?: string;
  tone?: 'ok' | 'bad';
  busy?: boolean;
  facts?: ReactNode;
  children?: ReactNode;
}) {
  // The shell titles a page after its h1 when the address changes; this page's h1 changes in place.
  useEffect(() => {
    document.title = `${title} | ${BRAND.name}`;
  }, [title]);
  return (
    <>
      {busy && <span className="payment-result__spinner" aria-hidden="true" />}
      <h1
        id="payment-result-title"
        className={`payment-result__title${tone ? ` payment-result__title--${tone}` : ''}`}
      >
        {title}
      </h1>
      {lead && <p className="payment-result__lead">{lead}</p>}
      {facts}
      {children && <div className="payment-result__actions">{children}</div>}
    </>
  );
}

function DashboardLink({ primary = false }: { primary?: boolean }) {
  return (
    <Link className={buttonClass(primary ? 'primary' : 'secondary', 'md')} to="/dashboard">
      Go to dashboard
    </Link>
  );
}

function CheckAgain({ onClick }: { onClick: () => Promise<void> }) {
  return (
    <button type="button" className={buttonClass('primary', 'md')} onClick={() => void onClick()}>
      Check again
    </button>
  );
}

function PaymentCallbackContent() {
  const [params] = useSearchParams();
  const reference = referenceFrom(params);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(reference ? { kind: 'loading' } : { kind: 'invalid' });
  const run = useRef(0);

  const check = useCallback(async () => {
    if (!reference) return;
    const id = ++run.current;
    setOutcome({ kind: 'loading' });
    let next: Outcome;
    try {
      const result = await verifyPayment(reference);
      if (result.status === 'paid' && result.message === MESSAGES.paymentVerifiedSuccessfully) {
        next = { kind: 'paid', result };
      } else if (result.status === 'pending' && isAsynchronousChannel(result.result.payment.channel)) {
        next = { kind: 'transfer', payment: result.result.payment };
      } else if (result.status === 'pending') {
        next = { kind: 'pending', message: result.message };
      } else {
        next = { kind: 'failed', message: result.message };
      }
      // Job cards and details now show the unlock (or still the pending payment).
      await queryClient.invalidateQueries({ queryKey: ['jobs'] });
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
    } catch (error) {
      next = { kind: 'error', message: verifyErrorText(error) };
    }
    if (id === run.current) setOutcome(next);
  }, [reference, queryClient]);

  useEffect(() => {
    void check();
  }, [check]);

  // The bank has answered (confirmed, or the window ran out): the verified outcome replaces the wait.
  const settled = useCallback(() => void check(), [check]);

  return (
    <section className="payment-result" aria-labelledby="payment-result-title" data-remote="jobs">
      <div
        className="payment-result__card"
        role="status"
        aria-live="polite"
        aria-busy={outcome.kind === 'loading'}
      >
        {outcome.kind === 'loading' && (
          <Result
            title={MESSAGES.loadingPaymentStatus}
            lead="Please keep this page open while we confirm your payment."
            busy
          />
        )}
        {outcome.kind === 'transfer' && (
          <>
            <TransferWaiting payment={outcome.payment} onSettled={settled} />
            <div className="payment-result__actions">
              <DashboardLink />
            </div>
          </>
        )}
        {outcome.kind === 'invalid' && (
          <Result
            title={MESSAGES.invalidPaymentReference}
            lead="This link has no valid payment reference. If you paid, your unlock is confirmed automatically and appears on your dashboard."
          >
            <DashboardLink primary />
          </Result>
        )}
        {outcome.kind === 'paid' && (
          <Result
            tone="ok"
            title={MESSAGES.paymentSuccessful}
            lead={`${MESSAGES.paymentVerifiedSuccessfully}. Thank you${
              outcome.result.result.payment.jobTitle ? ` — "${outcome.result.result.payment.jobTitle}"` : ''
            } is unlocked: you can now see the poster’s contact details and chat with them.`}
            facts={
              <dl className="payment-result__facts">
                <dt>Amount</dt>
                <dd>{formatKobo(outcome.result.result.amount, outcome.result.result.currency)}</dd>
                <dt>Reference</dt>
                <dd>
                  <code>{outcome.result.result.reference}</code>
                </dd>
              </dl>
            }
          >
            <Link className={buttonClass('primary', 'md')} to="/chat">
              {MESSAGES.startConversation}
            </Link>
            {outcome.result.result.payment.jobTitle ? (
              <Link
                className={buttonClass('secondary', 'md')}
                to={`/jobs?q=${encodeURIComponent(outcome.result.result.payment.jobTitle)}`}
              >
                View the job
              </Link>
            ) : (
              <DashboardLink />
            )}
          </Result>
        )}
        {outcome.kind === 'pending' && (
          <Result
            title="Payment not confirmed yet"
            lead={`${outcome.message} If you completed the payment, it may take a moment to be confirmed. You will not be charged twice.`}
          >
            <CheckAgain onClick={check} />
            <DashboardLink />
          </Result>
        )}
        {outcome.kind === 'failed' && (
          <Result
            tone="bad"
            title={MESSAGES.paymentFailedTryAgain}
            lead={`${outcome.message === MESSAGES.paymentFailedTryAgain ? '' : `${outcome.message} `}Nothing was unlocked. If money left your account, it is refunded automatically.`}
          >
            <DashboardLink primary />
          </Result>
        )}
        {outcome.kind === 'error' && (
          <Result tone="bad" title={outcome.message}>
            <CheckAgain onClick={check} />
            <DashboardLink />
          </Result>
        )}
      </div>
    </section>
  );
}

/** /payment/callback (spec section 2): the provider sends the browser back here with the reference. */
export function PaymentCallbackPage() {
  return (
    <EnsureQueryClient>
      <PaymentCallbackContent />
    </EnsureQueryClient>
  );
}
