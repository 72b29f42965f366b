import { EVENT_TYPES } from '@marketplace/contracts';
import { publishEvent } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import { ANONYMOUS, type Side } from './conversations';
import type { ChatDatabase } from './db-types';

export interface SweepOptions {
  now: Date;
  /** Unread this long (ms), a member is reminded. */
  afterMs: number;
  /** Conversations per query. */
  batchSize?: number;
  correlationId?: string;
}

/** The kit's table of rate-limit counters, in this service's schema. */
interface CountersTable {
  rate_limit_counters: { expires_at: Date };
}

const SIDES: readonly Side[] = ['poster', 'applicant'];
const MAX_BATCHES = 20;

/**
 * One sweep: for each member who has had unread messages in a conversation for `afterMs` and was not
 * reminded of that unread stretch yet, chat.reminder.due goes out (accounts e-mails it) and the
 * stretch is marked reminded, in one transaction. Reading everything ends the stretch (markRead), so
 * the next unread message starts a new one. Several instances may sweep at once: rows are claimed
 * with `skip locked` and checked again under the lock. Also drops expired rate-limit counters.
 * Returns the reminders sent.
 */
export async function sweepReminders(db: Kysely<ChatDatabase>, options: SweepOptions): Promise<number> {
  const { now } = options;
  const cutoff = new Date(now.getTime() - options.afterMs);
  const batchSize = options.batchSize ?? 100;
  const correlationId = options.correlationId ?? `reminders-${now.toISOString()}`;
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await db
      .selectFrom('chats')
      .select('id')
      .where((eb) =>
        eb.or(
          SIDES.map((side) =>
            eb.and([eb(`${side}_reminded_at`, 'is', null), eb(`${side}_unread_since`, '<=', cutoff)]),
          ),
        ),
      )
      .limit(batchSize)
      .execute();
    for (const { id } of due) {
      sent += await db.transaction().execute(async (trx) => {
        const chat = await trx
          .selectFrom('chats')
          .leftJoin('members as poster', 'poster.id', 'chats.poster_id')
          .leftJoin('members as applicant', 'applicant.id', 'chats.applicant_id')
          .leftJoin('chat_jobs', 'chat_jobs.job_id', 'chats.job_id')
          .selectAll('chats')
          .select(['poster.name as poster_name', 'applicant.name as applicant_name', 'chat_jobs.title'])
          .where('chats.id', '=', id)
          .forUpdate(['chats'])
          .skipLocked()
          .executeTakeFirst();
        if (!chat) return 0; // another instance is on it
        let reminded = 0;
        for (const side of SIDES) {
          const since = side === 'poster' ? chat.poster_unread_since : chat.applicant_unread_since;
          const already = side === 'poster' ? chat.poster_reminded_at : chat.applicant_reminded_at;
          const unread = side === 'poster' ? chat.poster_unread : chat.applicant_unread;
          if (!since || already || since > cutoff || unread < 1) continue;
          await trx
            .updateTable('chats')
            .set(side === 'poster' ? { poster_reminded_at: now } : { applicant_reminded_at: now })
            .where('id', '=', chat.id)
            .execute();
          await publishEvent(
            trx,
            EVENT_TYPES.chatReminderDue,
            {
              chatId: chat.id,
              jobId: chat.job_id,
              memberId: side === 'poster' ? chat.poster_id : chat.applicant_id,
              counterpartName: (side === 'poster' ? chat.applicant_name : chat.poster_name) ?? ANONYMOUS,
              jobTitle: chat.title ?? '',
              unreadCount: unread,
              firstUnreadAt: since.toISOString(),
            },
            { correlationId },
          );
          reminded++;
        }
        return reminded;
      });
    }
    if (due.length < batchSize) break;
  }
  // The send limit's counters live in this schema; nobody else clears the expired ones.
  await (db as unknown as Kysely<CountersTable>)
    .deleteFrom('rate_limit_counters')
    .where('expires_at', '<', now)
    .execute();
  return sent;
}
