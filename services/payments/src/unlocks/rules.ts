import { PAYMENT_MESSAGES, jobFullMessage } from '@marketplace/contracts';
import { AppError, conflict, type AccessClaims } from '@marketplace/service-kit';
import type { ResolvedPaymentsSettings } from '../config';
import { ProviderError } from '../providers/provider';
import type { JobRow } from '../repositories/jobs-read-model';
import type { PaymentRow } from '../repositories/payments-repository';

// The unlock rules every part of the money path shares: what our ids and references look like, the
// price, and which jobs can be unlocked.

/** Our references: what Paystack allows (letters, digits, '-', '.', '='). */
export const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;

/** What settled a payment. */
export type Via = 'callback' | 'webhook' | 'reconcile' | 'initialize';

export type Caller = Pick<AccessClaims, 'sub' | 'type'>;

/** The unlock price of a job's category, in kobo (from config, never from the client). */
export function unlockPriceKobo(settings: ResolvedPaymentsSettings, category: string | null): number {
  const naira = (category && settings.unlockPriceByCategory[category]) || settings.unlockPriceNgn;
  return naira * 100;
}

/** Open, not deleted, not hidden. */
export function unlockable(job: JobRow): boolean {
  return !job.deleted_at && !job.hidden && job.status !== 'completed';
}

export function assertUnlockable(job: JobRow, paidCount: number, cap: number): void {
  if (job.deleted_at || job.hidden) throw conflict(PAYMENT_MESSAGES.jobUnavailable, 'JOB_UNAVAILABLE');
  if (job.status === 'completed') throw conflict(PAYMENT_MESSAGES.jobCompleted, 'JOB_COMPLETED');
  if (paidCount >= cap) throw conflict(jobFullMessage(cap), 'JOB_FULL');
}

/** A provider that cannot be reached is the service's 502, with the message the client shows. */
export function providerFailure(err: unknown, message: string): unknown {
  if (err instanceof ProviderError) return new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', message);
  return err;
}

/**
 * When a pending payment expires: fixed when it started (created_at + PAYMENTS_PENDING_EXPIRE_MINUTES);
 * rows from before the window was stored count from their start with today's window.
 */
export function expiresAtOf(
  payment: Pick<PaymentRow, 'expires_at' | 'created_at'>,
  settings: Pick<ResolvedPaymentsSettings, 'pendingExpireAfterMs'>,
): Date {
  return payment.expires_at ?? new Date(payment.created_at.getTime() + settings.pendingExpireAfterMs);
}

/** The window a payment had, in whole minutes (for the company's e-mail). */
export function windowMinutesOf(
  payment: Pick<PaymentRow, 'expires_at' | 'created_at'>,
  settings: Pick<ResolvedPaymentsSettings, 'pendingExpireAfterMs'>,
): number {
  const ms = expiresAtOf(payment, settings).getTime() - payment.created_at.getTime();
  return Math.max(1, Math.round(ms / 60_000));
}
