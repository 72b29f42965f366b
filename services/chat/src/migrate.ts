import { runMigrateTask } from '@marketplace/service-kit';
import { chatMigrations } from './migrations';

// One-off task: `node --import tsx services/chat/src/migrate.ts` with DATABASE_URL of the chat_migrator role.
void runMigrateTask({ name: 'chat', schema: 'chat', migrations: chatMigrations });
