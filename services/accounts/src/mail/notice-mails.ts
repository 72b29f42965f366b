import { MailOutbox, type MailSendOutcome } from '@marketplace/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccountsDatabase, NoticeMailsTable } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';
import type { Mailer, OutgoingMail } from './mailer';
import { PAYMENT_METHOD_LABELS, formatKobo, type PaymentMethod } from '@marketplace/contracts';
import {
  chatReminderMail,
  companyVerificationMail,
  disputeDecidedMail,
  jobAlertDigestMail,
  jobAlertMail,
  paymentConfirmedMail,
  paymentExpiredMail,
  paymentRefundedMail,
  type JobAlertMailJob,
} from './templates';

export type NoticeMailRow = Selectable<NoticeMailsTable>;

/** What a chat reminder says (from `chat.reminder.due`). */
export interface ChatReminderData {
  chatId: string;
  jobId: string;
  counterpartName: string;
  jobTitle: string;
  unreadCount: number;
  firstUnreadAt: string;
}

/** The payment a notice is about. */
interface NoticedPayment {
  paymentId: string;
  reference: string;
  jobId: string;
  jobTitle: string | null;
  amount: number;
  currency: string;
}

/** What a payment notice says (from `payments.unlock.confirmed` / `payments.unlock.expired`). */
export interface PaymentNoticeData extends NoticedPayment {
  /** Confirmed: how it was paid (PaymentMethod). */
  method?: string;
  /** Expired: the window it had, in minutes (from the event, never assumed). */
  windowMinutes?: number;
}

/** What a refund's notice says (from `payments.unlock.refunded`, but for a dispute's, which its decision tells). */
export interface RefundNoticeData extends NoticedPayment {
  /** One of REFUND_REASONS; a reason this version does not know gets the general words. */
  reason: string;
}

/** What a dispute's decision notice says (from `payments.dispute.decided`). */
export interface DisputeDecidedData {
  disputeId: string;
  reference: string;
  jobTitle: string | null;
  amount: number;
  currency: string;
  outcome: 'refunded' | 'rejected';
  rejectionReason: string | null;
}

/** A job as alert mails list it (no poster details). */
export interface AlertedJobData {
  jobId: string;
  jobHeading: string;
  category: string;
  state: string | null;
}

/** What a job alert mail says (one job at once, or a day's digest), and the company's unsubscribe signature. */
export interface JobAlertData {
  jobs: AlertedJobData[];
  /** Matching jobs beyond the digest's list. */
  more: number;
  unsubscribeSignature: string;
}

/** What a verification decision's notice says. */
export interface CompanyVerificationData {
  requestId: string;
  decision: 'approved' | 'refused' | 'revoked';
  reason: string | null;
}

export type NewNotice = {
  userId: string;
  /** One notice per key, whatever events carry it. */
  dedupeKey: string;
} & (
  | { kind: 'chat-reminder'; data: ChatReminderData }
  | { kind: 'payment-confirmed' | 'payment-expired'; data: PaymentNoticeData }
  | { kind: 'payment-refunded'; data: RefundNoticeData }
  | { kind: 'dispute-decided'; data: DisputeDecidedData }
  | { kind: 'job-alert' | 'job-alert-digest'; data: JobAlertData }
  | { kind: 'company-verification'; data: CompanyVerificationData }
);

/** A job's page: the jobs search opens the job named by `job`. */
export function jobLink(publicUrl: string, jobId: string): string {
  return `${publicUrl}/jobs?job=${encodeURIComponent(jobId)}`;
}

/** The one-click link that stops job alert e-mails (signed by the jobs service). */
export function alertUnsubscribeLink(publicUrl: string, companyId: string, signature: string): string {
  const query = new URLSearchParams({ company: companyId, signature });
  return `${publicUrl}/api/jobs/alerts/unsubscribe?${query}`;
}

