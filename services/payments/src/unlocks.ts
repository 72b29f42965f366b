import { createHash, randomUUID } from 'node:crypto';
import {
  EmailRule,
  MESSAGES,
  PAYMENT_MESSAGES,
  REFUND_REASON_MESSAGES,
  fieldError,
  jobFullMessage,
  unlockRefundRule,
  type InitializePaymentBody,
  type PaymentTermsResponse,
  type RefundReason,
} from '@marketplace/contracts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  publishEvent,
  type AccessClaims,
} from '@marketplace/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ResolvedPaymentsSettings } from './config';
import type { PaymentsDatabase } from './db-types';
import { ANSWER_GRACE_MS, NO_REPLY_REASON } from './no-reply';
import { ProviderError, type PaymentProvider, type ProviderTransaction } from './providers/provider';
import { JobsReadModel, type JobRow } from './repositories/jobs-read-model';
import { PaymentsRepository, type PaymentRow } from './repositories/payments-repository';
import { SecurityLog } from './repositories/security-log';
import { toUnlockPayment } from './views';

/** Our references: what Paystack allows (letters, digits, '-', '.', '='). */
export const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]{1,100}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/** What settled a payment. */
export type Via = 'callback' | 'webhook' | 'reconcile' | 'initialize';

export type Caller = Pick<AccessClaims, 'sub' | 'type'>;

export type InitializeOutcome = { kind: 'paid' | 'pending'; payment: PaymentRow; job: JobRow };

export interface ReconcileSummary {
  /** Pending payments re-verified with the provider. */
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  refunded: number;
  stillPending: number;
  /** Provider unreachable for these: tried again next round. */
  errors: number;
  /** Paid unlocks refunded because the poster did not answer in the chat in time (no-reply.ts). */
  noReplyRefunded: number;
  /** Refund attempts made (provider calls). */
  refundAttempts: number;
}

/** A message the poster wrote in the conversation of a company's unlock (from chat.message.sent). */
export interface PosterAnswer {
  jobId: string;
  companyId: string;
  posterId: string;
  /** When chat stored the message. */
  sentAt: Date;
}

export interface WebhookOutcome {
  statusCode: 200 | 400 | 401 | 503;
  message: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A pending row without a checkout yet is being started by another request for this long. */
const STARTING_GRACE_MS = MINUTE;

/**
 * The unlock rules, all of them enforced here: price from config, who may unlock what, the cap with
 * its re-check at confirmation, exactly-once confirmation whatever order the callback, the webhook and
 * the reconciliation arrive in, refunds (race lost, duplicate, dead lead, no reply, admin) and their
 * provider calls retried until accepted. Provider calls never run inside a database transaction.
 */
export class UnlockService {
  readonly payments: PaymentsRepository;
  readonly jobs: JobsReadModel;
  readonly security: SecurityLog;
  #refunds: Promise<number> | undefined;
  #nextRefunds: Promise<number> | undefined;
  #closed = false;

  constructor(
    private readonly db: Kysely<PaymentsDatabase>,
    readonly provider: PaymentProvider,
    readonly settings: ResolvedPaymentsSettings,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.payments = new PaymentsRepository(db);
    this.jobs = new JobsReadModel(db);
    this.security = new SecurityLog(db, logger);
  }

  /** The unlock price of a job's category, in kobo. */
  priceKobo(category: string | null): number {
    const naira = (category && this.settings.unlockPriceByCategory[category]) || this.settings.unlockPriceNgn;
    return naira * 100;
  }

  /** Where the payer comes back to (the shell's /payment/callback screen). */
  callbackUrl(): string {
    return `${this.settings.publicUrl ?? ''}/payment/callback`;
  }

  // ------------------------------------------------------------------------------------------------
  // Terms, shown before paying

