import { API_PATHS, InboxResponseSchema, UnreadResponseSchema } from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import { Type } from 'typebox';
import type { Conversations } from '../conversations';
import { chatErrors } from '../errors';

export interface InboxRouteOptions {
  conversations: Conversations;
}

export const inboxRoutes: FastifyPluginAsyncTypebox<InboxRouteOptions> = async (app, { conversations }) => {
  // Legacy path: the inbox of member {id}. Only that member reads it; admins do not read chats.
  app.get(
    '/api/jobs/user/chat/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: InboxResponseSchema },
      },
    },
    async (request) => {
      if (request.user.sub !== request.params.id) throw chatErrors.notMember();
      return conversations.inbox(request.user.sub);
    },
  );

  // The header's unread badge: messages from the other members this member has not read.
  app.get(
    API_PATHS.chatUnread,
    { onRequest: app.authenticate, schema: { response: { 200: UnreadResponseSchema } } },
    async (request) => ({ total: await conversations.unreadTotal(request.user.sub) }),
  );
};