/** The page of a conversation (the shell's /chat route selects it from `chat`). */
export function chatLink(publicUrl: string, chatId: string): string {
  return `${publicUrl}/chat?chat=${encodeURIComponent(chatId)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A notice not sent within this time is dropped: a day-old reminder helps nobody. */
export const NOTICE_MAX_AGE_MS = 24 * HOUR;
/** Sent and dropped notices are kept this long (they keep late duplicates out), then deleted. */
const RETENTION_DAYS = 30;

export interface NoticeMailsOptions {
  db: Kysely<AccountsDatabase>;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  retryIntervalMs: number;
  /** PUBLIC_URL without a trailing slash: the links in notices; without it notices carry no link. */
  publicUrl: string | undefined;
}

/**
 * Mails to members caused by other services' events, through the kit's mail outbox. `enqueue` stores a
 * notice in the consumer's transaction (so the inbox makes a redelivered event mail once, and a
 * duplicate key mails once too); it is sent right after that transaction commits, and retried with
 * back-off (1, 2, 4 ... minutes, at most an hour apart: a notice older than a day is dropped anyway) by a
 * sweep (at start, then periodically) when sending fails. Each mail is rendered when it is sent, to the
 * member's address of that moment; a member deleted meanwhile gets nothing.
 */
export class NoticeMails {
  readonly #options: NoticeMailsOptions;
  readonly #outbox: MailOutbox<NoticeMailRow>;
  #warnedNoLink = false;

  constructor(options: NoticeMailsOptions) {
    this.#options = options;
    this.#outbox = new MailOutbox<NoticeMailRow>({
      db: options.db,
      table: 'notice_mails',
      name: 'accounts.notice-mails',
      label: 'notice mail',
      idField: 'noticeId',
      droppable: true,
      logger: options.logger,
      retryIntervalMs: options.retryIntervalMs,
      retry: { baseMs: MINUTE, maxMs: 60 * MINUTE },
      send: (row) => this.#send(row),
      // Sent and dropped notices are kept a while (they keep late duplicates out), then deleted.
      afterSweep: async () => {
        await options.db
          .deleteFrom('notice_mails')
          .where('created_at', '<', sql<Date>`now() - make_interval(days => ${RETENTION_DAYS})`)
          .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('dropped_at', 'is not', null)]))
          .execute();
      },
    });
  }

  /**
   * Stores a notice inside `trx` (the consumer's transaction); returns its id, or undefined when a notice
   * with the key exists already. The mail goes out once the transaction has committed.
   */
  async enqueue(trx: Kysely<AccountsDatabase>, notice: NewNotice): Promise<string | undefined> {
    const row = await trx
      .insertInto('notice_mails')
      .values({
        user_id: notice.userId,
        kind: notice.kind,
        dedupe_key: notice.dedupeKey,
        data: JSON.stringify(notice.data),
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return undefined;
    await this.#outbox.deliverAfterCommit(trx, row.id);
    return row.id;
  }

  /** Sends every due notice; returns how many were sent. */
  sweep(): Promise<number> {
    return this.#outbox.sweep();
  }

  start(): void {
    this.#outbox.start();
  }

  stop(): Promise<void> {
    return this.#outbox.stop();
  }

  /** Renders and sends one claimed notice, or says why it is dropped. */
  async #send(row: NoticeMailRow): Promise<MailSendOutcome> {
    const { db, mailer } = this.#options;
    const member = await new UsersRepository(db).findById(row.user_id);
    if (!member?.email.includes('@')) return { drop: 'the member was deleted or has no e-mail address' };
    if (Date.now() - row.created_at.getTime() > NOTICE_MAX_AGE_MS) {
      return { drop: 'not sent in time; too old to be useful' };
    }
    await mailer.send(this.#render(row, member));
    return { transport: mailer.transport };
  }

  #render(row: NoticeMailRow, member: UserRow): OutgoingMail {
    const { publicUrl } = this.#options;
    if (!publicUrl && !this.#warnedNoLink) {
      this.#warnedNoLink = true;
      this.#options.logger.warn('notice mails go out without links: set PUBLIC_URL');
    }
    if (row.kind === 'company-verification') {
      const decision = row.data as unknown as CompanyVerificationData;
      return companyVerificationMail({
        to: member.email,
        name: member.name,
        decision: decision.decision,
        reason: decision.reason,
        link: publicUrl ? `${publicUrl}/edit-profile` : undefined,
        verified: member.email_verified_at !== null,
      });
    }
    // A mail about one payment: to the company, about its job, the amount as people read it, its
    // reference, and the dashboard where it shows.
    const aboutPayment = (
      payment: Pick<PaymentNoticeData, 'jobTitle' | 'amount' | 'currency' | 'reference'>,
    ) => ({
      to: member.email,
      name: member.name,
      jobTitle: payment.jobTitle,
      amount: formatKobo(payment.amount, payment.currency),
      reference: payment.reference,
      link: publicUrl ? `${publicUrl}/dashboard` : undefined,
      verified: member.email_verified_at !== null,
    });
    if (row.kind === 'dispute-decided') {
      const decision = row.data as unknown as DisputeDecidedData;
      return disputeDecidedMail({
        ...aboutPayment(decision),
        outcome: decision.outcome,
        rejectionReason: decision.rejectionReason,
      });
    }
    if (row.kind === 'payment-refunded') {
      const refund = row.data as unknown as RefundNoticeData;
      return paymentRefundedMail({ ...aboutPayment(refund), reason: refund.reason });
    }
    if (row.kind === 'payment-confirmed' || row.kind === 'payment-expired') {
      const payment = row.data as unknown as PaymentNoticeData;
      const input = aboutPayment(payment);
      if (row.kind === 'payment-expired') {
        return paymentExpiredMail({ ...input, windowMinutes: payment.windowMinutes ?? 0 });
      }
      const method = PAYMENT_METHOD_LABELS[payment.method as PaymentMethod] as string | undefined;
      return paymentConfirmedMail({ ...input, ...(method ? { method } : {}) });
    }
    if (row.kind === 'job-alert' || row.kind === 'job-alert-digest') {
      const alert = row.data as unknown as JobAlertData;
      const jobs: JobAlertMailJob[] = alert.jobs.map((job) => ({
        jobHeading: job.jobHeading,
        category: job.category,
        state: job.state,
        link: publicUrl ? jobLink(publicUrl, job.jobId) : undefined,
      }));
      const unsubscribeLink = publicUrl
        ? alertUnsubscribeLink(publicUrl, member.id, alert.unsubscribeSignature)
        : undefined;
      return row.kind === 'job-alert'
        ? jobAlertMail({ to: member.email, name: member.name, job: jobs[0]!, unsubscribeLink })
        : jobAlertDigestMail({
            to: member.email,
            name: member.name,
            jobs,
            more: alert.more,
            unsubscribeLink,
          });
    }
    const data = row.data as unknown as ChatReminderData;
    return chatReminderMail({
      to: member.email,
      name: member.name,
      counterpartName: data.counterpartName,
      jobTitle: data.jobTitle,
      unreadCount: data.unreadCount,
      link: publicUrl ? chatLink(publicUrl, data.chatId) : undefined,
      verified: member.email_verified_at !== null,
    });
  }
}

/** Erases the notices of an account (its deletion): what they say is about the member. */
export async function deleteNoticesOf(trx: Kysely<AccountsDatabase>, userId: string): Promise<void> {
  await trx.deleteFrom('notice_mails').where('user_id', '=', userId).execute();
  await trx.deleteFrom('job_alert_digest_items').where('user_id', '=', userId).execute();
}
