import { createTestDatabase } from '../testing/test-database';
import { captureLogger, randomLetters, waitFor } from './bus-test-utils';
import { createEventBus, newEvent } from './index';

// A PGlite cold start alone can take several seconds on a loaded machine.
jest.setTimeout(30_000);

describe('createEventBus', () => {
  it('uses the in-database local bus when no NATS URL is set', async () => {
    const db = await createTestDatabase();
    const bus = await createEventBus({
      name: 'test',
      db,
      logger: captureLogger(),
      natsUrl: undefined,
      local: { pollIntervalMs: 50 },
    });
    try {
      expect(bus.kind).toBe('local');
      const type = `payments.${randomLetters()}.succeeded`;
      const seen: string[] = [];
      await bus.subscribe({
        durable: 'factory',
        filterSubject: type,
        handle: async (e) => void seen.push(e.id),
      });
      const e = newEvent(type, {}, { correlationId: 'c' });
      await bus.publish(e);
      await waitFor(() => seen.includes(e.id), 'the event');
    } finally {
      await bus.close();
      await db.close();
    }
  });
});
