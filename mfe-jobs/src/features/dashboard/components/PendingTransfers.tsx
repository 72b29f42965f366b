// The company's bank transfers and USSD payments on their way (issue 28): each with its time left, and a
// notice once one is confirmed or has expired. The list follows the payments query; while a transfer
// is pending it is refreshed every 15 s (never while the tab is hidden).
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@marketplace/ui/router';
import { formatKobo, isAsynchronousChannel, type UnlockPayment } from '@marketplace/contracts';
import { Button, retryUnlessClientError } from '@marketplace/ui';
import { fetchMyPayments, myPaymentsKey } from '../api/my-payments';

const REFRESH_MS = 15_000;
/** Notices about transfers settled longer ago than this are not shown any more. */
const NOTICE_FOR_MS = 7 * 24 * 60 * 60_000;
export const DISMISSED_KEY = 'marketplace.transfer-notices.dismissed';

function readDismissed(): Set<string> {
  try {
    const raw = window.localStorage.getItem(DISMISSED_KEY);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function saveDismissed(ids: Set<string>) {
  try {
    // The newest 200 are enough: older notices are no longer shown anyway.
    window.localStorage.setItem(DISMISSED_KEY, JSON.stringify([...ids].slice(-200)));
  } catch {
    // Private mode or full storage: the notice comes back on the next visit, nothing worse.
  }
}

function minutesLeft(payment: UnlockPayment, now: number): number {
  return Math.max(0, Math.ceil((new Date(payment.expiresAt).getTime() - now) / 60_000));
}

function titleOf(payment: UnlockPayment): string {
  return payment.jobTitle?.trim() || 'a job';
}

type Notice = { payment: UnlockPayment; kind: 'confirmed' | 'expired' };

function noticesOf(payments: readonly UnlockPayment[], dismissed: Set<string>, now: number): Notice[] {
  const notices: Notice[] = [];
  for (const payment of payments) {
    if (!isAsynchronousChannel(payment.channel) || dismissed.has(payment._id)) continue;
    if (payment.progress === 'paid' && payment.paidAt) {
      if (now - new Date(payment.paidAt).getTime() < NOTICE_FOR_MS)
        notices.push({ payment, kind: 'confirmed' });
    } else if (payment.progress === 'expired') {
      if (now - new Date(payment.expiresAt).getTime() < NOTICE_FOR_MS)
        notices.push({ payment, kind: 'expired' });
    }
  }
  return notices;
}

export function PendingTransfers({ userId }: { userId: string }) {
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState<Set<string>>(() => readDismissed());
  const list = useQuery({
    queryKey: myPaymentsKey(userId),
    queryFn: ({ signal }) => fetchMyPayments(signal),
    retry: retryUnlessClientError,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((p) => p.progress === 'pending' && isAsynchronousChannel(p.channel))
        ? REFRESH_MS
        : false,
  });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const payments = list.data ?? [];
  const pending = payments.filter((p) => p.progress === 'pending' && isAsynchronousChannel(p.channel));
  const notices = noticesOf(payments, dismissed, now);
  if (pending.length === 0 && notices.length === 0) return null;

  const dismiss = (id: string) => {
    const next = new Set(dismissed).add(id);
    saveDismissed(next);
    setDismissed(next);
  };

  return (
    <>
      {notices.length > 0 && (
        <div className="dash-transfer-notices" role="status" aria-live="polite">
          {notices.map(({ payment, kind }) => (
            <div key={payment._id} className={`dash-transfer-notice dash-transfer-notice--${kind}`}>
              <p className="dash-transfer-notice__text">
                {kind === 'confirmed' ? (
                  <>
                    <strong>Transfer confirmed.</strong> Your payment of{' '}
                    {formatKobo(payment.amount, payment.currency)} for “{titleOf(payment)}” has arrived: the
                    job is unlocked.
                  </>
                ) : (
                  <>
                    <strong>Payment expired.</strong> Your payment of{' '}
                    {formatKobo(payment.amount, payment.currency)} for “{titleOf(payment)}” did not arrive in
                    time, so the job was not unlocked. Money that arrives late is refunded automatically.
                  </>
                )}
              </p>
              <div className="dash-transfer-notice__actions">
                {kind === 'confirmed' && (
                  <Link to="/chat" className="ui-btn ui-btn--primary ui-btn--sm">
                    Open chat
                  </Link>
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => dismiss(payment._id)}
                  aria-label={`Dismiss the notice about ${titleOf(payment)}`}
                >
                  Dismiss
                </Button>
              </div>
            </div>
          ))}
        </div>
      )}
      {pending.length > 0 && (
        <section className="dash-card dash-transfers" aria-labelledby="dash-transfers-title">
          <header className="dash-card__head">
            <h2 className="dash-card__title" id="dash-transfers-title">
              Transfers on their way
            </h2>
            <p className="dash-card__hint">We tell you here and by e-mail as soon as the bank confirms.</p>
          </header>
          <ul className="dash-transfers__list">
            {pending.map((payment) => {
              const left = minutesLeft(payment, now);
              return (
                <li key={payment._id} className="dash-transfers__item">
                  <span className="dash-transfers__job">{titleOf(payment)}</span>
                  <span className="dash-transfers__amount">
                    {formatKobo(payment.amount, payment.currency)}
                  </span>
                  <span className="dash-transfers__left">
                    {left > 0 ? `${left} min left` : 'Time is up; checking with the bank'}
                  </span>
                  <Link
                    className="ui-btn ui-btn--secondary ui-btn--sm"
                    to={`/payment/callback?trxref=${encodeURIComponent(payment.reference)}&reference=${encodeURIComponent(payment.reference)}`}
                    aria-label={`Follow the transfer for ${titleOf(payment)}`}
                  >
                    Follow
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
