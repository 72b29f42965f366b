import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ALERT_LIMITS,
  isCategoryName,
  isNigerianState,
  isSubcategoryName,
  type JobAlertPreferences,
  type Notification,
} from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { AlertEmailValue, JobsDatabase } from '../db-types';

/** A company whose alert matched a job and who wants e-mail about it. */
export interface MailedRecipient {
  companyId: string;
  email: Exclude<AlertEmailValue, 'none'>;
}

/** The job an alert fan-out is about, as the event and the mails describe it (no contact details). */
export interface AlertedJob {
  id: string;
  jobHeading: string;
  category: string;
  subcategory: string[];
  state: string | null;
  createdAt: Date;
}

/** Notices about the company's money (payments' events); the rest are about jobs and hires. */
export const PAYMENT_NOTICE_KINDS = [
  'payment-confirmed',
  'payment-expired',
  'dispute-decided',
  'payment-refunded',
] as const;
/** Notices about the company's money that stay when their job is deleted or hidden (they open the dashboard). */
const KEPT_AFTER_THE_JOB: Notification['kind'][] = ['dispute-decided', 'payment-refunded'];
export type PaymentNoticeKind = (typeof PAYMENT_NOTICE_KINDS)[number];

/** What a payment or dispute notice keeps (in `notifications.data`): what the event said, no contact. */
export interface PaymentNotice {
  kind: PaymentNoticeKind;
  companyId: string;
  jobId: string;
  /** The payment (confirmed, expired) or dispute (decided) it is about: a redelivery changes nothing. */
  source: string;
  amount: number;
  currency: string;
  windowMinutes?: number;
  outcome?: 'refunded' | 'rejected';
  rejectionReason?: string | null;
  refundReason?: string;
  at: Date;
}

type PaymentNoticeFields = Pick<
  Notification,
  'amount' | 'currency' | 'windowMinutes' | 'outcome' | 'rejectionReason' | 'refundReason'
>;

/** The stored `data` of a payment notice back as the list's fields (anything malformed left out). */
function paymentFieldsOf(data: unknown): PaymentNoticeFields {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const fields: PaymentNoticeFields = {};
  if (Number.isInteger(d.amount) && (d.amount as number) >= 0) fields.amount = d.amount as number;
  if (typeof d.currency === 'string') fields.currency = d.currency;
  if (Number.isInteger(d.windowMinutes) && (d.windowMinutes as number) >= 1) {
    fields.windowMinutes = d.windowMinutes as number;
  }
  if (d.outcome === 'refunded' || d.outcome === 'rejected') fields.outcome = d.outcome;
  if (d.outcome !== undefined) {
    fields.rejectionReason = typeof d.rejectionReason === 'string' ? d.rejectionReason : null;
  }
  if (typeof d.refundReason === 'string') fields.refundReason = d.refundReason;
  return fields;
}

const NO_PREFERENCES: JobAlertPreferences = {
  categories: [],
  subcategories: [],
  states: [],
  email: 'instant',
};

/** Job alert preferences, in-app notifications and the unsubscribe signature. Every query of them. */
export class AlertsRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  async preferencesOf(companyId: string): Promise<JobAlertPreferences> {
    const row = await this.db
      .selectFrom('job_alert_preferences')
      .select(['categories', 'subcategories', 'states', 'email'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) return NO_PREFERENCES;
    // Names the catalogue no longer has are dropped (they could never match a new job).
    return {
      categories: row.categories.filter(isCategoryName),
      subcategories: row.subcategories.filter(isSubcategoryName),
      states: row.states.filter(isNigerianState),
      email: row.email,
    };
  }

