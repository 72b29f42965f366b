import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventPayload } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { sql } from 'kysely';
import { createPaymentsHarness, type PaymentsHarness } from '../testing';
import { CHAT_CONSUMER } from './chat';

// Chat's messages are recorded as the poster's answers (unlocks/no-reply.test.ts runs the refund rule itself).

const HOUR = 60 * 60_000;

describe('chat.message.sent (payments-chat): whether the poster answered', () => {
  let h: PaymentsHarness;
  const clock = Date.now();
  beforeAll(async () => {
    h = await createPaymentsHarness({ now: () => new Date(clock), unlockRefundHours: 72 });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  async function unlocked() {
    const company = await h.account('company');
    const job = await h.postJob();
    const reference = await h.unlockWithSandbox(company.headers, job.jobId);
    return { company, ...job, reference, chatId: randomUUID() };
  }
  type Unlocked = Awaited<ReturnType<typeof unlocked>>;
  let seq = 0;
  const message = (
    u: Unlocked,
    from: 'poster' | 'company',
    sentAt: Date,
    overrides: Partial<EventPayload<'chat.message.sent'>> = {},
  ) =>
    h.chatEvent('chat.message.sent', {
      chatId: u.chatId,
      jobId: u.jobId,
      messageId: randomUUID(),
      seq: ++seq,
      senderId: from === 'poster' ? u.posterId : u.company.id,
      recipientId: from === 'poster' ? u.company.id : u.posterId,
      posterId: u.posterId,
      applicantId: u.company.id,
      sentAt: sentAt.toISOString(),
      ...overrides,
    });
  /** Resolves once the consumer has handled the event (its inbox row is there). */
  const handled = (event: EventEnvelope) =>
    eventually(async () => {
      const { rows } = await sql`select 1 from payments.inbox where consumer = ${CHAT_CONSUMER}
        and event_id = ${event.id}`.execute(h.service.db.raw);
      expect(rows).toHaveLength(1);
    });

  it('records the poster’s first answer on the company’s paid unlock; the company’s own messages do not count', async () => {
    const u = await unlocked();
    await handled(await message(u, 'company', new Date(clock + HOUR)));
    expect((await h.payment(u.reference))?.poster_answered_at).toBeNull();

    const first = new Date(clock + 2 * HOUR);
    await handled(await message(u, 'poster', first));
    expect((await h.payment(u.reference))?.poster_answered_at).toEqual(first);
    // A later answer, and an earlier one arriving late: the first one written is kept.
    await handled(await message(u, 'poster', new Date(clock + 3 * HOUR)));
    expect((await h.payment(u.reference))?.poster_answered_at).toEqual(first);
    const earlier = new Date(clock + HOUR + 60_000);
    await handled(await message(u, 'poster', earlier));
    expect((await h.payment(u.reference))?.poster_answered_at).toEqual(earlier);
  });

  it('ignores messages that are not about a paid unlock of the poster’s job', async () => {
    const u = await unlocked();
    const other = await unlocked();
    const at = new Date(clock + HOUR);
    for (const event of [
      // Another poster than the unlock's, a company that has not unlocked, ids that cannot be ours.
      await message(u, 'poster', at, { senderId: other.posterId, posterId: other.posterId }),
      await message(u, 'poster', at, { applicantId: other.company.id }),
      await message(u, 'poster', at, { jobId: 'not-a-job' }),
      await message(u, 'poster', at, { jobId: randomUUID() }),
    ]) {
      await handled(event);
    }
    expect((await h.payment(u.reference))?.poster_answered_at).toBeNull();
    expect((await h.payment(other.reference))?.poster_answered_at).toBeNull();
  });
});
