// The company's unlock payments and refunds on its dashboard (issue 10), in plain words.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@marketplace/ui/router';
import {
  DISPUTE_REASON_LABELS,
  formatKobo,
  PAYMENT_API,
  type PaymentDispute,
  type PaymentRefund,
  type PaymentStatus,
  type UnlockPayment,
} from '@marketplace/contracts';
import { Button, errorText, retryUnlessClientError } from '@marketplace/ui';
import { formatPostedDate } from '../../../shared/dates';
import { fetchMyPayments, myPaymentsKey } from '../api/my-payments';
import { DisputeDialog, paymentStatusCellId } from './DisputeDialog';

export const PAYMENTS_LOAD_FAILED = 'Your payments could not be loaded.';
export const NO_PAYMENTS = 'No payments yet';

const STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  paid: 'Paid',
  pending: 'Not completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** What happened to the money, for the company. */
const STATUS_NOTES: Readonly<Record<Exclude<PaymentStatus, 'refunded'>, string>> = {
  paid: 'The poster’s contact details and the chat are unlocked.',
  pending:
    'This payment has not been confirmed. If you completed it, it is confirmed shortly; otherwise finish it from the job.',
  failed: 'The payment did not go through: nothing was unlocked and you were not charged.',
};

/** Where the money of a refund stands. */
export const REFUND_STATE_NOTES: Readonly<Record<PaymentRefund['state'], string>> = {
  pending: 'The refund is being sent to the payment provider.',
  queued: 'The refund is on its way; it can take a few working days to reach your account.',
  processed: 'The money has been returned to you.',
  failed: 'The refund is delayed. Our team has been alerted and will contact you.',
};

function titleOf(payment: UnlockPayment): string {
  return payment.jobTitle?.trim() || 'A job that is no longer listed';
}

function summary(payments: readonly UnlockPayment[]): string {
  const paid = payments.filter((p) => p.status === 'paid').length;
  const refunded = payments.filter((p) => p.status === 'refunded');
  const parts = [paid === 1 ? '1 job unlocked' : `${paid} jobs unlocked`];
  if (refunded.length > 0) {
    const currency = refunded[0]!.currency;
    const sameCurrency = refunded.every((p) => p.currency === currency);
    const total = refunded.reduce((sum, p) => sum + p.amount, 0);
    parts.push(sameCurrency ? `${formatKobo(total, currency)} refunded` : `${refunded.length} refunded`);
  }
  return parts.join(' · ');
}

/** Where the company's dispute of the unlock stands (the admin's reason when rejected). */
function DisputeNote({ dispute }: { dispute: PaymentDispute }) {
  const reason = DISPUTE_REASON_LABELS[dispute.reason] ?? dispute.reason;
  if (dispute.status === 'open')
    return (
      <span className="dash-pay-note dash-pay-note--dispute">
        You disputed this unlock on {formatPostedDate(dispute.openedAt)} ({reason}). An administrator will
        decide.
      </span>
    );
  if (dispute.status === 'rejected')
    return (
      <span className="dash-pay-note dash-pay-note--dispute dash-pay-note--rejected">
        <span className="dash-pay-note__why">Your dispute was rejected: “{dispute.rejectionReason}”</span>
        <span className="dash-pay-note__state">The unlock stays. A dispute can be made once per unlock.</span>
      </span>
    );
  return null;
}

function Note({ payment }: { payment: UnlockPayment }) {
  const refund = payment.refund;
  if (payment.status === 'refunded') {
    return (
      <span className={`dash-pay-note dash-pay-note--refund dash-pay-note--${refund?.state ?? 'pending'}`}>
        <span className="dash-pay-note__why">{refund?.message ?? 'This payment has been refunded.'}</span>
        <span className="dash-pay-note__state">
          {refund
            ? `Refunded ${formatPostedDate(refund.refundedAt)}. ${REFUND_STATE_NOTES[refund.state]}`
            : ''}
        </span>
      </span>
    );
  }
  return (
    <>
      <span className="dash-pay-note">{STATUS_NOTES[payment.status]}</span>
      {payment.dispute && <DisputeNote dispute={payment.dispute} />}
    </>
  );
}

