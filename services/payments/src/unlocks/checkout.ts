import { randomUUID } from 'node:crypto';
import {
  UNLOCK_CHANNELS,
  EmailRule,
  MESSAGES,
  PAYMENT_MESSAGES,
  fieldError,
  unlockRefundRule,
  type InitializePaymentBody,
  type PaymentTermsResponse,
} from '@marketplace/contracts';
import { AppError, badRequest, conflict, forbidden, isUuid, notFound } from '@marketplace/service-kit';
import { ProviderError } from '../providers/provider';
import type { JobRow } from '../repositories/jobs-read-model';
import { PaymentsRepository, type PaymentRow } from '../repositories/payments-repository';
import { toUnlockPayment } from '../views';
import type { UnlockDeps } from './deps';
import { unlockInitiated } from './events';
import type { Settlement } from './settlement';
import {
  REFERENCE_PATTERN,
  assertUnlockable,
  expiresAtOf,
  providerFailure,
  unlockPriceKobo,
  unlockable,
  type Caller,
} from './rules';

export type InitializeOutcome = { kind: 'paid' | 'pending'; payment: PaymentRow; job: JobRow };

/** A pending row without a checkout yet is being started by another request for this long. */
const STARTING_GRACE_MS = 60_000;

/**
 * The payer's side: the terms shown before paying, starting a checkout (never twice, never past the
 * cap), and settling it when the payer comes back from the provider's page.
 */
export class Checkout {
  readonly #deps: Pick<UnlockDeps, 'db' | 'provider' | 'settings' | 'logger' | 'payments' | 'jobs'>;
  readonly #settlement: Settlement;

  constructor(
    deps: Pick<UnlockDeps, 'db' | 'provider' | 'settings' | 'logger' | 'payments' | 'jobs'>,
    settlement: Settlement,
  ) {
    this.#deps = deps;
    this.#settlement = settlement;
  }

  /** Where the payer comes back to (the shell's /payment/callback screen). */
  callbackUrl(): string {
    return `${this.#deps.settings.publicUrl ?? ''}/payment/callback`;
  }

  // ------------------------------------------------------------------------------------------------
  // Terms, shown before paying (GET /api/payments/terms)

  async terms(jobId: string | undefined, caller: Caller | null): Promise<PaymentTermsResponse> {
    const { provider, settings, payments, jobs } = this.#deps;
    let job: JobRow | undefined;
    if (jobId !== undefined) {
      if (!isUuid(jobId.trim())) throw badRequest(PAYMENT_MESSAGES.invalidJobId, 'INVALID_JOB_ID');
      job = await jobs.find(jobId.trim());
      if (!job) throw notFound(PAYMENT_MESSAGES.jobNotFound);
    }
    const cap = settings.unlockCap;
    const unlockCount = job ? await payments.countPaid(job.id) : null;
    const placesLeft = unlockCount === null ? null : Math.max(0, cap - unlockCount);
    const mine =
      job && caller?.type === 'company'
        ? (await payments.forJobAndCompany(job.id, caller.sub))[0]
        : undefined;
    const price = unlockPriceKobo(settings, job?.category ?? null);
    return {
      statusCode: 200,
      currency: 'NGN',
      price: { naira: price / 100, kobo: price },
      cap,
      unlockCount,
      placesLeft,
      available: job ? unlockable(job) && (placesLeft ?? 0) > 0 : null,
      refundRule: unlockRefundRule(settings.unlockRefundHours),
      refundHours: settings.unlockRefundHours,
      provider: provider.name,
      testMode: provider.name === 'sandbox',
      myPayment: mine ? toUnlockPayment(mine, job?.title ?? null) : null,
    };
  }

  // ------------------------------------------------------------------------------------------------
  // Initialize (POST /api/jobs/initializePayment)

