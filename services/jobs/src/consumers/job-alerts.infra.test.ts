import { randomBytes } from 'node:crypto';
import { createNatsBus, type EventBus } from '@marketplace/service-kit';
import { createTestDatabase } from '@marketplace/service-kit/testing';
import { describeJobAlertRules } from './job-alerts.cases';

jest.setTimeout(120_000);

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

// The distributed topology: PostgreSQL and NATS JetStream; a restart is a new connection taking the
// same durable consumer over.
describeJobAlertRules('NATS JetStream', async () => {
  const db = await createTestDatabase();
  expect(db.kind).toBe('postgres');
  const namespace = `talerts${randomBytes(4).toString('hex')}`;
  const buses: EventBus[] = [
    await createNatsBus({ servers, name: 'alerts-infra', namespace, retryDelayMs: 20 }),
  ];
  return {
    db,
    bus: buses[0]!,
    async newBus(name) {
      const bus = await createNatsBus({ servers, name: `alerts-infra-${name}`, namespace, retryDelayMs: 20 });
      buses.push(bus);
      return bus;
    },
    async close() {
      for (const bus of buses.reverse()) await bus.close();
      await db.close();
    },
  };
});
