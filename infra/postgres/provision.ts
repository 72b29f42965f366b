/**
 * `tsx infra/postgres/provision.ts`: creates or updates each service's schema and PostgreSQL roles
 * (libs/service-kit/src/db/roles.ts), connected as an administrator. Idempotent: run it at every deploy,
 * before the services' migrate tasks.
 *
 * Settings (each may also be read from a file: X_FILE):
 * - DATABASE_URL: the administrator's connection to the marketplace database (required);
 * - SERVICES: which services, default accounts,jobs,chat,payments;
 * - DB_ROLE_PREFIX: put before every role name (two stacks on one cluster), default none;
 * - <SERVICE>_MIGRATOR_PASSWORD, <SERVICE>_APP_PASSWORD (e.g. JOBS_APP_PASSWORD_FILE): set when given,
 *   left as they are when not.
 */
import { SERVICES } from '@marketplace/contracts';
import {
  ConfigError,
  defaultServiceRoles,
  loadConfig,
  openDatabase,
  provisionServiceRoles,
  type ServiceRoles,
} from '@marketplace/service-kit';
import { Type, type TSchema } from 'typebox';

const password = Type.Optional(Type.String({ minLength: 16 }));
const passwordSettings: Record<string, TSchema> = {};
for (const service of SERVICES) {
  passwordSettings[`${service.toUpperCase()}_MIGRATOR_PASSWORD`] = password;
  passwordSettings[`${service.toUpperCase()}_APP_PASSWORD`] = password;
}

const ProvisionConfigSchema = Type.Object({
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  SERVICES: Type.String({ pattern: '^[a-z]+(,[a-z]+)*$', default: SERVICES.join(',') }),
  DB_ROLE_PREFIX: Type.String({ pattern: '^([a-z][a-z0-9_]{0,19})?$', default: '' }),
  ...passwordSettings,
});

async function main(): Promise<string[]> {
  const config = loadConfig(ProvisionConfigSchema) as Record<string, string | undefined> & {
    DATABASE_URL: string;
    SERVICES: string;
    DB_ROLE_PREFIX: string;
  };
  const names = config.SERVICES.split(',');
  const unknown = names.filter((name) => !(SERVICES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new ConfigError([`SERVICES names unknown services: ${unknown.join(', ')}`]);

  const services: ServiceRoles[] = names.map((name) => {
    const roles = defaultServiceRoles(name);
    return {
      schema: roles.schema,
      migrator: `${config.DB_ROLE_PREFIX}${roles.migrator}`,
      runtime: `${config.DB_ROLE_PREFIX}${roles.runtime}`,
      migratorPassword: config[`${name.toUpperCase()}_MIGRATOR_PASSWORD`],
      runtimePassword: config[`${name.toUpperCase()}_APP_PASSWORD`],
    };
  });

  let admin;
  try {
    admin = await openDatabase({ url: config.DATABASE_URL, poolSize: 1 });
  } catch (err) {
    throw new Error(`DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  try {
    await provisionServiceRoles(admin, services);
  } finally {
    await admin.close();
  }
  const passwordNote = (given: string | undefined) => (given ? 'password set' : 'password unchanged');
  return services.map(
    (service) =>
      `schema ${service.schema}: owner ${service.migrator} (${passwordNote(service.migratorPassword)}), ` +
      `runtime ${service.runtime} (${passwordNote(service.runtimePassword)})`,
  );
}

try {
  for (const line of await main()) console.log(`provision: ${line}`);
  process.exit(0);
} catch (err) {
  // Never the settings themselves: they hold passwords.
  console.error(`provision failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