/** The payment's receipt and credit note: the printable page (it offers the PDF) and the PDF itself. */
function Receipts({ payment }: { payment: UnlockPayment }) {
  const receipts = payment.receipts ?? [];
  if (receipts.length === 0) return null;
  return (
    <ul className="dash-pay-receipts" aria-label={`Receipts for ${titleOf(payment)}`}>
      {receipts.map((receipt) => {
        const label = receipt.kind === 'credit-note' ? 'Credit note' : 'Receipt';
        return (
          <li key={receipt.number}>
            <a href={PAYMENT_API.receiptPage(receipt.number)} className="dash-pay-receipts__link">
              {label} {receipt.number}
            </a>
            <a
              href={PAYMENT_API.receiptPdf(receipt.number)}
              download={`${receipt.number}.pdf`}
              className="dash-pay-receipts__pdf"
              aria-label={`${label} ${receipt.number} as PDF`}
            >
              PDF
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Action({ payment, onDispute }: { payment: UnlockPayment; onDispute: () => void }) {
  const title = titleOf(payment);
  if (payment.status === 'paid') {
    return (
      <span className="dash-pay-actions">
        <Link
          to="/chat"
          className="ui-btn ui-btn--secondary ui-btn--sm"
          aria-label={`Open chat about ${title}`}
        >
          Open chat
        </Link>
        {payment.disputableUntil && (
          <button
            type="button"
            className="ui-btn ui-btn--ghost ui-btn--sm"
            aria-haspopup="dialog"
            aria-label={`Dispute this lead: ${title}`}
            title={`You can dispute until ${formatPostedDate(payment.disputableUntil)}`}
            onClick={onDispute}
          >
            Dispute
          </button>
        )}
      </span>
    );
  }
  if ((payment.status === 'pending' || payment.status === 'failed') && payment.jobTitle?.trim()) {
    return (
      <Link
        to={`/jobs?q=${encodeURIComponent(payment.jobTitle.trim())}`}
        className="ui-btn ui-btn--secondary ui-btn--sm"
        aria-label={`View job: ${title}`}
      >
        View job
      </Link>
    );
  }
  return null;
}

function PaymentsSkeleton() {
  return (
    <div className="dash-skeleton__rows" role="status" aria-label="Loading your payments">
      {Array.from({ length: 3 }, (_, row) => (
        <div key={row} className="dash-skeleton__row">
          {[38, 16, 12, 14].map((width, col) => (
            <span key={col} className="ui-skeleton__line" style={{ width: `${width}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A company's unlock payments: job, date, amount, status, and what became of the money. */
export function PaymentsSection({ userId }: { userId: string }) {
  const list = useQuery({
    queryKey: myPaymentsKey(userId),
    queryFn: ({ signal }) => fetchMyPayments(signal),
    retry: retryUnlessClientError,
  });
  const payments = list.data;
  const [disputing, setDisputing] = useState<UnlockPayment | null>(null);
  // Opened from a dispute's notice in the bell (`/dashboard#payments`): bring the list into view once drawn.
  const ready = list.isSuccess;
  useEffect(() => {
    if (ready && window.location.hash === '#payments') {
      document.getElementById('payments')?.scrollIntoView?.({ block: 'start' });
    }
  }, [ready]);

  return (
    <section id="payments" className="dash-card dash-pay" aria-labelledby="dash-pay-title">
      <header className="dash-card__head">
        <h2 className="dash-card__title" id="dash-pay-title">
          Payments
        </h2>
        <p className="dash-card__hint">
          {payments && payments.length > 0 ? summary(payments) : 'Unlock fees you paid and any refunds.'}
        </p>
      </header>
      {list.isPending ? (
        <PaymentsSkeleton />
      ) : list.isError && !payments ? (
        <div className="dash-empty" role="alert">
          <p>{errorText(list.error, { fallback: PAYMENTS_LOAD_FAILED })}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : !payments || payments.length === 0 ? (
        <div className="dash-empty">
          <p>{NO_PAYMENTS}</p>
          <p className="dash-empty__more">
            When you unlock a job, the payment shows here, and so does any refund.
          </p>
        </div>
      ) : (
        <div className="dash-card__table">
          <table className="dash-table dash-pay-table" aria-labelledby="dash-pay-title">
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Date</th>
                <th scope="col" className="dash-pay-table__amount">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => {
                const when = payment.paidAt ?? payment.createdAt;
                return (
                  <tr key={payment._id} className={`dash-pay-row--${payment.status}`}>
                    <th scope="row" className="dash-table__name dash-pay-table__job">
                      <span className="dash-table__job-text">{titleOf(payment)}</span>
                      <span className="dash-table__meta">
                        Ref. <span className="dash-pay-ref">{payment.reference}</span>
                      </span>
                      <Note payment={payment} />
                      <Receipts payment={payment} />
                    </th>
                    <td className="dash-pay-table__date">
                      <time dateTime={when}>{formatPostedDate(when)}</time>
                    </td>
                    <td className="dash-pay-table__amount">{formatKobo(payment.amount, payment.currency)}</td>
                    <td
                      className="dash-pay-table__status"
                      id={paymentStatusCellId(payment._id)}
                      tabIndex={-1}
                    >
                      <span className={`dash-badge dash-pay-badge--${payment.status}`}>
                        {STATUS_LABELS[payment.status] ?? payment.status}
                      </span>
                    </td>
                    <td className="dash-pay-table__actions">
                      <Action payment={payment} onDispute={() => setDisputing(payment)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {disputing && (
        <DisputeDialog
          payment={disputing}
          queryKey={myPaymentsKey(userId)}
          onClose={() => setDisputing(null)}
        />
      )}
    </section>
  );
}
