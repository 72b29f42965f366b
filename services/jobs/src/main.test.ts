import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEntry, seededDataDir } from '@marketplace/service-kit/testing';

// PGlite's cold start (the NATS case) takes seconds on a busy machine; an endless retry takes longer.
const BOUND_MS = 45_000;

// A standalone service given a bad setting stops at once: exit code 1 and one fatal line that names the
// setting, never a retry loop or a server half up. Each case starts a real process: allow for a busy machine.
jest.setTimeout(120_000);

describe('a standalone service with bad settings', () => {
  // The cases that get as far as the database find a cluster there instead of running initdb (seconds).
  const data = seededDataDir('jobs-main', 'jobs');

  const expectRefusal = async (service: string, env: NodeJS.ProcessEnv, pattern: RegExp) => {
    const { code, lines } = await runEntry(
      `services/${service}/src/main.ts`,
      {
        DATA_DIR: data.path,
        PORT: '0',
        ...env,
      },
      BOUND_MS,
    );
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string) as { level: number; msg: string };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(new RegExp(`^${service} could not start: `));
    expect(line.msg).toMatch(pattern);
    return line.msg;
  };

  it.each([
    [
      'a key file that is not there',
      { JWT_PUBLIC_KEY_FILE: '/nowhere/jwt-public.pem' },
      /JWT_PUBLIC_KEY_FILE names a file that cannot be read: \/nowhere\/jwt-public\.pem \(no such file\)/,
    ],
    [
      'a database URL of another scheme',
      { DATABASE_URL: 'mysql://app:hunter2@db.example/market' },
      /DATABASE_URL must match pattern .*\(got "mysql:\/\/app:\*\*\*@db\.example\/market"\)/,
    ],
    [
      'a database URL file that is not there',
      { DATABASE_URL_FILE: '/nowhere/database-url' },
      /DATABASE_URL_FILE names a file that cannot be read: \/nowhere\/database-url \(no such file\)/,
    ],
    [
      'a database host nobody listens on',
      { DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:1/market' },
      /DATABASE_URL: cannot reach the database at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/market/,
    ],
    [
      'an unreachable NATS',
      { NATS_URL: 'nats://127.0.0.1:1' },
      /NATS_URL: cannot reach NATS at 127\.0\.0\.1:1: connection refused/,
    ],
    ['an unknown migrations mode', { MIGRATIONS: 'sometimes' }, /MIGRATIONS .*"sometimes"/],
  ])('%s', async (_label, env, pattern) => {
    const message = await expectRefusal('jobs', env, pattern);
    expect(message).not.toContain('hunter2');
  });

  it('reads a secret from its _FILE and refuses one given twice', async () => {
    const secret = join(data.path, 'admin-password');
    writeFileSync(secret, 'correct-horse-battery\n');
    await expectRefusal(
      'accounts',
      {
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'correct-horse-battery',
        ADMIN_PASSWORD_FILE: secret,
      },
      /ADMIN_PASSWORD and ADMIN_PASSWORD_FILE are both set \(use one\)/,
    );
    await expectRefusal(
      'payments',
      { PAYSTACK_SECRET_KEY_FILE: join(data.path, 'no-paystack-key') },
      /PAYSTACK_SECRET_KEY_FILE names a file that cannot be read: .*no-paystack-key \(no such file\)/,
    );
    // Read from its file, the key counts as given: payments then asks for what goes with it.
    const key = join(data.path, 'paystack-key');
    writeFileSync(key, 'sk_test_0123456789\n');
    const message = await expectRefusal(
      'payments',
      { PAYSTACK_SECRET_KEY_FILE: key },
      /PUBLIC_URL is required with PAYSTACK_SECRET_KEY/,
    );
    expect(message).not.toContain('sk_test_0123456789');
  });
});
