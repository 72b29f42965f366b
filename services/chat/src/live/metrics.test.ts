import { API_PATHS } from '@marketplace/contracts';
import { METRIC_NAMES, sampleValue } from '@marketplace/service-kit';
import { eventually, scrapeMetrics } from '@marketplace/service-kit/testing';
import { createChatHarness, type ChatHarness, type Conversation } from '../testing';

describe("chat's metrics", () => {
  let h: ChatHarness;
  let chat: Conversation;
  beforeAll(async () => {
    h = await createChatHarness({}, { metrics: true });
    chat = await h.unlock(await h.member('user', 'Ada Obi'), await h.member('company', 'Ace Plumbing'));
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const scrape = () => scrapeMetrics(h.app);
  const openSockets = async () =>
    sampleValue(await scrape(), METRIC_NAMES.chatOpenSockets, { service: 'chat' });
  const deliveries = async () =>
    sampleValue(await scrape(), `${METRIC_NAMES.chatMessageDelivery}_count`) ?? 0;

  it('counts open sockets up as members connect and down as they leave', async () => {
    expect(await openSockets()).toBe(0);
    const poster = await h.socket(chat.poster);
    const company = await h.socket(chat.company);
    const second = await h.socket(chat.company);
    expect(await openSockets()).toBe(3);
    second.close();
    await eventually(async () => expect(await openSockets()).toBe(2));
    poster.close();
    company.close();
    await eventually(async () => expect(await openSockets()).toBe(0));
  });

  it('times each step of greeting a socket, and the whole from the upgrade request to the welcome', async () => {
    const steps = ['upgrade', 'subscribe', 'unread', 'total'] as const;
    const counts = async () => {
      const text = await scrape();
      return steps.map(
        (step) => sampleValue(text, `${METRIC_NAMES.chatSocketGreeting}_count`, { step }) ?? 0,
      );
    };
    const before = await counts();
    const poster = await h.socket(chat.poster);
    try {
      expect(await counts()).toEqual(before.map((n) => n + 1));
      const text = await scrape();
      const seconds = (step: string) =>
        sampleValue(text, `${METRIC_NAMES.chatSocketGreeting}_sum`, { step }) ?? Number.NaN;
      // The whole takes at least as long as its steps together.
      expect(seconds('total')).toBeGreaterThan(0);
      expect(seconds('total') + 1e-6).toBeGreaterThanOrEqual(
        seconds('upgrade') + seconds('subscribe') + seconds('unread'),
      );
    } finally {
      poster.close();
    }
  });

  it('times each delivery of a new message to a socket', async () => {
    const before = await deliveries();
    const poster = await h.socket(chat.poster);
    const company = await h.socket(chat.company);
    try {
      const sent = await h.app.inject({
        method: 'POST',
        url: API_PATHS.sendMessage,
        headers: chat.company.headers,
        payload: { chatId: chat.chatId, message: 'On my way' },
      });
      expect(sent.statusCode).toBe(201);
      await poster.next('newMessage');
      await company.next('newMessage');
      // One per socket the frame was written to: the recipient's and the sender's own.
      await eventually(async () => expect(await deliveries()).toBe(before + 2));
      // Other frames (reads, resyncs) are not deliveries of a message.
      poster.send({ type: 'markAsRead', chatId: chat.chatId, upTo: 1 });
      await company.next('messagesRead');
      expect(await deliveries()).toBe(before + 2);
    } finally {
      poster.close();
      company.close();
    }
  });
});
