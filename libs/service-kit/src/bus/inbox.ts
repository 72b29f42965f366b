import type { EventEnvelope } from '@marketplace/contracts';
import type { Kysely, Transaction } from 'kysely';

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Wrap a handler so each event is applied once per consumer, however often it is delivered.
 * The inbox row and the handler's writes commit together: a duplicate finds the row and is skipped,
 * and a crash before commit leaves no row, so the redelivery runs the handler again.
 * `db` is bound to the consuming service's schema; `fn` must write through `trx`.
 */
export function idempotentHandler<DB, TPayload = unknown>(
  db: Kysely<DB>,
  consumer: string,
  fn: (event: EventEnvelope<TPayload>, trx: Transaction<DB>) => Promise<void>,
): (event: EventEnvelope) => Promise<void> {
  return async (event) => {
    await db.transaction().execute(async (trx) => {
      // On PostgreSQL a concurrent duplicate waits here until the first one commits or rolls back.
      const inserted = await (trx as unknown as AnyDb)
        .insertInto('inbox')
        .values({ consumer, event_id: event.id })
        .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!inserted) return;
      await fn(event as EventEnvelope<TPayload>, trx);
    });
  };
}
