import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ResolvedPaymentsSettings } from '../config';
import type { PaymentsDatabase } from '../db-types';
import type { PaymentProvider } from '../providers/provider';
import { JobsReadModel } from '../repositories/jobs-read-model';
import { PaymentsRepository } from '../repositories/payments-repository';
import { SecurityLog } from '../repositories/security-log';
import { Checkout } from './checkout';
import type { UnlockDeps } from './deps';
import { Disputes } from './disputes';
import { NoReplyRefunds } from './no-reply';
import { Reconciliation } from './reconcile';
import { Refunds } from './refunds';
import { Settlement } from './settlement';
import { Webhooks } from './webhooks';

export type { ReconcileSummary } from './reconcile';

/**
 * The unlock money path, one part per responsibility; routes and consumers each take the part they use.
 * The rules are all enforced here: price from config, who may unlock what, the cap with its re-check at
 * confirmation, exactly-once confirmation whatever order the callback, the webhook and the
 * reconciliation arrive in, refunds (race lost, duplicate, dead lead, no reply, admin) and their
 * provider calls retried until accepted. Provider calls never run inside a database transaction.
 */
export interface Unlocks {
  provider: PaymentProvider;
  payments: PaymentsRepository;
  jobs: JobsReadModel;
  /** Terms, initialize, verify (checkout.ts). */
  checkout: Checkout;
  /** The one confirmation path (settlement.ts). */
  settlement: Settlement;
  /** The provider's notifications (webhooks.ts). */
  webhooks: Webhooks;
  /** Dead-lead and admin refunds, provider refunds retried until accepted (refunds.ts). */
  refunds: Refunds;
  /** Companies' disputes of paid unlocks and admins' decisions (disputes.ts). */
  disputes: Disputes;
  /** The poster's answers and the no-reply refund (no-reply.ts). */
  noReply: NoReplyRefunds;
  /** The periodic round (reconcile.ts). */
  reconciliation: Reconciliation;
  /** Stops the loops between payments (the service is closing). */
  close(): void;
  /** Resolves once the refund rounds running have ended. */
  idle(): Promise<void>;
}

export function createUnlocks(
  db: Kysely<PaymentsDatabase>,
  provider: PaymentProvider,
  settings: ResolvedPaymentsSettings,
  logger: FastifyBaseLogger,
): Unlocks {
  const closing = new AbortController();
  const deps: UnlockDeps = {
    db,
    provider,
    settings,
    logger,
    payments: new PaymentsRepository(db),
    jobs: new JobsReadModel(db),
    security: new SecurityLog(db, logger),
    closing: closing.signal,
  };
  const settlement = new Settlement(deps);
  const refunds = new Refunds(deps);
  const noReply = new NoReplyRefunds(deps);
  return {
    provider,
    payments: deps.payments,
    jobs: deps.jobs,
    checkout: new Checkout(deps, settlement),
    settlement,
    webhooks: new Webhooks(deps, settlement),
    refunds,
    disputes: new Disputes(deps, refunds),
    noReply,
    reconciliation: new Reconciliation(deps, { settlement, noReply, refunds }),
    close: () => closing.abort(),
    idle: () => refunds.idle(),
  };
}
