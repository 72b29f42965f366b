import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../db-types';

export class ChatsRepository {
  constructor(private readonly db: Kysely<ChatDatabase>) {}

  /** The chats a member takes part in (as poster or applicant), latest activity first, with both names. */
  inboxOf(memberId: string) {
    return this.db
      .selectFrom('chats')
      .leftJoin('members as poster', 'poster.id', 'chats.poster_id')
      .leftJoin('members as applicant', 'applicant.id', 'chats.applicant_id')
      .select([
        'chats.id',
        'chats.job_id',
        'chats.job_title',
        'chats.poster_id',
        'chats.applicant_id',
        'chats.last_message_at',
        'poster.name as poster_name',
        'applicant.name as applicant_name',
      ])
      .where((eb) => eb.or([eb('chats.poster_id', '=', memberId), eb('chats.applicant_id', '=', memberId)]))
      .orderBy('chats.last_message_at', (ob) => ob.desc().nullsLast())
      .orderBy('chats.created_at', 'desc')
      .limit(200)
      .execute();
  }
}
