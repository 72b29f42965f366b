import { memberEventHandlers, setupService, type ServiceDeps } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import type { ChatDatabase } from './db-types';
import { chatMigrations } from './migrations';
import { inboxRoutes } from './routes/inbox';
import { realtimeRoutes } from './routes/realtime';

export interface ChatServiceOptions extends ServiceDeps {
  instanceId?: string;
}

export default async function chatService(app: FastifyInstance, options: ChatServiceOptions) {
  const service = await setupService<ChatDatabase>(app, {
    name: 'chat',
    schema: 'chat',
    migrations: chatMigrations,
    deps: options,
  });
  service.consume({
    durable: 'chat-members',
    filterSubject: 'accounts.user.*',
    handlers: memberEventHandlers,
  });
  await app.register(inboxRoutes, { db: service.db });
  await app.register(realtimeRoutes, { ...(options.instanceId ? { instanceId: options.instanceId } : {}) });
}
