import pino from 'pino';

export interface RunningProcess {
  url: string;
  /** Drain HTTP, stop consumers and the relay, close the bus and the database. */
  stop(): Promise<void>;
  /** How long `stop` may take before the exit is forced (default 10 s). */
  shutdownTimeoutMs?: number;
}

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Runs a server process: one clear log line and exit code 1 when it cannot start (bad config,
 * unreachable database or NATS), graceful shutdown on SIGINT/SIGTERM (a second signal or a stuck
 * shutdown forces the exit).
 */
export async function runProcess(name: string, boot: () => Promise<RunningProcess>): Promise<void> {
  const logger = pino({ base: { service: name }, level: process.env.LOG_LEVEL ?? 'info' });
  let running: RunningProcess;
  try {
    running = await boot();
  } catch (err) {
    logger.fatal(`${name} could not start: ${err instanceof Error ? err.message : String(err)}`);
    logger.flush();
    process.exit(1);
  }
  logger.info(`${name} listening on ${running.url}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: shutting down`);
    const timer = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, running.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await running.stop();
      process.exit(0);
    } catch (err) {
      logger.error(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
