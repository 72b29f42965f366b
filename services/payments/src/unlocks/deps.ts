import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ResolvedPaymentsSettings } from '../config';
import type { PaymentsDatabase } from '../db-types';
import type { PaymentProvider } from '../providers/provider';
import type { JobsReadModel } from '../repositories/jobs-read-model';
import type { PaymentsRepository } from '../repositories/payments-repository';
import type { SecurityLog } from '../repositories/security-log';

/**
 * What the parts of the money path share (made once in index.ts): one repository of each kind, so
 * every part reads and writes through the same objects. Each part takes the fields it uses.
 */
export interface UnlockDeps {
  db: Kysely<PaymentsDatabase>;
  provider: PaymentProvider;
  settings: ResolvedPaymentsSettings;
  logger: FastifyBaseLogger;
  payments: PaymentsRepository;
  jobs: JobsReadModel;
  security: SecurityLog;
  /** Aborted when the service closes: loops over batches stop between payments. */
  closing: AbortSignal;
}
