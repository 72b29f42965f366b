import { metricsOf, setupService, type ServiceDeps } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import { resolvePaymentsSettings, type PaymentsSettings } from './config';
import { CHAT_CONSUMER, chatHandlers } from './consumers/chat';
import { JOBS_CONSUMER, jobsReadModelHandlers } from './consumers/jobs';
import { MEMBERS_CONSUMER, paymentsMemberHandlers } from './consumers/members';
import type { PaymentsDatabase } from './db-types';
import { watchPaymentsByState } from './metrics';
import { paymentsMigrations } from './migrations';
import { PaystackProvider } from './providers/paystack';
import type { PaymentProvider } from './providers/provider';
import { SANDBOX_TRANSFER_ACCOUNT, SandboxProvider } from './providers/sandbox';
import { PaymentsRepository } from './repositories/payments-repository';
import { ReceiptsRepository } from './repositories/receipts-repository';
import { disputeRoutes } from './routes/disputes';
import { paymentRoutes } from './routes/payments';
import { receiptRoutes } from './routes/receipts';
import { sandboxRoutes } from './routes/sandbox';
import { unlockRoutes } from './routes/unlock';
import { webhookRoutes } from './routes/webhook';
import { createUnlocks, type Unlocks } from './unlocks';

/** What the payments package offers its hosts (the standalone main and the edge). */
export {
  PaymentsConfigSchema,
  loadPaymentsSettings,
  paymentsSettingsFromConfig,
  type PaymentsConfig,
  type PaymentsSettings,
  type PaystackSettings,
} from './config';
export type { ReconcileSummary } from './unlocks';
// For bench/admin-payments.ts: the schema and the admins' list query, timed as the route runs them.
export { paymentsMigrations } from './migrations';
export { PaymentsRepository } from './repositories/payments-repository';
export type { PaymentsDatabase } from './db-types';

/** Handles a host (or a test) may hold on to. */
export interface PaymentsControls {
  /** One reconciliation round now (the interval runs it too). */
  reconcile: Unlocks['reconciliation']['run'];
  /** Ask the provider for the refunds that are due now. */
  processRefunds: Unlocks['refunds']['processDue'];
  unlocks: Unlocks;
}

/** `payments`: provider, price, cap, public URL, reconciliation (see config.ts). */
export type PaymentsServiceOptions = ServiceDeps & {
  payments?: PaymentsSettings;
  /** Called once the service is set up, with handles a host or a test may use. */
  onControls?: (controls: PaymentsControls) => void;
};

/**
 * The payments service as a Fastify plugin: unlock payments with Paystack (when its secret key is set)
 * or the sandbox provider (a test checkout page served here), mounted alone by main.ts or with the
 * others by the edge.
 */
export default async function paymentsService(app: FastifyInstance, options: PaymentsServiceOptions) {
  const settings = resolvePaymentsSettings(options.payments);
  const service = await setupService<PaymentsDatabase>(app, {
    name: 'payments',
    schema: 'payments',
    migrations: paymentsMigrations,
    deps: options,
  });
  const { db } = service;

  const sandbox = settings.paystack
    ? undefined
    : new SandboxProvider(db, {
        publicUrl: settings.publicUrl ?? '',
        ...(settings.sandboxSecret ? { secret: settings.sandboxSecret } : {}),
        now: settings.now,
        transferConfirmMs: settings.sandboxTransferConfirmMs,
      });
  const provider: PaymentProvider = settings.paystack
    ? new PaystackProvider(settings.paystack)
    : (sandbox as SandboxProvider);
  if (sandbox && settings.production) {
    app.log.warn(
      'payments: no PAYSTACK_SECRET_KEY; the SANDBOX provider takes test payments (no real money)',
    );
  }
  const unlocks = createUnlocks(db, provider, settings, app.log);
  watchPaymentsByState(metricsOf(app), db);

  service.consume({
    durable: MEMBERS_CONSUMER,
    filterSubject: 'accounts.user.*',
    handlers: paymentsMemberHandlers,
  });
  service.consume({
    durable: JOBS_CONSUMER,
    filterSubject: 'jobs.>',
    handlers: jobsReadModelHandlers(unlocks.refunds),
  });
  service.consume({
    durable: CHAT_CONSUMER,
    filterSubject: 'chat.message.*',
    handlers: chatHandlers(unlocks.noReply),
  });

  // Refunds decided in a transaction (with their event) go to the provider right after the commit.
  const stopListening = options.db.onOutboxCommitted('payments', () => unlocks.refunds.kick());
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    if (settings.reconcileIntervalMs > 0) {
      timer = setInterval(() => {
        if (round) return;
        round = unlocks.reconciliation
          .run()
          .catch((err) => app.log.error({ err }, 'reconciliation round failed'))
          .finally(() => (round = undefined));
      }, settings.reconcileIntervalMs);
      timer.unref();
    }
    unlocks.refunds.kick();
  });
  app.addHook('onClose', async () => {
    stopListening();
    if (timer) clearInterval(timer);
    unlocks.close();
    await round;
    await unlocks.idle();
  });

  const receipts = new ReceiptsRepository(db);
  await app.register(unlockRoutes, { checkout: unlocks.checkout, jobs: unlocks.jobs });
  await app.register(webhookRoutes, { webhooks: unlocks.webhooks });
  await app.register(paymentRoutes, {
    checkout: unlocks.checkout,
    refunds: unlocks.refunds,
    payments: unlocks.payments,
    receipts,
    settings,
    ...(sandbox
      ? {
          sandboxTransfer: async (reference: string) =>
            (await sandbox.find(reference))?.transfer_sent_at ? { ...SANDBOX_TRANSFER_ACCOUNT } : null,
        }
      : {}),
  });
  await app.register(receiptRoutes, { receipts });
  await app.register(disputeRoutes, { disputes: unlocks.disputes });
  if (sandbox) {
    const payments = new PaymentsRepository(db);
    await app.register(sandboxRoutes, {
      sandbox,
      publicUrl: settings.publicUrl ?? '',
      payerOf: async (reference) => (await payments.findByReference(reference))?.company_id,
      transferConfirmMs: settings.sandboxTransferConfirmMs,
    });
  }

  options.onControls?.({
    reconcile: (correlationId) => unlocks.reconciliation.run(correlationId),
    processRefunds: () => unlocks.refunds.processDue(),
    unlocks,
  });
}
