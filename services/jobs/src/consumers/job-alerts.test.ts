import { createLocalBus } from '@marketplace/service-kit';
import { createTestDatabase } from '@marketplace/service-kit/testing';
import { describeJobAlertRules } from './job-alerts.cases';

jest.setTimeout(120_000);

// The embedded topology: PGlite and the in-memory bus (with the same outbox and inbox semantics).
describeJobAlertRules('in-memory bus', async () => {
  const db = await createTestDatabase();
  const buses = [await createLocalBus({ db, pollIntervalMs: 20 })];
  return {
    db,
    bus: buses[0]!,
    async newBus() {
      // One process's bus: a "restart" keeps it (the local bus lives and dies with the process).
      return buses[0]!;
    },
    async close() {
      for (const bus of buses) await bus.close();
      await db.close();
    },
  };
});
