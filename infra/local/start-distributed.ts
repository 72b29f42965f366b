/** `npm run start:distributed`: the distributed topology on this machine (needs PostgreSQL and NATS). */
import { startDistributed } from './distributed';

const env = process.env;
const running = await startDistributed({
  databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/marketplace',
  natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
  port: Number(env.PORT ?? 8080),
  basePort: Number(env.BASE_PORT ?? 3100),
  dataDir: env.DATA_DIR ?? '.data/distributed',
  inheritOutput: true,
}).catch((err: unknown) => {
  console.error(
    `could not start the distributed topology: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
console.log(`\n  Marketplace running (distributed) at ${running.url.replace('127.0.0.1', 'localhost')}\n`);
const shutdown = () => void running.stop().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
