import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { JobsDatabase } from '../db-types';
import { alertMatched } from '../events';
import { AlertsRepository, unsubscribeSignature } from '../repositories/alerts-repository';

/** Durable consumer name on the JOBS stream (this service consumes its own `jobs.job.posted`). */
export const JOB_ALERTS_CONSUMER = 'jobs-job-alerts';

/** Recipients per `jobs.alert.matched` event: keeps each message far under NATS' 1 MB payload limit. */
export const ALERT_RECIPIENTS_PER_EVENT = 500;

/**
 * `jobs.job.posted` -> every matching company's in-app notification (one insert-select), then the
 * companies that want e-mail announced to accounts (`jobs.alert.matched`, in chunks) with the signed
 * unsubscribe link's signature. Runs through `service.consume`: the inbox row, the notifications and
 * the outbox rows commit together, so a redelivered event (a restart, a lost ack) finds its inbox row
 * and does nothing; the notifications' unique key would skip everyone anyway.
 */
export function jobAlertHandlers(unlockCap: number): EventHandlers<JobsDatabase> {
  return {
    'jobs.job.posted': async ({ jobId }, trx, event) => {
      if (!isUuid(jobId)) return;
      const alerts = new AlertsRepository(trx);
      const outcome = await alerts.fanOut(trx, jobId, unlockCap);
      if (!outcome || outcome.mailed.length === 0) return;
      const key = await alerts.signingKey();
      const { job } = outcome;
      for (let start = 0; start < outcome.mailed.length; start += ALERT_RECIPIENTS_PER_EVENT) {
        const recipients = outcome.mailed.slice(start, start + ALERT_RECIPIENTS_PER_EVENT).map((r) => ({
          companyId: r.companyId,
          email: r.email,
          unsubscribeSignature: unsubscribeSignature(key, r.companyId),
        }));
        await alertMatched(
          trx,
          {
            jobId: job.id,
            jobHeading: job.jobHeading,
            category: job.category,
            subcategory: job.subcategory,
            state: job.state,
            postedAt: job.createdAt.toISOString(),
            recipients,
          },
          event.correlationId,
        );
      }
    },
  };
}
