import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { parseCacNumber, normaliseNigerianPhone } from '@marketplace/contracts';
import { schemaDb, type Database } from '@marketplace/service-kit';
import { sql } from 'kysely';
import type { AccountsDatabase } from './db-types';
import { certificateStore } from './repositories/certificate-store';
import { PhotoStore } from './repositories/photo-store';
import { UsersRepository } from './repositories/users-repository';
import { VerificationRepository } from './repositories/verification-repository';
import { eraseAccount, insertRegisteredUser } from './user-events';

/**
 * The accounts service's public writers for accounts that arrive in bulk by an import rather than by
 * registration (the demo set of tools/demo/ is one such import): each account goes in through the
 * service's own writer of `accounts.user.registered` (so jobs and chat learn of it from the outbox like
 * any other account), without a password hash per account: those without a password share one hash of a
 * random secret nobody knows, so they cannot sign in. Photos are stored by the profile photo store,
 * served like any upload. Imported accounts go in with their address verified (the importer vouches for
 * it: nobody is asked to open a verification link). `eraseAccountsUnder` is the matching erasure.
 */
export interface ImportedCompany {
  email: string;
  name: string;
  /** Written as people do (0800 555 0123); stored as +234... like registration does. */
  phone: string;
  cac: string;
  state: string;
  address: string;
  pincode: string;
  category: string[];
  subcategory: string[];
  description: string;
  /** An image file (any format the photo store takes), or none: the page shows the fallback. */
  photo?: Buffer;
  /** For the few one may sign in as; the others share a hash of a secret nobody knows. */
  password?: string;
}

/** A customer account that arrives by an import. */
export interface ImportedCustomer {
  email: string;
  name: string;
  password: string;
}

const accountsDb = (db: Database) => schemaDb<AccountsDatabase>(db, 'accounts');
const photoStore = (dataDir: string) => new PhotoStore(join(dataDir, 'uploads', 'profile'));

/**
 * Whether a live account has this email, read from the accounts schema (how an import tells that it
 * already ran: a sign-in would count against the account's sign-in limit, and a few quick restarts would
 * find it closed).
 */
export async function accountExists(db: Database, email: string): Promise<boolean> {
  return (await new UsersRepository(accountsDb(db)).findByEmail(email)) !== undefined;
}

/** One hash per password (argon2 is slow on purpose), and one of a random secret for the rest. */
class PasswordHashes {
  private readonly hashes = new Map<string | undefined, Promise<string>>();

  of(password: string | undefined): Promise<string> {
    let hashed = this.hashes.get(password);
    if (!hashed) {
      hashed = hash(password ?? randomBytes(32).toString('hex'));
      this.hashes.set(password, hashed);
    }
    return hashed;
  }
}

/**
 * Inserts the customers whose email is not taken yet, as registration does (`accounts.user.registered`),
 * without going through its route: an import is not a visitor, and must not use up the local address's
 * registration limit. `correlationId` names the import in the events. Returns how many it inserted.
 */
export async function importCustomers(
  db: Database,
  customers: readonly ImportedCustomer[],
  correlationId: string,
): Promise<number> {
  const hashes = new PasswordHashes();
  const rows = await Promise.all(
    customers.map(async (customer) => ({ ...customer, passwordHash: await hashes.of(customer.password) })),
  );
  return accountsDb(db)
    .transaction()
    .execute(async (trx) => {
      let inserted = 0;
      for (const { email, name, passwordHash } of rows) {
        const row = await insertRegisteredUser(
          trx,
          { email, name, passwordHash, type: 'user', emailVerifiedAt: new Date() },
          correlationId,
        );
        if (row) inserted++;
      }
      return inserted;
    });
}

/** Inserts the companies whose email is not taken yet; returns how many it inserted. */
export async function importCompanies(
  db: Database,
  dataDir: string,
  companies: readonly ImportedCompany[],
  correlationId: string,
): Promise<number> {
  const accounts = accountsDb(db);
  const photos = photoStore(dataDir);
  const hashes = new PasswordHashes();
  // Each photo re-encoded once, then stored once per company (each company owns its file).
  const encoded = new Map<Buffer, Buffer>();
  for (const company of companies) {
    if (company.photo && !encoded.has(company.photo)) {
      encoded.set(company.photo, await photos.prepare(company.photo));
    }
  }
  const stored: string[] = [];
  try {
    return await accounts.transaction().execute(async (trx) => {
      let inserted = 0;
      for (const company of companies) {
        const phone = normaliseNigerianPhone(company.phone);
        const cac = parseCacNumber(company.cac);
        if (!phone || !cac) throw new Error(`imported company ${company.name}: bad phone or CAC number`);
        const row = await insertRegisteredUser(
          trx,
          {
            email: company.email,
            name: company.name,
            passwordHash: await hashes.of(company.password),
            type: 'company',
            phoneNumber: phone,
            cacnumber: cac.number,
            cacClass: cac.cacClass,
            address: company.address,
            state: company.state,
            pincode: company.pincode,
            categories: company.category,
            subcategories: company.subcategory,
            emailVerifiedAt: new Date(),
          },
          correlationId,
        );
        if (!row) continue;
        inserted++;
        const photo = company.photo && encoded.get(company.photo);
        const name = photo ? await photos.store(photo) : undefined;
        if (name) stored.push(name);
        await new UsersRepository(trx).update(trx, row.id, {
          description: company.description,
          photo_url: name ? PhotoStore.urlFor(name) : null,
        });
      }
      return inserted;
    });
  } catch (err) {
    await photos.removeQuietly(stored);
    throw err;
  }
}

/**
 * Erases every live account whose address is under `emailDomain` as a person's own deletion does
 * (personal data gone, `accounts.user.deleted` announced so jobs and chat anonymise theirs, photo file
 * removed). Returns how many it erased.
 */
export async function eraseAccountsUnder(
  db: Database,
  dataDir: string,
  emailDomain: string,
  correlationId: string,
): Promise<number> {
  const accounts = accountsDb(db);
  const photos = photoStore(dataDir);
  const suffix = `@${emailDomain.toLowerCase()}`;
  const rows = await accounts
    .selectFrom('users')
    .select(['id', 'photo_url'])
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`right(email_normalized, ${suffix.length}) = ${suffix}`)
    .execute();
  if (rows.length === 0) return 0;
  const unusableHash = await hash(randomBytes(32).toString('hex'));
  const certificates = await accounts.transaction().execute(async (trx) => {
    const names: string[] = [];
    for (const row of rows) {
      await eraseAccount(trx, row.id, unusableHash, correlationId);
      names.push(...(await new VerificationRepository(trx).deleteOf(trx, row.id)));
    }
    return names;
  });
  const documents = certificateStore(join(dataDir, 'uploads'));
  await Promise.all(certificates.map((name) => documents.remove(name).catch(() => undefined)));
  await photos.removeQuietly(
    rows.map((row) => PhotoStore.nameFromUrl(row.photo_url)).filter((n) => n !== undefined),
  );
  return rows.length;
}
