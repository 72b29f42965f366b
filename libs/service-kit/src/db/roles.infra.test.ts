import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICES } from '@marketplace/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'kysely';
import pg from 'pg';
import { natsNames } from '../bus/nats-bus';
import { createTestDatabase } from '../testing/test-database';
import { openDatabase, type Database } from './database';
import { provisionServiceRoles, scramSha256Verifier, type ServiceRoles } from './roles';
import { runEntry } from '../testing/run-entry';

const messageOf = (line: string | undefined) => (JSON.parse(line ?? '{}') as { msg?: string }).msg;

// Real PostgreSQL (test:infra). Roles are cluster-wide: each run uses its own names and drops them after.
jest.setTimeout(120_000);

describe('per-service database roles', () => {
  const prefix = `t${randomBytes(3).toString('hex')}_`;
  const password = () => randomBytes(18).toString('base64url');
  const rolesOf = (service: string): ServiceRoles => ({
    schema: service,
    migrator: `${prefix}${service}_migrator`,
    runtime: `${prefix}${service}_app`,
    migratorPassword: password(),
    runtimePassword: password(),
  });
  const accounts = rolesOf('accounts');
  const jobs = rolesOf('jobs');
  const chat = rolesOf('chat');

  let admin: Database;
  let databaseName: string;
  let dataDir: string;
  const opened: Database[] = [];

  /** The test database's URL for one role. */
  const urlAs = (role: string, rolePassword: string | undefined) => {
    const url = new URL(process.env.DATABASE_URL!);
    url.username = role;
    url.password = rolePassword ?? '';
    url.pathname = `/${databaseName}`;
    return url.toString();
  };
  const connectAs = async (role: string, rolePassword: string | undefined) => {
    const db = await openDatabase({ url: urlAs(role, rolePassword), poolSize: 2 });
    opened.push(db);
    return db;
  };

  const secretFile = (name: string, content: string) => {
    const path = join(dataDir, `${name}.secret`);
    writeFileSync(path, `${content}\n`, { mode: 0o600 });
    return path;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'db-roles-'));
    admin = await createTestDatabase();
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(admin.raw);
    databaseName = rows[0]!.name;
    // The deploy's provisioning step, passwords from files (as Docker or Kubernetes secrets hand them over).
    const passwordFiles: NodeJS.ProcessEnv = {};
    for (const service of [accounts, jobs, chat]) {
      const upper = service.schema.toUpperCase();
      passwordFiles[`${upper}_MIGRATOR_PASSWORD_FILE`] = secretFile(
        service.migrator,
        service.migratorPassword!,
      );
      passwordFiles[`${upper}_APP_PASSWORD_FILE`] = secretFile(service.runtime, service.runtimePassword!);
    }
    const provisioned = await runEntry('infra/postgres/provision.ts', {
      DATABASE_URL: urlAs(new URL(process.env.DATABASE_URL!).username, undefined),
      SERVICES: 'accounts,jobs,chat',
      DB_ROLE_PREFIX: prefix,
      ...passwordFiles,
    });
    expect(provisioned).toEqual({
      code: 0,
      lines: [accounts, jobs, chat].map(
        (service) =>
          `provision: schema ${service.schema}: owner ${service.migrator} (password set), runtime ${service.runtime} (password set)`,
      ),
    });
    for (const service of [accounts, jobs]) {
      const { code, lines } = await runEntry(`services/${service.schema}/src/migrate.ts`, {
        DATABASE_URL: urlAs(service.migrator, service.migratorPassword),
      });
      expect({ code, message: messageOf(lines.at(-1)) }).toEqual({
        code: 0,
        message: expect.stringMatching(
          new RegExp(`^${service.schema} migrate: schema ${service.schema} migrated: `),
        ),
      });
    }
  });

  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    await admin?.close();
    // The database (and with it every object and default privilege of the roles) is gone: drop them.
    const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await server.connect();
    try {
      for (const service of [accounts, jobs, chat]) {
        await server.query(`drop role if exists ${service.runtime}`);
        await server.query(`drop role if exists ${service.migrator}`);
      }
    } finally {
      await server.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the schema and every table in it belong to the migrator', async () => {
    const { rows } = await sql<{ owner: string; count: string }>`
      select pg_get_userbyid(c.relowner) as owner, count(*)::text as count
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'jobs' and c.relkind in ('r', 'S')
      group by 1
    `.execute(admin.raw);
    expect(rows.map((row) => row.owner)).toEqual([jobs.migrator]);
  });

  it("lets the runtime role read and write its own service's tables, sequences included", async () => {
    const db = await connectAs(jobs.runtime, jobs.runtimePassword);
    const id = '00000000-0000-4000-8000-000000000001';
    // outbox.seq is a bigserial: inserting needs USAGE on its sequence.
    await sql`insert into jobs.outbox (id, type, envelope) values (${id}, 'test', '{}'::jsonb)`.execute(
      db.raw,
    );
    await sql`update jobs.outbox set published_at = now() where id = ${id}`.execute(db.raw);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from jobs.outbox`.execute(db.raw);
    expect(rows[0]!.n).toBe('1');
    await sql`delete from jobs.outbox where id = ${id}`.execute(db.raw);
    await expect(sql`select count(*) from jobs.jobs`.execute(db.raw)).resolves.toBeDefined();
  });

  it("refuses the runtime role other services' tables", async () => {
    const jobsApp = await connectAs(jobs.runtime, jobs.runtimePassword);
    await expect(sql`select * from accounts.users`.execute(jobsApp.raw)).rejects.toThrow(
      'permission denied for schema accounts',
    );
    const accountsApp = await connectAs(accounts.runtime, accounts.runtimePassword);
    await expect(sql`select * from jobs.jobs`.execute(accountsApp.raw)).rejects.toThrow(
      'permission denied for schema jobs',
    );
    // The migrator of one service has no more right than that on another's schema.
    const jobsMigrator = await connectAs(jobs.migrator, jobs.migratorPassword);
    await expect(sql`select * from accounts.users`.execute(jobsMigrator.raw)).rejects.toThrow(
      'permission denied for schema accounts',
    );
  });

  it('refuses the runtime role any change of the tables themselves', async () => {
    const db = await connectAs(jobs.runtime, jobs.runtimePassword);
    await expect(sql`create table public.intruder (id int)`.execute(db.raw)).rejects.toThrow(
      'permission denied for schema public',
    );
    await expect(sql`create table jobs.intruder (id int)`.execute(db.raw)).rejects.toThrow(
      'permission denied for schema jobs',
    );
    await expect(sql`drop table jobs.inbox`.execute(db.raw)).rejects.toThrow('must be owner of table inbox');
    await expect(sql`alter table jobs.jobs add column x int`.execute(db.raw)).rejects.toThrow(
      'must be owner of table jobs',
    );
    await expect(sql`truncate jobs.inbox`.execute(db.raw)).rejects.toThrow(
      'permission denied for table inbox',
    );
  });

  it('is safe to run again, and tables of later migrations are open to the runtime role', async () => {
    await provisionServiceRoles(admin, [accounts, jobs, chat]);
    const migrator = await connectAs(jobs.migrator, jobs.migratorPassword);
    await sql`create table jobs.later_migration (id bigserial primary key, note text)`.execute(migrator.raw);

    const db = await connectAs(jobs.runtime, jobs.runtimePassword);
    await sql`insert into jobs.later_migration (note) values ('written by the service')`.execute(db.raw);
    const { rows } = await sql<{ note: string }>`select note from jobs.later_migration`.execute(db.raw);
    expect(rows).toEqual([{ note: 'written by the service' }]);
    await expect(sql`select * from accounts.users`.execute(db.raw)).rejects.toThrow('permission denied');
  });

  it('hands an existing schema made by another user over to the migrator', async () => {
    await sql`create schema legacy`.execute(admin.raw);
    await sql`create table legacy.things (id bigserial primary key)`.execute(admin.raw);
    const legacy = { ...rolesOf('legacy'), schema: 'legacy' };
    try {
      await provisionServiceRoles(admin, [legacy]);
      const { rows } = await sql<{ owner: string }>`
        select distinct pg_get_userbyid(c.relowner) as owner
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'legacy' and c.relkind in ('r', 'S')
      `.execute(admin.raw);
      expect(rows).toEqual([{ owner: legacy.migrator }]);
      const db = await connectAs(legacy.runtime, legacy.runtimePassword);
      await sql`insert into legacy.things default values`.execute(db.raw);
    } finally {
      await sql`drop schema legacy cascade`.execute(admin.raw);
      await sql.raw(`drop owned by ${legacy.runtime}, ${legacy.migrator}`).execute(admin.raw);
      await sql.raw(`drop role ${legacy.runtime}`).execute(admin.raw);
      await sql.raw(`drop role ${legacy.migrator}`).execute(admin.raw);
    }
  });

  it('stores the password as the same SCRAM verifier PostgreSQL makes of it', async () => {
    const clear = password();
    await sql.raw(`set password_encryption = 'scram-sha-256'`).execute(admin.raw);
    await sql`alter role ${sql.id(chat.migrator)} with password ${sql.lit(clear)}`.execute(admin.raw);
    const { rows } = await sql<{ stored: string }>`
      select rolpassword as stored from pg_authid where rolname = ${chat.migrator}
    `.execute(admin.raw);
    const stored = rows[0]!.stored;
    const [, iterations, salt] = /^SCRAM-SHA-256\$(\d+):([^$]+)\$/.exec(stored)!;
    expect(scramSha256Verifier(clear, Buffer.from(salt!, 'base64'), Number(iterations))).toBe(stored);
    await provisionServiceRoles(admin, [chat]);
  });

  it('refuses a weak or non-ASCII password before touching the database', () => {
    expect(() => scramSha256Verifier('short')).toThrow('at least 16 printable ASCII characters');
    expect(() => scramSha256Verifier('pässwörd-pässwörd-pässwörd')).toThrow('printable ASCII');
  });

  it('a service started with MIGRATIONS=verify on an unmigrated schema exits with a clear message', async () => {
    const { code, lines } = await runEntry('services/chat/src/main.ts', {
      DATA_DIR: dataDir,
      PORT: '0',
      MIGRATIONS: 'verify',
      DATABASE_URL: urlAs(chat.runtime, chat.runtimePassword),
      NATS_URL: process.env.NATS_URL,
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(messageOf(lines[0])).toMatch(
      /^chat could not start: schema chat is not at the latest migration: \d+ pending \(0000_kit_outbox_inbox, .*\); run the service's migrate task first$/,
    );
  });

  it('services run as their runtime roles on schemas their migrate tasks brought up to date', async () => {
    // Their own bus namespace: their durable consumers stay out of other suites' way; the streams go after.
    const namespace = prefix.slice(0, -1);
    const started: Array<{ child: ChildProcess; output: () => string }> = [];
    /** Starts a service's main with MIGRATIONS=verify as its runtime role; resolves with its URL. */
    const start = (service: ServiceRoles) => {
      const child = spawn(process.execPath, ['--import', 'tsx', `services/${service.schema}/src/main.ts`], {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: join(dataDir, service.schema),
          PORT: '0',
          MIGRATIONS: 'verify',
          DATABASE_URL: urlAs(service.runtime, service.runtimePassword),
          NATS_URL: process.env.NATS_URL,
          BUS_NAMESPACE: namespace,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      started.push({ child, output: () => output });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const listening = /listening on (http:\/\/[^"\s]+)/.exec(output);
          if (listening) resolve(listening[1]!);
        });
        child.on('exit', () => reject(new Error(`${service.schema} exited before listening: ${output}`)));
      });
    };
    try {
      const [accountsUrl, jobsUrl] = await Promise.all([start(accounts), start(jobs)]);
      for (const url of [accountsUrl, jobsUrl]) {
        expect(await (await fetch(`${url}/ready`)).json()).toMatchObject({ status: 'ready' });
      }
      // A registration: accounts writes its users and outbox; jobs' consumer writes its inbox and members.
      const email = `${prefix}ada@example.com`;
      const registered = await fetch(`${accountsUrl}/api/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          name: 'Ada Obi',
          password: 'secret1-long-enough',
          language: 'en',
          platform: 'Android',
          timezone: 0,
          deviceId: 'Ada123',
        }),
      });
      expect(registered.status).toBeLessThan(300);
      const deadline = Date.now() + 20_000;
      let members: unknown[] = [];
      while (members.length === 0 && Date.now() < deadline) {
        members = (await sql`select name from jobs.members where name = 'Ada Obi'`.execute(admin.raw)).rows;
        if (members.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(members).toEqual([{ name: 'Ada Obi' }]);

      for (const { child } of started) child.kill('SIGTERM');
      const codes = await Promise.all(started.map(({ child }) => once(child, 'exit').then(([code]) => code)));
      expect(codes).toEqual([0, 0]);
      // Nothing went wrong while they ran: no error or fatal line.
      const failures = started.flatMap(({ output }) =>
        output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line)),
      );
      expect(failures).toEqual([]);
    } finally {
      for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
      const nc = await connect({ servers: process.env.NATS_URL! });
      const jsm = await jetstreamManager(nc);
      for (const service of SERVICES)
        await jsm.streams.delete(natsNames(service, namespace).stream).catch(() => false);
      await nc.close();
    }
  });

  it('a migrate task that cannot reach its database fails in one line naming the setting', async () => {
    const { code, lines } = await runEntry('services/jobs/src/migrate.ts', {
      DATABASE_URL: `postgres://${prefix}nobody@127.0.0.1:5432/${databaseName}`,
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(messageOf(lines[0])).toMatch(
      new RegExp(
        `^jobs migrate failed: DATABASE_URL: cannot reach the database at .*role "${prefix}nobody" does not exist`,
      ),
    );
  });
});
