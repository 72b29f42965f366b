import { InboxResponseSchema } from '@marketplace/contracts';
import { forbidden, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { ChatDatabase } from '../db-types';
import { ChatsRepository } from '../repositories/chats-repository';

export const inboxRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<ChatDatabase> }> = async (app, { db }) => {
  const chats = new ChatsRepository(db);
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
      const rows = await chats.inboxOf(id);
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
