import type { EventHandlers } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import type { NoticeMails } from '../mail/notice-mails';
import { UsersRepository } from '../repositories/users-repository';

/** Durable consumer name on the PAYMENTS stream. */
export const PAYMENT_NOTICES_CONSUMER = 'accounts-payment-notices';

/**
 * `payments.unlock.confirmed` / `payments.unlock.expired` / `payments.unlock.refunded` /
 * `payments.dispute.decided` -> one e-mail to the company (the transfer it sent has arrived; its payment
 * window ran out; its money is going back, and why; an admin decided its dispute). A refund after an
 * accepted dispute is told by the decision's mail, not twice. Stored with the inbox row (a redelivered
 * event mails once) and keyed by payment and outcome (a second event for the same payment mails once too).
 */
export function paymentNoticeHandlers(notices: NoticeMails): EventHandlers<AccountsDatabase> {
  const companyOf = async (trx: Kysely<AccountsDatabase>, id: string) => {
    const member = await new UsersRepository(trx).findById(id);
    return member?.email.includes('@') ? member : undefined;
  };
  return {
    'payments.unlock.confirmed': async (confirmed, trx) => {
      const company = await companyOf(trx, confirmed.companyId);
      if (!company) return;
      await notices.enqueue(trx, {
        kind: 'payment-confirmed',
        userId: company.id,
        dedupeKey: `payment-confirmed:${confirmed.paymentId}`,
        data: {
          paymentId: confirmed.paymentId,
          reference: confirmed.reference,
          jobId: confirmed.jobId,
          jobTitle: confirmed.jobTitle,
          amount: confirmed.amount,
          currency: confirmed.currency,
          method: confirmed.method,
        },
      });
    },
    'payments.dispute.decided': async (decided, trx) => {
      const company = await companyOf(trx, decided.companyId);
      if (!company) return;
      await notices.enqueue(trx, {
        kind: 'dispute-decided',
        userId: company.id,
        dedupeKey: `dispute-decided:${decided.disputeId}`,
        data: {
          disputeId: decided.disputeId,
          reference: decided.reference,
          jobTitle: decided.jobTitle,
          amount: decided.amount,
          currency: decided.currency,
          outcome: decided.outcome,
          rejectionReason: decided.rejectionReason,
        },
      });
    },
    'payments.unlock.refunded': async (refunded, trx) => {
      if (refunded.reason === 'dispute') return;
      const company = await companyOf(trx, refunded.companyId);
      if (!company) return;
      await notices.enqueue(trx, {
        kind: 'payment-refunded',
        userId: company.id,
        dedupeKey: `payment-refunded:${refunded.paymentId}`,
        data: {
          paymentId: refunded.paymentId,
          reference: refunded.reference,
          jobId: refunded.jobId,
          jobTitle: refunded.jobTitle ?? null,
          amount: refunded.amount,
          currency: refunded.currency,
          reason: refunded.reason,
        },
      });
    },
    'payments.unlock.expired': async (expired, trx) => {
      const company = await companyOf(trx, expired.companyId);
      if (!company) return;
      await notices.enqueue(trx, {
        kind: 'payment-expired',
        userId: company.id,
        dedupeKey: `payment-expired:${expired.paymentId}`,
        data: {
          paymentId: expired.paymentId,
          reference: expired.reference,
          jobId: expired.jobId,
          jobTitle: expired.jobTitle,
          amount: expired.amount,
          currency: expired.currency,
          windowMinutes: expired.windowMinutes,
        },
      });
    },
  };
}
