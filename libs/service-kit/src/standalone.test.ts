import { startStandaloneService } from './standalone';
import { seededDataDir } from './testing/data-dir';

// PGlite's cold start takes seconds on a busy machine.
jest.setTimeout(60_000);

/** A service whose one close hook takes `hookMs`, as chat's socket drain does. */
const startWithSlowClose = (dataDir: string, hookMs: number, shutdownTimeoutMs?: number) =>
  startStandaloneService({
    name: 'slow-close',
    defaultPort: 0,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1' },
    ...(shutdownTimeoutMs ? { shutdownTimeoutMs } : {}),
    plugin: async (app) => {
      app.addHook('preClose', () => new Promise<void>((resolve) => setTimeout(resolve, hookMs)));
    },
  });

describe('a standalone service’s shutdown limit', () => {
  const data = seededDataDir('standalone', 'slow-close', 'each');

  it('gives a close hook the whole limit: the stop finishes and reports the limit to runProcess', async () => {
    const running = await startWithSlowClose(data.path, 700, 5_000);
    expect(running.shutdownTimeoutMs).toBe(5_000);
    await expect(running.stop()).resolves.toBeUndefined();
  });

  it('cuts a close hook that outlasts the limit (the limit is what reaches Fastify)', async () => {
    const running = await startWithSlowClose(data.path, 1_500, 300);
    await expect(running.stop()).rejects.toThrow(/did not start in time/);
  });
});
