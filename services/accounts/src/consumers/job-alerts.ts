import { ALERT_LIMITS, lagosToday } from '@marketplace/contracts';
import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import type { NoticeMails } from '../mail/notice-mails';

/** Durable consumer name on the JOBS stream. */
export const JOB_ALERTS_CONSUMER = 'accounts-job-alerts';

const LAGOS_OFFSET = '+01:00'; // West Africa Time all year (no daylight saving)

/** When the Lagos calendar day of `now` began. */
export function lagosMidnight(now: Date): Date {
  return new Date(`${lagosToday(now)}T00:00:00${LAGOS_OFFSET}`);
}

/** Today's digest hour in Lagos (07:00), as an instant. */
export function lagosDigestTime(now: Date): Date {
  const hour = String(ALERT_LIMITS.digestHourLagos).padStart(2, '0');
  return new Date(`${lagosToday(now)}T${hour}:00:00${LAGOS_OFFSET}`);
}

/** One company's alert mails at a time (concurrent events cannot both pass the cap). */
async function lockCompany(trx: Kysely<AccountsDatabase>, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`job-alerts:${companyId}`}))`.execute(trx);
}

/**
 * `jobs.alert.matched` -> mail for each company that wants it. `instant`: one mail per job, at most
 * `mailsPerDay` a Lagos day (beyond it the job shows in the app only); `daily`: the job waits for the
 * company's next digest (JobAlertDigests). Run through `service.consume`: notices and digest rows are
 * stored with the inbox row, so a redelivered event mails nothing twice (the notice's key would also
 * keep a second mail of the same job out). Deleted members and non-companies get nothing.
 */
export function jobAlertMailHandlers(
  notices: NoticeMails,
  options: { mailsPerDay: number; now: () => Date },
): EventHandlers<AccountsDatabase> {
  return {
    'jobs.alert.matched': async (match, trx) => {
      if (!isUuid(match.jobId)) return;
      const ids = match.recipients.map((r) => r.companyId).filter(isUuid);
      if (ids.length === 0) return;
      const companies = new Map(
        (
          await trx
            .selectFrom('users')
            .select(['id', 'email'])
            .where('id', 'in', ids)
            .where('type', '=', 'company')
            .where('deleted_at', 'is', null)
            .execute()
        ).map((row) => [row.id, row]),
      );
      const job = {
        jobId: match.jobId,
        jobHeading: match.jobHeading,
        category: match.category,
        state: match.state,
      };
      const postedAt = new Date(match.postedAt);
      const dayStart = lagosMidnight(options.now());
      for (const recipient of match.recipients) {
        const company = companies.get(recipient.companyId);
        if (!company?.email.includes('@')) continue;
        if (recipient.email === 'daily') {
          await trx
            .insertInto('job_alert_digest_items')
            .values({
              user_id: company.id,
              job_id: match.jobId,
              job_heading: match.jobHeading,
              category: match.category,
              state: match.state,
              unsubscribe_signature: recipient.unsubscribeSignature,
              posted_at: Number.isNaN(postedAt.getTime()) ? new Date() : postedAt,
            })
            .onConflict((oc) => oc.columns(['user_id', 'job_id']).doNothing())
            .execute();
          continue;
        }
        await lockCompany(trx, company.id);
        const sent = await trx
          .selectFrom('notice_mails')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', company.id)
          .where('kind', '=', 'job-alert')
          .where('created_at', '>=', dayStart)
          .executeTakeFirstOrThrow();
        if (Number(sent.n) >= options.mailsPerDay) continue;
        await notices.enqueue(trx, {
          kind: 'job-alert',
          userId: company.id,
          dedupeKey: `job-alert:${match.jobId}:${company.id}`,
          data: { jobs: [job], more: 0, unsubscribeSignature: recipient.unsubscribeSignature },
        });
      }
    },
  };
}

/**
 * The daily digest: from 07:00 Lagos, each company with jobs waiting since before 07:00 gets one mail
 * of the newest ALERT_LIMITS.digestMaxJobs (and how many more). One digest per company and Lagos day
 * (the notice's key), whichever replica's sweep gets there first; the items are marked in the same
 * transaction, so a crash sends nothing twice and loses nothing.
 */
export class JobAlertDigests {
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: {
      db: Kysely<AccountsDatabase>;
      notices: NoticeMails;
      logger: FastifyBaseLogger;
      now: () => Date;
      intervalMs: number;
    },
  ) {}

  /** Sends the digests due at `now`; returns how many were stored. */
  async sweep(now: Date = this.options.now()): Promise<number> {
    const cutoff = lagosDigestTime(now);
    if (now < cutoff) return 0;
    const { db, notices } = this.options;
    const waiting = await db
      .selectFrom('job_alert_digest_items')
      .select('user_id')
      .distinct()
      .where('digested_at', 'is', null)
      .where('created_at', '<', cutoff)
      .execute();
    let stored = 0;
    for (const { user_id: userId } of waiting) {
      await db.transaction().execute(async (trx) => {
        await lockCompany(trx, userId);
        const items = await trx
          .selectFrom('job_alert_digest_items')
          .selectAll()
          .where('user_id', '=', userId)
          .where('digested_at', 'is', null)
          .where('created_at', '<', cutoff)
          .orderBy('posted_at', 'desc')
          .execute();
        if (items.length === 0) return;
        const listed = items.slice(0, ALERT_LIMITS.digestMaxJobs);
        const id = await notices.enqueue(trx, {
          kind: 'job-alert-digest',
          userId,
          dedupeKey: `job-alert-digest:${userId}:${lagosToday(now)}`,
          data: {
            jobs: listed.map((item) => ({
              jobId: item.job_id,
              jobHeading: item.job_heading,
              category: item.category,
              state: item.state,
            })),
            more: items.length - listed.length,
            unsubscribeSignature: items[0]!.unsubscribe_signature,
          },
        });
        await trx
          .updateTable('job_alert_digest_items')
          .set({ digested_at: now })
          .where('user_id', '=', userId)
          .where('digested_at', 'is', null)
          .where('created_at', '<', cutoff)
          .execute();
        if (id) stored += 1;
      });
    }
    // Digested items are kept a week (a late duplicate event finds them), then deleted.
    await db
      .deleteFrom('job_alert_digest_items')
      .where('digested_at', '<', new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000))
      .execute();
    return stored;
  }

  start(): void {
    if (this.options.intervalMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => {
      this.sweep().catch((err) => this.options.logger.warn({ err }, 'job alert digest sweep failed'));
    }, this.options.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