  async savePreferences(companyId: string, preferences: JobAlertPreferences): Promise<void> {
    const values = {
      categories: preferences.categories,
      subcategories: preferences.subcategories,
      states: preferences.states,
      email: preferences.email,
    };
    await this.db
      .insertInto('job_alert_preferences')
      .values({ company_id: companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
  }

  /** Stops alert e-mails (the unsubscribe link); the in-app alerts stay. */
  async stopMails(companyId: string): Promise<void> {
    await this.db
      .updateTable('job_alert_preferences')
      .set({ email: 'none', updated_at: sql`now()` })
      .where('company_id', '=', companyId)
      .execute();
  }

  /**
   * One in-app notification for every company whose alert matches the job, in ONE insert-select: only
   * while the job is open, visible, not deleted and not full (`unlockCap` paid unlocks); never to its
   * poster; a category or a sub-category chosen, and the job's state among the chosen ones (none chosen
   * = every state). The unique key (recipient, kind, job) skips companies told already, so a repeated
   * fan-out inserts nothing. Returns the newly told companies that want e-mail, with how.
   */
  async fanOut(
    trx: Kysely<JobsDatabase>,
    jobId: string,
    unlockCap: number,
  ): Promise<{ job: AlertedJob; mailed: MailedRecipient[]; notified: number } | undefined> {
    const job = await trx
      .selectFrom('jobs')
      .select(['id', 'job_heading', 'category', 'subcategory', 'state', 'created_at'])
      .where('id', '=', jobId)
      .where('deleted_at', 'is', null)
      .where('hidden_at', 'is', null)
      .where('status', '=', 'open')
      .where('unlock_count', '<', unlockCap)
      .executeTakeFirst();
    if (!job) return undefined;
    const rows = await trx
      .with('told', (db) =>
        db
          .insertInto('notifications')
          .columns(['recipient_id', 'kind', 'job_id'])
          .expression((eb) =>
            eb
              .selectFrom('job_alert_preferences as p')
              .innerJoin('jobs as j', (join) => join.on('j.id', '=', jobId))
              .select(['p.company_id', sql.lit('job-alert').as('kind'), 'j.id'])
              .whereRef('p.company_id', '<>', 'j.posted_by')
              .where((w) =>
                w.or([
                  w(sql<string>`j.category`, '=', sql<string>`any(p.categories)`),
                  w(sql`j.subcategory && p.subcategories`, '=', sql.lit(true)),
                ]),
              )
              .where((w) =>
                w.or([
                  w(sql`cardinality(p.states)`, '=', 0),
                  w(sql<string>`j.state`, '=', sql<string>`any(p.states)`),
                ]),
              )
              .where('j.deleted_at', 'is', null)
              .where('j.hidden_at', 'is', null)
              .where('j.status', '=', 'open')
              .where('j.unlock_count', '<', unlockCap),
          )
          .onConflict((oc) => oc.columns(['recipient_id', 'kind', 'job_id']).doNothing())
          .returning('recipient_id'),
      )
      .selectFrom('told')
      .innerJoin('job_alert_preferences as p', 'p.company_id', 'told.recipient_id')
      .select(['told.recipient_id as company_id', 'p.email'])
      .execute();
    return {
      job: {
        id: job.id,
        jobHeading: job.job_heading,
        category: job.category,
        subcategory: job.subcategory,
        state: job.state,
        createdAt: job.created_at,
      },
      notified: rows.length,
      mailed: rows
        .filter((row): row is { company_id: string; email: 'instant' | 'daily' } => row.email !== 'none')
        .map((row) => ({ companyId: row.company_id, email: row.email })),
    };
  }

  /**
   * One notice to the paying company about its payment or dispute. The unique key (recipient, kind,
   * job) keeps one notice per kind and job: a later payment or dispute about the same job (a second
   * transfer that expired too) replaces it and comes back unread, while the same payment or dispute
   * again (a redelivered event) changes nothing, not even its read state.
   */
  async notifyPayment(trx: Kysely<JobsDatabase>, notice: PaymentNotice): Promise<void> {
    const data = {
      source: notice.source,
      amount: notice.amount,
      currency: notice.currency,
      ...(notice.windowMinutes !== undefined ? { windowMinutes: notice.windowMinutes } : {}),
      ...(notice.outcome !== undefined
        ? { outcome: notice.outcome, rejectionReason: notice.rejectionReason ?? null }
        : {}),
      ...(notice.refundReason !== undefined ? { refundReason: notice.refundReason } : {}),
    };
    await trx
      .insertInto('notifications')
      .values({
        recipient_id: notice.companyId,
        kind: notice.kind,
        job_id: notice.jobId,
        data: sql`${JSON.stringify(data)}::jsonb`,
        created_at: notice.at,
      })
      .onConflict((oc) =>
        oc
          .columns(['recipient_id', 'kind', 'job_id'])
          .doUpdateSet({
            data: sql`excluded.data`,
            created_at: sql`excluded.created_at`,
            read_at: null,
          })
          .where(sql`notifications.data->>'source'`, 'is distinct from', sql`excluded.data->>'source'`),
      )
      .execute();
  }

  /**
   * The company's newest notifications (of jobs still visible: a job deleted or hidden since drops out,
   * except a dispute's decision and a refund: they are about the company's money and open the dashboard,
   * not the job; a refund often comes because the job was deleted or hidden)
   * and how many are unread.
   */
  async notificationsOf(companyId: string): Promise<{ notifications: Notification[]; unread: number }> {
    const visible = this.db
      .selectFrom('notifications as n')
      .innerJoin('jobs as j', 'j.id', 'n.job_id')
      .leftJoin('members as poster', 'poster.id', 'j.posted_by')
      .where('n.recipient_id', '=', companyId)
      .where((w) =>
        w.or([
          w.and([w('j.deleted_at', 'is', null), w('j.hidden_at', 'is', null)]),
          w('n.kind', 'in', KEPT_AFTER_THE_JOB),
        ]),
      );
    const [rows, count] = await Promise.all([
      visible
        .select([
          'n.id',
          'n.kind',
          'n.job_id',
          'n.created_at',
          'n.read_at',
          'n.data',
          'j.job_heading',
          'j.category',
          'j.subcategory',
          'j.state',
          'poster.name as poster_name',
        ])
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(ALERT_LIMITS.notificationListMax)
        .execute(),
      visible
        .select((eb) => eb.fn.countAll<string>().as('unread'))
        .where('n.read_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      unread: Number(count.unread),
      notifications: rows.map((row) => ({
        _id: row.id,
        kind: row.kind,
        jobId: row.job_id ?? '',
        jobHeading: row.job_heading,
        category: row.category,
        subcategory: row.subcategory,
        state: row.state,
        createdAt: row.created_at.toISOString(),
        read: row.read_at !== null,
        // The poster's name only to the company it hired; no notice carries contact details.
        ...(row.kind === 'offer-accepted' ? { posterName: row.poster_name } : {}),
        ...((PAYMENT_NOTICE_KINDS as readonly string[]).includes(row.kind) ? paymentFieldsOf(row.data) : {}),
      })),
    };
  }

  /** Marks the company's own notifications read (the ids given, or all); others' ids change nothing. */
  async markRead(companyId: string, ids: string[] | 'all'): Promise<void> {
    let update = this.db
      .updateTable('notifications')
      .set({ read_at: sql`now()` })
      .where('recipient_id', '=', companyId)
      .where('read_at', 'is', null);
    if (ids !== 'all') {
      if (ids.length === 0) return;
      update = update.where('id', 'in', ids);
    }
    await update.execute();
  }

  /** An erased account's alerts and notices go with it. */
  async eraseOf(trx: Kysely<JobsDatabase>, memberId: string): Promise<void> {
    await trx.deleteFrom('job_alert_preferences').where('company_id', '=', memberId).execute();
    await trx.deleteFrom('notifications').where('recipient_id', '=', memberId).execute();
  }

  /** The HMAC key of unsubscribe links (made by the migration, one for every replica). */
  async signingKey(): Promise<string> {
    const row = await this.db.selectFrom('alert_signing_key').select('secret').executeTakeFirstOrThrow();
    return row.secret;
  }

  /** The HMAC-SHA256 of the company id (base64url, 43 characters): the unsubscribe link's signature. */
  async signatureFor(companyId: string): Promise<string> {
    return unsubscribeSignature(await this.signingKey(), companyId);
  }

  async verifySignature(companyId: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(unsubscribeSignature(await this.signingKey(), companyId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

export function unsubscribeSignature(key: string, companyId: string): string {
  return createHmac('sha256', key)
    .update(`job-alert-unsubscribe:${companyId.toLowerCase()}`)
    .digest('base64url');
}
