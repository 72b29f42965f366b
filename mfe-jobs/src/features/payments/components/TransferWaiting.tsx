import { useCallback, useEffect, useState } from 'react';
import { formatKobo, type PaymentStatusResponse, type UnlockPayment } from '@marketplace/contracts';
import { fetchPaymentStatus } from '../api/payments';
import { usePolitePolling } from '../hooks/use-polite-polling';

/** "12:05" / "0:09" from seconds. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * "Waiting for your transfer": what to send, how long is left, followed by polite polling of the stored
 * status. Calls `onSettled` once the payment is no longer pending (confirmed, expired, refunded).
 */
export function TransferWaiting({
  payment,
  onSettled,
}: {
  payment: UnlockPayment;
  onSettled: (status: PaymentStatusResponse) => void;
}) {
  const [status, setStatus] = useState<PaymentStatusResponse | null>(null);
  const [deadline, setDeadline] = useState(() => new Date(payment.expiresAt).getTime());
  const [now, setNow] = useState(() => Date.now());

  const poll = useCallback(async () => {
    const next = await fetchPaymentStatus(payment.reference);
    setStatus(next);
    if (next.secondsLeft !== null) setDeadline(Date.now() + next.secondsLeft * 1000);
    if (next.payment.progress !== 'pending') onSettled(next);
  }, [payment.reference, onSettled]);

  // The first look at once (the transfer details), then politely.
  useEffect(() => {
    void poll().catch(() => undefined);
  }, [poll]);
  usePolitePolling(poll, status?.payment.progress !== 'paid');

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const secondsLeft = Math.max(0, Math.round((deadline - now) / 1000));
  const amount = formatKobo(payment.amount, payment.currency);
  const transfer = status?.transfer ?? null;
  const ussd = payment.channel === 'ussd';

  return (
    <>
      <span className="payment-result__spinner" aria-hidden="true" />
      <h1 id="payment-result-title" className="payment-result__title">
        Waiting for your transfer
      </h1>
      <p className="payment-result__lead">
        {ussd
          ? `Complete the USSD payment of ${amount} on your phone if you have not yet.`
          : `Send exactly ${amount} to the account shown at checkout if you have not yet.`}{' '}
        Banks can take a few minutes to confirm. You can leave this page: we e-mail you and your dashboard
        shows it as soon as the money arrives.
      </p>
      <dl className="payment-result__facts">
        <dt>Amount to send</dt>
        <dd>{amount}</dd>
        {transfer && (
          <>
            <dt>Bank</dt>
            <dd>{transfer.bankName}</dd>
            <dt>Account number</dt>
            <dd>
              <span className="payment-result__account">{transfer.accountNumber}</span>
            </dd>
            <dt>Account name</dt>
            <dd>{transfer.accountName}</dd>
          </>
        )}
        {payment.jobTitle && (
          <>
            <dt>For</dt>
            <dd>{payment.jobTitle}</dd>
          </>
        )}
        <dt>Reference</dt>
        <dd>
          <code>{payment.reference}</code>
        </dd>
        <dt>Time left</dt>
        <dd>
          <time
            className="payment-result__countdown"
            aria-label={`${Math.ceil(secondsLeft / 60)} minutes left`}
          >
            {formatTimeLeft(secondsLeft)}
          </time>
        </dd>
      </dl>
      <p className="payment-result__hint">
        If the money has not arrived when the time is up, the payment expires and the job stays locked; money
        that arrives after that is refunded to you automatically.
      </p>
    </>
  );
}
