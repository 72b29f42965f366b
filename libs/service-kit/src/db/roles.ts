import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from './database';

/**
 * The two PostgreSQL roles of one service (least privilege):
 * - the migrator owns the service's schema and everything in it; only the migrate task logs in as it;
 * - the runtime role (the running service) may read and write the schema's rows, nothing else: it
 *   cannot create, alter or drop tables, and has no rights at all on other services' schemas.
 */
export interface ServiceRoles {
  schema: string;
  migrator: string;
  runtime: string;
  /** Set (or changed) when given; a role created without one cannot log in with a password. */
  migratorPassword?: string | undefined;
  runtimePassword?: string | undefined;
}

/** The production names: schema `<service>`, roles `<service>_migrator` and `<service>_app`. */
export function defaultServiceRoles(service: string): Pick<ServiceRoles, 'schema' | 'migrator' | 'runtime'> {
  return { schema: service, migrator: `${service}_migrator`, runtime: `${service}_app` };
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Creates or updates the roles and schemas of the given services, connected as an administrator (a
 * superuser, or a role with CREATEROLE that owns the database). Idempotent: run it at every deploy.
 * Passwords are sent as SCRAM-SHA-256 verifiers, so the server's statement log never holds them.
 */
export async function provisionServiceRoles(
  admin: Database,
  services: readonly ServiceRoles[],
): Promise<void> {
  for (const service of services) {
    for (const name of [service.schema, service.migrator, service.runtime]) {
      if (!IDENTIFIER.test(name)) throw new Error(`invalid schema or role name '${name}'`);
    }
  }
  const run = (query: RawBuilder<unknown>) => query.execute(admin.raw);

  // Nobody but its owner creates objects in public (the default from PostgreSQL 15 on, not before).
  await run(sql`revoke create on schema public from public`);

  for (const service of services) {
    const schema = sql.id(service.schema);
    const migrator = sql.id(service.migrator);
    const runtime = sql.id(service.runtime);

    await ensureLoginRole(admin, service.migrator, service.migratorPassword);
    await ensureLoginRole(admin, service.runtime, service.runtimePassword);

    // The schema, owned by the migrator. An existing schema (made by an earlier start that migrated
    // as another user) is handed over together with its tables and sequences.
    const { rows } = await sql<{ owner: string }>`
      select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = ${service.schema}
    `.execute(admin.raw);
    if (rows.length === 0) await run(sql`create schema ${schema} authorization ${migrator}`);
    else if (rows[0]!.owner !== service.migrator) await run(sql`alter schema ${schema} owner to ${migrator}`);
    await adoptObjects(admin, service);

    await run(sql`revoke all on schema ${schema} from public`);
    await run(sql`grant usage on schema ${schema} to ${runtime}`);
    await run(sql`revoke create on schema ${schema} from ${runtime}`);
    await run(sql`grant select, insert, update, delete on all tables in schema ${schema} to ${runtime}`);
    await run(sql`grant usage, select on all sequences in schema ${schema} to ${runtime}`);
    // Tables and sequences the migrator creates later (the next migrations) get the same rights.
    await run(sql`
      alter default privileges for role ${migrator} in schema ${schema}
      grant select, insert, update, delete on tables to ${runtime}
    `);
    await run(sql`
      alter default privileges for role ${migrator} in schema ${schema}
      grant usage, select on sequences to ${runtime}
    `);
  }
}

async function ensureLoginRole(admin: Database, role: string, password: string | undefined) {
  const { rows } = await sql`select 1 from pg_roles where rolname = ${role}`.execute(admin.raw);
  const name = sql.id(role);
  // Without CREATEDB, CREATEROLE, REPLICATION or BYPASSRLS; INHERIT off: it holds only what is granted to it.
  const options = sql`login nosuperuser nocreatedb nocreaterole noreplication nobypassrls noinherit`;
  if (rows.length === 0) await sql`create role ${name} with ${options}`.execute(admin.raw);
  else await sql`alter role ${name} with ${options}`.execute(admin.raw);
  if (password !== undefined) {
    // A literal is needed here (utility statements take no parameters); the verifier is base64 and '$:'.
    await sql`alter role ${name} with password ${sql.lit(scramSha256Verifier(password))}`.execute(admin.raw);
  }
}

/** Tables, views and sequences in the schema owned by someone other than the migrator become its. */
async function adoptObjects(admin: Database, service: ServiceRoles) {
  const owned = async (kinds: string[]) =>
    (
      await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${service.schema}
          and c.relkind::text = any(${kinds}::text[])
          and pg_get_userbyid(c.relowner) <> ${service.migrator}
      `.execute(admin.raw)
    ).rows;
  const migrator = sql.id(service.migrator);
  // Tables first: their serial columns' sequences follow them; other sequences after.
  for (const { name, kind } of await owned(['r', 'p', 'v', 'm', 'f'])) {
    const object = sql.id(service.schema, name);
    const statement =
      kind === 'v'
        ? sql`alter view ${object} owner to ${migrator}`
        : kind === 'm'
          ? sql`alter materialized view ${object} owner to ${migrator}`
          : kind === 'f'
            ? sql`alter foreign table ${object} owner to ${migrator}`
            : sql`alter table ${object} owner to ${migrator}`;
    await statement.execute(admin.raw);
  }
  for (const { name } of await owned(['S'])) {
    await sql`alter sequence ${sql.id(service.schema, name)} owner to ${migrator}`.execute(admin.raw);
  }
}

const SCRAM_ITERATIONS = 4096;

/**
 * PostgreSQL's stored form of a SCRAM-SHA-256 password (what `ALTER ROLE ... PASSWORD` keeps in
 * pg_authid when password_encryption is scram-sha-256), computed here so the clear password never
 * reaches the server. Printable ASCII only: the server SASLpreps passwords, which leaves those as they
 * are (other characters could be normalised differently than here).
 */
export function scramSha256Verifier(
  password: string,
  salt: Buffer = randomBytes(16),
  iterations = SCRAM_ITERATIONS,
): string {
  if (!/^[\x21-\x7e]{16,}$/.test(password)) {
    throw new Error('a database password must be at least 16 printable ASCII characters without spaces');
  }
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
