import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@marketplace/contracts';
import { setUpPaymentsHarness } from '../testing';
import { CHAT_CONSUMER } from './chat';

// Chat's messages are recorded as the poster's answers (unlocks/no-reply.test.ts runs the refund rule itself).

const HOUR = 60 * 60_000;

describe('chat.message.sent (payments-chat): whether the poster answered', () => {
  const clock = Date.now();
  const h = setUpPaymentsHarness({ now: () => new Date(clock), unlockRefundHours: 72 });

  const unlocked = async () => ({ ...(await h.paidUnlock()), chatId: randomUUID() });
  const handled = (event: EventEnvelope) => h.handled(CHAT_CONSUMER, event);

  it('records the poster’s first answer on the company’s paid unlock; the company’s own messages do not count', async () => {
    const u = await unlocked();
    await handled(await h.chatMessage(u, 'company', new Date(clock + HOUR)));
    expect((await h.payment(u.reference))?.poster_answered_at).toBeNull();

    const first = new Date(clock + 2 * HOUR);
    await handled(await h.chatMessage(u, 'poster', first));
    expect((await h.payment(u.reference))?.poster_answered_at).toEqual(first);
    // A later answer, and an earlier one arriving late: the first one written is kept.
    await handled(await h.chatMessage(u, 'poster', new Date(clock + 3 * HOUR)));
    expect((await h.payment(u.reference))?.poster_answered_at).toEqual(first);
    const earlier = new Date(clock + HOUR + 60_000);
    await handled(await h.chatMessage(u, 'poster', earlier));
    expect((await h.payment(u.reference))?.poster_answered_at).toEqual(earlier);
  });

  it('ignores messages that are not about a paid unlock of the poster’s job', async () => {
    const u = await unlocked();
    const other = await unlocked();
    const at = new Date(clock + HOUR);
    for (const event of [
      // Another poster than the unlock's, a company that has not unlocked, ids that cannot be ours.
      await h.chatMessage(u, 'poster', at, { senderId: other.posterId, posterId: other.posterId }),
      await h.chatMessage(u, 'poster', at, { applicantId: other.company.id }),
      await h.chatMessage(u, 'poster', at, { jobId: 'not-a-job' }),
      await h.chatMessage(u, 'poster', at, { jobId: randomUUID() }),
    ]) {
      await handled(event);
    }
    expect((await h.payment(u.reference))?.poster_answered_at).toBeNull();
    expect((await h.payment(other.reference))?.poster_answered_at).toBeNull();
  });
});