  async terms(jobId: string | undefined, caller: Caller | null): Promise<PaymentTermsResponse> {
    let job: JobRow | undefined;
    if (jobId !== undefined) {
      if (!isUuid(jobId.trim())) throw badRequest(PAYMENT_MESSAGES.invalidJobId, 'INVALID_JOB_ID');
      job = await this.jobs.find(jobId.trim());
      if (!job) throw notFound(PAYMENT_MESSAGES.jobNotFound);
    }
    const cap = this.settings.unlockCap;
    const unlockCount = job ? await this.payments.countPaid(job.id) : null;
    const placesLeft = unlockCount === null ? null : Math.max(0, cap - unlockCount);
    const mine =
      job && caller?.type === 'company'
        ? (await this.payments.forJobAndCompany(job.id, caller.sub))[0]
        : undefined;
    const price = this.priceKobo(job?.category ?? null);
    return {
      statusCode: 200,
      currency: 'NGN',
      price: { naira: price / 100, kobo: price },
      cap,
      unlockCount,
      placesLeft,
      available: job ? unlockable(job) && (placesLeft ?? 0) > 0 : null,
      refundRule: unlockRefundRule(this.settings.unlockRefundHours),
      refundHours: this.settings.unlockRefundHours,
      provider: this.provider.name,
      testMode: this.provider.name === 'sandbox',
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
    if (caller.type !== 'company') throw forbidden(PAYMENT_MESSAGES.onlyCompanies);
    const jobId = body.jobId.trim();
    if (!isUuid(jobId)) throw badRequest(PAYMENT_MESSAGES.invalidJobId, 'INVALID_JOB_ID');
    const email = body.email?.trim() ? body.email.trim() : undefined;
    if (email !== undefined) {
      const problem = fieldError(EmailRule, email);
      if (problem) throw badRequest(problem, 'INVALID_EMAIL');
    }
    const job = await this.jobs.find(jobId);
    if (!job) throw notFound(PAYMENT_MESSAGES.jobNotFound);
    if (job.posted_by === caller.sub) throw forbidden(PAYMENT_MESSAGES.ownJob);

    // Never twice: the unlock the company has, or the checkout it has started.
    const existing = await this.payments.forJobAndCompany(jobId, caller.sub);
    const paid = existing.find((p) => p.status === 'paid');
    if (paid) return { kind: 'paid', payment: paid, job };
    const pending = existing.find((p) => p.status === 'pending');
    const outcome = pending ? await this.#reusePending(pending, correlationId) : undefined;
    if (outcome?.kind === 'paid') return { ...outcome, job };

    // Checked before the charge, also before handing out a pending checkout again (and at confirmation).
    assertUnlockable(job, await this.payments.countPaid(jobId), this.settings.unlockCap);
    if (outcome) return { ...outcome, job };

    const amountKobo = this.priceKobo(job.category);
    const reference = `MP-${randomUUID()}`;
    let row: PaymentRow;
    try {
      row = await this.payments.insert({
        reference,
        job_id: jobId,
        company_id: caller.sub,
        poster_id: job.posted_by,
        amount_kobo: amountKobo,
        currency: 'NGN',
        provider: this.provider.name,
        status: 'pending',
        created_at: this.settings.now(),
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request of this company started a checkout for this job at the same moment.
      const again = (await this.payments.forJobAndCompany(jobId, caller.sub)).find(
        (p) => p.status === 'pending',
      );
      if (again?.authorization_url) return { kind: 'pending', payment: again, job };
      throw conflict(PAYMENT_MESSAGES.paymentStarting, 'PAYMENT_STARTING');
    }

    let checkout: { authorizationUrl: string; accessCode: string | null };
    try {
      checkout = await this.provider.initialize({
        reference,
        amountKobo,
        currency: 'NGN',
        email: email ?? this.#fallbackEmail(caller.sub),
        callbackUrl: this.callbackUrl(),
        metadata: { paymentId: row.id, jobId, companyId: caller.sub },
      });
    } catch (err) {
      this.logger.error({ err, reference }, MESSAGES.failedToInitializePayment);
      await this.payments.update(row.id, {
        status: 'failed',
        failed_at: this.settings.now(),
        failure_reason: 'initialize-failed',
      });
      throw new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', PAYMENT_MESSAGES.couldNotStartPayment);
    }

    const saved = await this.db.transaction().execute(async (trx) => {
      const updated = await new PaymentsRepository(trx).update(row.id, {
        authorization_url: checkout.authorizationUrl,
        access_code: checkout.accessCode,
      });
      await publishEvent(
        trx,
        'payments.unlock.initiated',
        { paymentId: updated.id, reference, jobId, companyId: caller.sub },
        { correlationId },
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
    const age = this.settings.now().getTime() - pending.created_at.getTime();
    if (pending.authorization_url && age < this.settings.pendingReuseMs)
      return { kind: 'pending', payment: pending };
    if (!pending.authorization_url && age < STARTING_GRACE_MS) {
      throw conflict(PAYMENT_MESSAGES.paymentStarting, 'PAYMENT_STARTING');
    }
    let settled = pending;
    try {
      settled = await this.confirm(pending, 'initialize', correlationId);
    } catch (err) {
      if (!(err instanceof ProviderError && err.kind === 'not-found'))
        throw providerFailure(err, PAYMENT_MESSAGES.couldNotStartPayment);
    }
    if (settled.status === 'paid') return { kind: 'paid', payment: settled };
    if (settled.status === 'pending') await this.#fail(settled, 'superseded', 'initialize', correlationId);
    return undefined;
  }

  #fallbackEmail(companyId: string): string {
    const host = this.settings.publicUrl ? new URL(this.settings.publicUrl).hostname : 'marketplace.local';
    return `company-${companyId}@${host.includes('.') ? host : `${host}.local`}`;
  }

  // ------------------------------------------------------------------------------------------------
  // Verify (POST /api/jobs/verifyPayment), webhook and reconciliation: one confirmation path

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
    const payment = await this.payments.findByReference(ref);
    if (!payment) throw notFound(MESSAGES.invalidPaymentReference);
    if (payment.company_id !== caller.sub && caller.type !== 'admin') {
      throw forbidden(PAYMENT_MESSAGES.notYourPayment);
    }
    try {
      return await this.confirm(payment, 'callback', correlationId);
    } catch (err) {
      // The provider has no such transaction (its checkout never opened): nothing to settle yet.
      if (err instanceof ProviderError && err.kind === 'not-found') return payment;
      throw providerFailure(err, MESSAGES.errorVerifyingPayment);
    }
  }

  /**
   * Settles a payment that is not final (pending, or failed: a payer may retry on the provider's page
   * and succeed) with what the provider says now. Paid and refunded payments are final: returned as
   * they are, so any number of callbacks, webhooks and reconciliation rounds give one unlock.
   */
  async confirm(payment: PaymentRow, via: Via, correlationId: string): Promise<PaymentRow> {
    if (payment.status === 'paid' || payment.status === 'refunded') return payment;
    const transaction = await this.provider.verify(payment.reference);
    return this.#settle(payment, transaction, via, correlationId);
  }

  async #settle(
    payment: PaymentRow,
    tx: ProviderTransaction,
    via: Via,
    correlationId: string,
  ): Promise<PaymentRow> {
    const mismatch =
      tx.reference !== payment.reference ||
      (tx.status === 'success' &&
        (tx.amountKobo !== payment.amount_kobo || tx.currency !== payment.currency));
    if (mismatch) {
      // Only the exact amount and currency we asked for, for our reference, unlocks anything.
      await this.security.record('verify-mismatch', {
        reference: payment.reference,
        detail: {
          via,
          providerReference: tx.reference,
          amount: tx.amountKobo,
          expectedAmount: payment.amount_kobo,
          currency: tx.currency,
          expectedCurrency: payment.currency,
        },
      });
      return payment;
    }
    if (tx.status === 'pending') return payment;
    if (tx.status === 'failed') {
      if (payment.status !== 'pending') return payment;
      return this.#fail(payment, tx.providerStatus, via, correlationId);
    }

    const now = this.settings.now();
    const cap = this.settings.unlockCap;
    const settled = await this.db.transaction().execute(async (trx) => {
      const payments = new PaymentsRepository(trx);
      // The job row first: confirmations for one job take turns, so the cap holds under a race.
      const job = await new JobsReadModel(trx).lock(payment.job_id);
      const locked = await payments.lockById(payment.id);
      if (!locked || locked.status === 'paid' || locked.status === 'refunded') return locked ?? payment;
      const fromProvider = {
        provider_paid_at: tx.paidAt ?? now,
        provider_transaction_id: tx.providerId,
        verified_via: via,
        failed_at: null,
        failure_reason: null,
      };
      const problem: RefundReason | null = (await payments.hasOtherPaid(
        locked.job_id,
        locked.company_id,
        locked.id,
      ))
        ? 'duplicate'
        : !job || !unlockable(job)
          ? 'job-unavailable'
          : (await payments.countPaid(locked.job_id)) >= cap
            ? 'job-full'
            : null;
      if (problem) {
        // Paid, but it cannot become an unlock: the money goes back at once.
        const refunded = await payments.update(locked.id, {
          ...fromProvider,
          status: 'refunded',
          refunded_at: now,
          refund_reason: problem,
          refund_state: 'pending',
          refund_next_at: now,
        });
        if (locked.status === 'pending') await this.#publishFailed(trx, refunded, correlationId);
        await this.#publishRefunded(trx, refunded, correlationId);
        return refunded;
      }
      const paid = await payments.update(locked.id, {
        ...fromProvider,
        status: 'paid',
        paid_at: now,
        // The terms shown before this payment promised the no-reply refund.
        no_reply_due_at: new Date(now.getTime() + this.settings.unlockRefundHours * HOUR),
      });
      await publishEvent(
        trx,
        'payments.unlock.paid',
        {
          paymentId: paid.id,
          reference: paid.reference,
          jobId: paid.job_id,
          companyId: paid.company_id,
          posterId: paid.poster_id,
          amount: paid.amount_kobo,
          currency: paid.currency,
          paidAt: now.toISOString(),
        },
        { correlationId },
      );
      return paid;
    });
    if (settled.status === 'refunded' && settled.refund_reason !== 'admin') {
      this.logger.warn(
        { reference: settled.reference, reason: settled.refund_reason },
        'paid unlock could not be granted; refunding',
      );
    }
    return settled;
  }

  async #fail(payment: PaymentRow, reason: string, via: Via, correlationId: string): Promise<PaymentRow> {
    return this.db.transaction().execute(async (trx) => {
      const payments = new PaymentsRepository(trx);
      const locked = await payments.lockById(payment.id);
      if (!locked || locked.status !== 'pending') return locked ?? payment;
      const failed = await payments.update(locked.id, {
        status: 'failed',
        failed_at: this.settings.now(),
        failure_reason: reason,
        verified_via: via,
      });
      await this.#publishFailed(trx, failed, correlationId);
      return failed;
    });
  }

  /** Jobs shows 'Payment Pending' from `initiated`; a payment announced so is announced failed too. */
  async #publishFailed(trx: Kysely<PaymentsDatabase>, payment: PaymentRow, correlationId: string) {
    if (!payment.authorization_url) return;
    await publishEvent(
      trx,
      'payments.unlock.failed',
      {
        paymentId: payment.id,
        reference: payment.reference,
        jobId: payment.job_id,
        companyId: payment.company_id,
      },
      { correlationId },
    );
  }

  async #publishRefunded(trx: Kysely<PaymentsDatabase>, payment: PaymentRow, correlationId: string) {
    await publishEvent(
      trx,
      'payments.unlock.refunded',
      {
        paymentId: payment.id,
        reference: payment.reference,
        jobId: payment.job_id,
        companyId: payment.company_id,
        posterId: payment.poster_id,
        amount: payment.amount_kobo,
        currency: payment.currency,
        reason: payment.refund_reason ?? 'admin',
        unlocked: payment.paid_at !== null,
        refundedAt: (payment.refunded_at ?? this.settings.now()).toISOString(),
      },
      { correlationId },
    );
  }

