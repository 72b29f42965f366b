import { runEntry, seededDataDir } from '@marketplace/service-kit/testing';

// A process that cannot start says why in one line and exits non-zero, instead of looping on a stack trace.
// Each case starts a real process (and NATS gives up after its connect timeout): allow for a busy machine.
jest.setTimeout(60_000);

describe('start-up failures', () => {
  // The cases that get as far as the database find a cluster there instead of running initdb (seconds).
  const data = seededDataDir('startup', 'jobs');

  it.each([
    ['a bad PORT', { PORT: 'eighty' }, /PORT .*"eighty"/],
    [
      'an unreachable database',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      /cannot reach the database at postgres:\/\/postgres@127\.0\.0\.1:1\/none/,
    ],
    ['an unreachable NATS', { NATS_URL: 'nats://127.0.0.1:1' }, /nats/i],
  ])('%s', async (_label, env, pattern) => {
    const { code, lines } = await runEntry(
      'services/jobs/src/main.ts',
      { DATA_DIR: data.path, PORT: '0', ...env },
      30_000,
    );
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string) as { level: number; msg: string };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/^jobs could not start: /);
    expect(line.msg).toMatch(pattern);
  });

  it('the edge refuses a half-configured distributed topology', async () => {
    const { code, lines } = await runEntry(
      'services/edge/src/main.ts',
      {
        DATA_DIR: data.path,
        PORT: '0',
        JOBS_URL: 'http://127.0.0.1:9',
      },
      30_000,
    );
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('distributed topology needs ACCOUNTS_URL, CHAT_URLS, PAYMENTS_URL');
  });
});
