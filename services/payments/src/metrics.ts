import { METRIC_NAMES, type ServiceMetrics } from '@marketplace/service-kit';
import { sql, type Kysely } from 'kysely';
import type { PaymentsDatabase, PaymentStatus } from './db-types';

const STATES: readonly PaymentStatus[] = ['pending', 'paid', 'failed', 'refunded'];

/**
 * payments_by_state on /metrics (when the host serves metrics): one grouped count of the unlock
 * payments per scrape. Every state is reported, 0 included, so a rate or an alert on a state never
 * sees its series vanish. The count reads the whole table; at a scrape every 15-30 s that is cheap for
 * years of unlocks, and an index on status would serve it if it ever is not.
 */
export function watchPaymentsByState(
  metrics: ServiceMetrics | undefined,
  db: Kysely<PaymentsDatabase>,
): void {
  metrics?.gaugeOnScrape({
    name: METRIC_NAMES.paymentsByState,
    help: 'Unlock payments in each state (pending, paid, failed, refunded).',
    labelNames: ['state'],
    read: async (gauge) => {
      const rows = await db
        .selectFrom('unlock_payments')
        .select(['status', sql<string | number>`count(*)`.as('count')])
        .groupBy('status')
        .execute();
      const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
      for (const state of STATES) gauge.set({ state }, counts.get(state) ?? 0);
    },
  });
}
