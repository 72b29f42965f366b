import { REPLY_TIME_RULE } from '@marketplace/contracts';
import { isUuid } from '@marketplace/service-kit';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Reply-time samples and each company's median (REPLY_TIME_RULE). A sample is a conversation: when the
 * poster first wrote and when the company first wrote after that. The median is taken over the window's
 * samples with an unanswered poster older than `unansweredAfterHours` counted as infinitely slow, and
 * stored on the company's row only when it is finite and rests on enough conversations.
 */
export class ReplyTimesRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  /** The poster wrote: the conversation's question time (the earliest poster message seen). */
  async posterWrote(chatId: string, companyId: string, sentAt: Date): Promise<void> {
    if (!isUuid(companyId)) return;
    await this.db
      .insertInto('reply_samples')
      .values({ chat_id: chatId, company_id: companyId, poster_first_at: sentAt, answered_at: null })
      .onConflict((oc) =>
        oc
          .column('chat_id')
          .doUpdateSet({
            poster_first_at: sql`least(reply_samples.poster_first_at, excluded.poster_first_at)`,
          })
          .where('reply_samples.answered_at', 'is', null),
      )
      .execute();
  }

  /**
   * The company wrote: the first message after the poster's first is the answer. Returns the company
   * whose median may have moved, or undefined when this message answered nothing (the company wrote
   * first, or had answered already).
   */
  async companyWrote(chatId: string, sentAt: Date): Promise<string | undefined> {
    const answered = await this.db
      .updateTable('reply_samples')
      .set({ answered_at: sentAt })
      .where('chat_id', '=', chatId)
      .where('answered_at', 'is', null)
      .where('poster_first_at', '<=', sentAt)
      .returning('company_id')
      .executeTakeFirst();
    return answered?.company_id;
  }

  /**
   * Recomputes the stored median of the given companies (all that have samples or a figure when
   * omitted) as of `now`; writes only rows whose figure changes.
   */
  async refresh(now: Date, companyIds?: readonly string[]): Promise<number> {
    const ids = companyIds?.filter(isUuid);
    if (ids && ids.length === 0) return 0;
    const windowStart = new Date(now.getTime() - REPLY_TIME_RULE.windowDays * 24 * HOUR_MS);
    const unansweredBefore = new Date(now.getTime() - REPLY_TIME_RULE.unansweredAfterHours * HOUR_MS);
    // One company's figure as a correlated subquery (builder queries only: they are bound to the
    // service's schema, raw statements are not). Unanswered and past the limit = infinitely slow.
    const figure = (eb: ExpressionBuilder<AccountsDatabase, 'users'>) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('reply_samples as s')
            .select(
              sql<number | null>`case
                when s.answered_at is not null then extract(epoch from s.answered_at - s.poster_first_at) / 60
                when s.poster_first_at < ${unansweredBefore} then 'infinity'::float8
              end`.as('m'),
            )
            .whereRef('s.company_id', '=', 'users.id')
            .where('s.poster_first_at', '>=', windowStart)
            .as('x'),
        )
        .select(
          sql<number | null>`case
            when count(x.m) >= ${REPLY_TIME_RULE.minimumConversations}
              and percentile_disc(0.5) within group (order by x.m) < 'infinity'::float8
            then ceil(percentile_disc(0.5) within group (order by x.m))::int
          end`.as('minutes'),
        );
    const result = await this.db
      .updateTable('users')
      .set((eb) => ({ reply_minutes: figure(eb) }))
      .where('type', '=', 'company')
      .where((eb) =>
        ids
          ? eb('id', 'in', ids)
          : eb.or([
              eb('reply_minutes', 'is not', null),
              eb('id', 'in', eb.selectFrom('reply_samples').select('company_id')),
            ]),
      )
      .where((eb) => eb('reply_minutes', 'is distinct from', figure(eb)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Samples that left the window are no longer needed (the refresh before this already dropped them). */
  async forgetBefore(now: Date): Promise<number> {
    const windowStart = new Date(now.getTime() - REPLY_TIME_RULE.windowDays * 24 * HOUR_MS);
    const result = await this.db
      .deleteFrom('reply_samples')
      .where('poster_first_at', '<', windowStart)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