  // ------------------------------------------------------------------------------------------------
  // Webhook (POST /api/payments/webhook)

  async webhook(
    rawBody: Buffer,
    signature: string | undefined,
    ip: string,
    correlationId: string,
  ): Promise<WebhookOutcome> {
    const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
    if (!this.provider.verifyWebhookSignature(rawBody, signature)) {
      await this.security.record('webhook-bad-signature', {
        ip,
        detail: { bodySha256, length: rawBody.length, signaturePresent: Boolean(signature) },
      });
      return { statusCode: 401, message: PAYMENT_MESSAGES.webhookBadSignature };
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      body = undefined;
    }
    const event = isRecord(body) && typeof body.event === 'string' ? body.event : undefined;
    const data = isRecord(body) && isRecord(body.data) ? body.data : undefined;
    if (!event || !data) {
      await this.security.record('webhook-malformed', { ip, detail: { bodySha256 } });
      return { statusCode: 400, message: 'The notification is not valid JSON with event and data.' };
    }
    if (await this.#received(bodySha256)) {
      await this.security.record('webhook-replay', {
        ip,
        reference: typeof data.reference === 'string' ? data.reference : null,
        detail: { event, bodySha256 },
      });
      return { statusCode: 200, message: PAYMENT_MESSAGES.webhookReceived };
    }

    if (event === 'charge.success') {
      const reference = typeof data.reference === 'string' ? data.reference : '';
      const payment = REFERENCE_PATTERN.test(reference)
        ? await this.payments.findByReference(reference)
        : undefined;
      if (!payment) {
        await this.security.record('webhook-unknown-reference', {
          ip,
          reference,
          detail: { event, bodySha256 },
        });
      } else if (
        data.status !== 'success' ||
        data.amount !== payment.amount_kobo ||
        data.currency !== payment.currency
      ) {
        await this.security.record('webhook-mismatch', {
          ip,
          reference,
          detail: {
            event,
            status: typeof data.status === 'string' ? data.status : null,
            amount: typeof data.amount === 'number' ? data.amount : null,
            expectedAmount: payment.amount_kobo,
            currency: typeof data.currency === 'string' ? data.currency : null,
            expectedCurrency: payment.currency,
          },
        });
      } else {
        // The notification only says "look": the provider's verify answer decides, as for the callback.
        try {
          await this.confirm(payment, 'webhook', correlationId);
        } catch (err) {
          if (err instanceof ProviderError && err.kind === 'unavailable') {
            // Not recorded as received: the provider delivers it again, and that is no replay.
            this.logger.warn({ err, reference }, 'webhook: provider unavailable for verification');
            return { statusCode: 503, message: MESSAGES.errorVerifyingPayment };
          }
          this.logger.warn({ err, reference }, 'webhook: verification refused');
        }
      }
    } else if (event === 'refund.processed' || event === 'refund.failed') {
      const reference = typeof data.transaction_reference === 'string' ? data.transaction_reference : '';
      if (REFERENCE_PATTERN.test(reference)) {
        await this.payments.setRefundStateByReference(
          reference,
          event === 'refund.processed' ? 'processed' : 'failed',
          event === 'refund.failed' ? 'the provider reported the refund failed' : null,
        );
        if (event === 'refund.failed') this.logger.error({ reference }, 'refund failed at the provider');
      }
    }
    await this.db
      .insertInto('webhook_receipts')
      .values({ body_sha256: bodySha256, event: event.slice(0, 100), reference: null })
      .onConflict((oc) => oc.column('body_sha256').doNothing())
      .execute();
    return { statusCode: 200, message: PAYMENT_MESSAGES.webhookReceived };
  }

