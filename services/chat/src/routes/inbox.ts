import { InboxResponseSchema } from '@marketplace/contracts';
import { forbidden, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { ChatDatabase } from '../db-types';

export const inboxRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<ChatDatabase> }> = async (app, { db }) => {
  // Legacy path: the inbox of member {id}. Only that member (or an admin) may read it.
  app.get(
    '/api/jobs/user/chat/:id',
    {
      preHandler: app.authenticate,
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: InboxResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.user.sub !== id && request.user.type !== 'admin') throw forbidden();
      const rows = await db
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
        .where((eb) => eb.or([eb('chats.poster_id', '=', id), eb('chats.applicant_id', '=', id)]))
        .orderBy('chats.last_message_at', (ob) => ob.desc().nullsLast())
        .orderBy('chats.created_at', 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        posterId: { _id: row.poster_id, name: row.poster_name ?? 'Anonymous' },
        applicantId: { _id: row.applicant_id, name: row.applicant_name ?? 'Anonymous' },
        jobId: { _id: row.job_id, title: row.job_title },
        lastMessageAt: row.last_message_at ? row.last_message_at.toISOString() : null,
      }));
    },
  );
};