  async initialize(
    caller: Caller,
    body: InitializePaymentBody,
    correlationId: string,
  ): Promise<InitializeOutcome> {
    const { db, provider, settings, logger, payments, jobs } = this.#deps;
    if (caller.type !== 'company') throw forbidden(PAYMENT_MESSAGES.onlyCompanies);
    const jobId = body.jobId.trim();
    if (!isUuid(jobId)) throw badRequest(PAYMENT_MESSAGES.invalidJobId, 'INVALID_JOB_ID');
    const email = body.email?.trim() ? body.email.trim() : undefined;
    if (email !== undefined) {
      const problem = fieldError(EmailRule, email);
      if (problem) throw badRequest(problem, 'INVALID_EMAIL');
    }
    const job = await jobs.find(jobId);
    if (!job) throw notFound(PAYMENT_MESSAGES.jobNotFound);
    if (job.posted_by === caller.sub) throw forbidden(PAYMENT_MESSAGES.ownJob);

    // Never twice: the unlock the company has, or the checkout it has started.
    const existing = await payments.forJobAndCompany(jobId, caller.sub);
    const paid = existing.find((p) => p.status === 'paid');
    if (paid) return { kind: 'paid', payment: paid, job };
    const pending = existing.find((p) => p.status === 'pending');
    const outcome = pending ? await this.#reusePending(pending, correlationId) : undefined;
    if (outcome?.kind === 'paid') return { ...outcome, job };

    // Checked before the charge, also before handing out a pending checkout again (and at confirmation).
    assertUnlockable(job, await payments.countPaid(jobId), settings.unlockCap);
    if (outcome) return { ...outcome, job };

    const amountKobo = unlockPriceKobo(settings, job.category);
    const reference = `MP-${randomUUID()}`;
    const now = settings.now();
    let row: PaymentRow;
    try {
      row = await payments.insert({
        reference,
        job_id: jobId,
        company_id: caller.sub,
        poster_id: job.posted_by,
        amount_kobo: amountKobo,
        currency: 'NGN',
        provider: provider.name,
        status: 'pending',
        created_at: now,
        // The payment window starts now (Paystack's transfer account lives as long).
        expires_at: new Date(now.getTime() + settings.pendingExpireAfterMs),
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request of this company started a checkout for this job at the same moment.
      const again = (await payments.forJobAndCompany(jobId, caller.sub)).find((p) => p.status === 'pending');
      if (again?.authorization_url) return { kind: 'pending', payment: again, job };
      throw conflict(PAYMENT_MESSAGES.paymentStarting, 'PAYMENT_STARTING');
    }

    let checkout: { authorizationUrl: string; accessCode: string | null };
    try {
      checkout = await provider.initialize({
        reference,
        amountKobo,
        currency: 'NGN',
        email: email ?? this.#fallbackEmail(caller.sub),
        callbackUrl: this.callbackUrl(),
        metadata: { paymentId: row.id, jobId, companyId: caller.sub },
        channels: UNLOCK_CHANNELS,
      });
    } catch (err) {
      logger.error({ err, reference }, MESSAGES.failedToInitializePayment);
      await payments.update(row.id, {
        status: 'failed',
        failed_at: settings.now(),
        failure_reason: 'initialize-failed',
      });
      throw new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', PAYMENT_MESSAGES.couldNotStartPayment);
    }

    const saved = await db.transaction().execute(async (trx) => {
      const updated = await new PaymentsRepository(trx).update(row.id, {
        authorization_url: checkout.authorizationUrl,
        access_code: checkout.accessCode,
      });
      await unlockInitiated(
        trx,
        { paymentId: updated.id, reference, jobId, companyId: caller.sub },
        correlationId,
      );
      return updated;
    });
    return { kind: 'pending', payment: saved, job };
  }

  /**
   * A second attempt while a checkout is pending: a recent one is handed out again; an older one is
   * asked about at the provider (it may have been paid after all) and otherwise set aside, so a new
   * checkout can start.
   */
  async #reusePending(
    pending: PaymentRow,
    correlationId: string,
  ): Promise<{ kind: 'paid' | 'pending'; payment: PaymentRow } | undefined> {
    const { settings } = this.#deps;
    const age = settings.now().getTime() - pending.created_at.getTime();
    if (pending.authorization_url && age < settings.pendingReuseMs)
      return { kind: 'pending', payment: pending };
    if (!pending.authorization_url && age < STARTING_GRACE_MS) {
      throw conflict(PAYMENT_MESSAGES.paymentStarting, 'PAYMENT_STARTING');
    }
    let settled = pending;
    try {
      settled = await this.#settlement.confirm(pending, 'initialize', correlationId);
    } catch (err) {
      if (!(err instanceof ProviderError && err.kind === 'not-found'))
        throw providerFailure(err, PAYMENT_MESSAGES.couldNotStartPayment);
    }
    if (settled.status === 'paid') return { kind: 'paid', payment: settled };
    if (settled.status === 'pending') {
      const expired = settings.now().getTime() >= expiresAtOf(settled, settings).getTime();
      await this.#settlement.fail(settled, expired ? 'expired' : 'superseded', 'initialize', correlationId);
    }
    return undefined;
  }

  #fallbackEmail(companyId: string): string {
    const { publicUrl } = this.#deps.settings;
    const host = publicUrl ? new URL(publicUrl).hostname : 'marketplace.local';
    return `company-${companyId}@${host.includes('.') ? host : `${host}.local`}`;
  }

  // ------------------------------------------------------------------------------------------------
  // Verify (POST /api/jobs/verifyPayment): the payer is back from the provider's page

  /** The caller's payment by reference, settled with the provider when it is not final yet. */
  async verify(
    caller: Caller,
    reference: string,
    trxref: string | undefined,
    correlationId: string,
  ): Promise<PaymentRow> {
    const ref = reference.trim();
    if (!REFERENCE_PATTERN.test(ref) || (trxref !== undefined && trxref.trim() !== ref)) {
      throw badRequest(MESSAGES.invalidPaymentReference, 'INVALID_REFERENCE');
    }
    const payment = await this.#deps.payments.findByReference(ref);
    if (!payment) throw notFound(MESSAGES.invalidPaymentReference);
    if (payment.company_id !== caller.sub && caller.type !== 'admin') {
      throw forbidden(PAYMENT_MESSAGES.notYourPayment);
    }
    try {
      return await this.#settlement.confirm(payment, 'callback', correlationId);
    } catch (err) {
      // The provider has no such transaction (its checkout never opened): nothing to settle yet.
      if (err instanceof ProviderError && err.kind === 'not-found') return payment;
      throw providerFailure(err, MESSAGES.errorVerifyingPayment);
    }
  }
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}