  async #received(bodySha256: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('webhook_receipts')
      .select('body_sha256')
      .where('body_sha256', '=', bodySha256)
      .executeTakeFirst();
    return row !== undefined;
  }

  // ------------------------------------------------------------------------------------------------
  // Refunds

  /**
   * Dead-lead refund, inside the transaction of the jobs event that removed the job: every paid unlock
   * of it becomes a refund (the provider is asked right after commit, and again until it accepts).
   */
  async refundPaidUnlocks(
    trx: Kysely<PaymentsDatabase>,
    jobId: string,
    reason: 'job-deleted' | 'job-hidden',
    correlationId: string,
  ) {
    const payments = new PaymentsRepository(trx);
    const now = this.settings.now();
    for (const paid of await payments.lockPaidForJob(jobId)) {
      const refunded = await payments.update(paid.id, {
        status: 'refunded',
        refunded_at: now,
        refund_reason: reason,
        refund_state: 'pending',
        refund_next_at: now,
      });
      await this.#publishRefunded(trx, refunded, correlationId);
    }
  }

  /** An admin's refund of a paid unlock, with the admin's reason. */
  async adminRefund(paymentId: string, reason: string, correlationId: string): Promise<PaymentRow> {
    if (!isUuid(paymentId)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    const payment = await this.payments.findById(paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    const now = this.settings.now();
    await this.db.transaction().execute(async (trx) => {
      const payments = new PaymentsRepository(trx);
      await new JobsReadModel(trx).lock(payment.job_id);
      const locked = await payments.lockById(payment.id);
      if (locked?.status === 'refunded') throw conflict(PAYMENT_MESSAGES.alreadyRefunded, 'ALREADY_REFUNDED');
      if (!locked || locked.status !== 'paid')
        throw conflict(PAYMENT_MESSAGES.onlyPaidCanBeRefunded, 'NOT_PAID');
      const refunded = await payments.update(locked.id, {
        status: 'refunded',
        refunded_at: now,
        refund_reason: 'admin',
        refund_note: reason,
        refund_state: 'pending',
        refund_next_at: now,
      });
      await this.#publishRefunded(trx, refunded, correlationId);
    });
    // Ask the provider now (the round started by the commit, if one is running, takes it along).
    await this.processRefunds();
    return (await this.payments.findById(payment.id)) as PaymentRow;
  }

  /** Start (or repeat) the provider refunds that are due; called after commits that decided refunds. */
  kickRefunds(): void {
    void this.processRefunds().catch((err) => this.logger.error({ err }, 'refund round failed'));
  }

  /**
   * Asks the provider for every refund that is due, one round at a time. A call while a round runs gets
   * the next round (started when that one ends, shared by every caller meanwhile), so a refund decided
   * just before the call is always included. Returns the attempts made.
   */
  processRefunds(): Promise<number> {
    if (!this.#refunds) {
      this.#refunds = this.#refundRound().finally(() => (this.#refunds = undefined));
      return this.#refunds;
    }
    this.#nextRefunds ??= this.#refunds
      .catch(() => 0)
      .then(() => {
        this.#nextRefunds = undefined;
        return this.processRefunds();
      });
    return this.#nextRefunds;
  }

  async #refundRound(): Promise<number> {
    let attempts = 0;
    if (this.#closed) return attempts;
    const due = await this.payments.refundsDue(this.settings.now(), 50);
    for (const { id } of due) {
      if (this.#closed) break;
      if (await this.#refundOne(id)) attempts += 1;
    }
    return attempts;
  }

  async #refundOne(id: string): Promise<boolean> {
    const now = this.settings.now();
    // A lease: another instance leaves it alone while this one asks the provider.
    const claimed = await this.payments.claimRefund(id, now, new Date(now.getTime() + 5 * MINUTE));
    if (!claimed) return false;
    const reason = (claimed.refund_reason ?? 'admin') as RefundReason;
    try {
      const outcome = await this.provider.refund({
        reference: claimed.reference,
        amountKobo: claimed.amount_kobo,
        customerNote: REFUND_REASON_MESSAGES[reason] ?? REFUND_REASON_MESSAGES.admin,
        merchantNote:
          `Unlock refund (${reason})${claimed.refund_note ? `: ${claimed.refund_note}` : ''}`.slice(0, 500),
      });
      await this.payments.update(id, {
        refund_state: outcome === 'queued' ? 'queued' : 'processed',
        refund_error: null,
        refund_next_at: null,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof ProviderError && err.kind !== 'unavailable') {
        this.logger.error(
          { err, reference: claimed.reference },
          'the provider refused a refund; an admin must look',
        );
        await this.payments.update(id, {
          refund_state: 'failed',
          refund_error: message.slice(0, 500),
          refund_next_at: null,
        });
      } else {
        const delay = Math.min(60 * MINUTE, 30_000 * 2 ** Math.min(claimed.refund_attempts, 7));
        this.logger.warn({ err, reference: claimed.reference }, 'refund not accepted yet; will retry');
        await this.payments.update(id, {
          refund_error: message.slice(0, 500),
          refund_next_at: new Date(now.getTime() + delay),
        });
      }
    }
    return true;
  }

  // ------------------------------------------------------------------------------------------------
  // The no-reply refund (no-reply.ts)

  /**
   * Inside the transaction of a consumed `chat.message.sent` the poster wrote: remembers the poster's
   * first answer on the company's paid unlock of the job, and lifts the unlock's no-reply deadline when
   * the answer was sent by then. An answer sent after the deadline lifts nothing, also when it arrives
   * before the reconciliation has refunded: the outcome depends on when the poster wrote, never on when
   * a round happened to run. Applying the same answer again changes nothing.
   */
  async recordPosterAnswer(trx: Kysely<PaymentsDatabase>, answer: PosterAnswer): Promise<void> {
    const payments = new PaymentsRepository(trx);
    const paid = await payments.lockPaid(answer.jobId, answer.companyId);
    if (!paid) return; // refunded meanwhile, or not an unlock of ours
    if (paid.poster_id !== answer.posterId) {
      this.logger.warn(
        { reference: paid.reference, posterId: answer.posterId },
        'chat message names another poster than the unlock; ignored',
      );
      return;
    }
    const first =
      paid.poster_answered_at && paid.poster_answered_at <= answer.sentAt
        ? paid.poster_answered_at
        : answer.sentAt;
    const inTime = paid.no_reply_due_at !== null && answer.sentAt <= paid.no_reply_due_at;
    if (first === paid.poster_answered_at && !inTime) return;
    await payments.update(paid.id, {
      poster_answered_at: first,
      ...(inTime ? { no_reply_due_at: null } : {}),
    });
  }

  /**
   * Refunds the paid unlocks whose deadline passed (plus ANSWER_GRACE_MS for answers on their way)
   * without an answer sent in time: in a transaction with `payments.unlock.refunded`, the provider asked
   * after the commit, like every refund. Returns how many were refunded.
   */
  async #refundUnanswered(correlationId: string): Promise<number> {
    const reason = NO_REPLY_REASON;
    const now = this.settings.now();
    const cutoff = new Date(now.getTime() - ANSWER_GRACE_MS);
    const batch = 50;
    let refunded = 0;
    for (;;) {
      const due = await this.payments.noReplyDue(cutoff, batch);
      let progress = 0;
      for (const { id, job_id: jobId } of due) {
        if (this.#closed) return refunded;
        const done = await this.db.transaction().execute(async (trx) => {
          const payments = new PaymentsRepository(trx);
          const job = await new JobsReadModel(trx).lock(jobId);
          // The poster moved the job on since the list was read: not a dead lead.
          if (job && job.status !== 'open') return false;
          const locked = await payments.lockById(id);
          // An answer recorded (or another refund decided) since the list was read wins.
          if (locked?.status !== 'paid' || !locked.no_reply_due_at || locked.no_reply_due_at > cutoff) {
            return false;
          }
          const row = await payments.update(locked.id, {
            status: 'refunded',
            refunded_at: now,
            refund_reason: reason,
            refund_state: 'pending',
            refund_next_at: now,
          });
          await this.#publishRefunded(trx, row, correlationId);
          return true;
        });
        if (done) {
          progress += 1;
          this.logger.info({ paymentId: id }, 'no answer from the poster in time; unlock refunded');
        }
      }
      refunded += progress;
      if (due.length < batch || progress === 0) return refunded;
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Reconciliation

  /**
   * Re-verifies payments left pending (lost callback, closed tab, webhook never came) so no company pays
   * without getting its unlock; fails those the provider still has not settled after the expiry; refunds
   * unlocks whose poster did not answer in time (while the no-reply rule applies); retries refunds the
   * provider has not accepted yet.
   */
  async reconcile(correlationId = `reconcile-${randomUUID()}`): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = {
      checked: 0,
      paid: 0,
      failed: 0,
      expired: 0,
      refunded: 0,
      stillPending: 0,
      errors: 0,
      noReplyRefunded: 0,
      refundAttempts: 0,
    };
    const now = this.settings.now();
    const due = await this.payments.pendingCreatedBefore(
      new Date(now.getTime() - this.settings.pendingVerifyAfterMs),
      100,
    );
    for (const pending of due) {
      if (this.#closed) break;
      summary.checked += 1;
      let settled: PaymentRow;
      try {
        settled = await this.confirm(pending, 'reconcile', correlationId);
      } catch (err) {
        if (!(err instanceof ProviderError && err.kind === 'not-found')) {
          summary.errors += 1;
          this.logger.warn({ err, reference: pending.reference }, 'reconcile: provider unavailable');
          continue;
        }
        settled = pending;
      }
      if (
        settled.status === 'pending' &&
        now.getTime() - pending.created_at.getTime() >= this.settings.pendingExpireAfterMs
      ) {
        settled = await this.#fail(settled, 'expired', 'reconcile', correlationId);
        if (settled.status === 'failed') {
          summary.expired += 1;
          continue;
        }
      }
      if (settled.status === 'paid') summary.paid += 1;
      else if (settled.status === 'failed') summary.failed += 1;
      else if (settled.status === 'refunded') summary.refunded += 1;
      else summary.stillPending += 1;
    }
    summary.noReplyRefunded = await this.#refundUnanswered(correlationId);
    summary.refundAttempts = await this.processRefunds();
    return summary;
  }

  close(): void {
    this.#closed = true;
  }

  async idle(): Promise<void> {
    await this.#nextRefunds?.catch(() => undefined);
    await this.#refunds?.catch(() => undefined);
  }
}

/** Open, not deleted, not hidden. */
function unlockable(job: JobRow): boolean {
  return !job.deleted_at && !job.hidden && job.status !== 'completed';
}

function assertUnlockable(job: JobRow, paidCount: number, cap: number): void {
  if (job.deleted_at || job.hidden) throw conflict(PAYMENT_MESSAGES.jobUnavailable, 'JOB_UNAVAILABLE');
  if (job.status === 'completed') throw conflict(PAYMENT_MESSAGES.jobCompleted, 'JOB_COMPLETED');
  if (paidCount >= cap) throw conflict(jobFullMessage(cap), 'JOB_FULL');
}

/** A provider that cannot be reached is the service's 502, with the message the client shows. */
function providerFailure(err: unknown, message: string): unknown {
  if (err instanceof ProviderError) return new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', message);
  return err;
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
