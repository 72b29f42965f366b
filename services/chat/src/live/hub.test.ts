import { createLocalBus, type EventBus, type LiveSubscription } from '@marketplace/service-kit';
import { createTestDatabase } from '@marketplace/service-kit/testing';
import type { Database } from '@marketplace/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { LiveHub, liveSubject, type LiveSocket } from './hub';

const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

class FakeSocket implements LiveSocket {
  readonly received: string[] = [];
  closed: number | undefined;
  send(data: string) {
    this.received.push(data);
  }
  close(code: number) {
    this.closed = code;
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('LiveHub', () => {
  let db: Database;
  let buses: EventBus[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(buses.map((b) => b.close()));
    buses = [];
  });
  afterAll(async () => {
    await db.close();
  });
  const bus = async () => {
    const b = await createLocalBus({ db });
    buses.push(b);
    return b;
  };

  it("delivers to every socket of a member on every hub, and stops with the member's last socket", async () => {
    const [here, there] = [new LiveHub(await bus(), silent), new LiveHub(await bus(), silent)];
    const [a, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    await here.attach('m1', a);
    await here.attach('m1', b);
    await there.attach('m1', c);
    expect(here.stats()).toEqual({ members: 1, sockets: 2 });

    there.tell(['m1', 'm1'], { type: 'inboxChanged', chatId: 'c1' });
    await tick();
    const frame = JSON.stringify({ type: 'inboxChanged', chatId: 'c1' });
    expect([a.received, b.received, c.received]).toEqual([[frame], [frame], [frame]]);

    here.detach('m1', a);
    here.tell(['m1'], { type: 'resync' });
    await tick();
    expect([a.received.length, b.received.length, c.received.length]).toEqual([1, 2, 2]);
    here.detach('m1', b);
    expect(here.stats()).toEqual({ members: 0, sockets: 0 });
    there.tell(['m1'], { type: 'resync' });
    await tick();
    expect([b.received.length, c.received.length]).toEqual([2, 3]);
    await here.close();
    await there.close();
  });

  it('closes the sockets of a member whose subscription fails, and resyncs those of a late one', async () => {
    const real = await bus();
    let release: (() => void) | undefined;
    const flaky: EventBus = {
      ...real,
      broadcast: (subject, data) => real.broadcast(subject, data),
      onReconnect: () => () => undefined,
      async listen(subject, handler): Promise<LiveSubscription> {
        if (subject === liveSubject('broken')) throw new Error('no bus');
        if (subject === liveSubject('slow')) await new Promise<void>((resolve) => (release = resolve));
        return real.listen(subject, handler);
      },
    };
    const hub = new LiveHub(flaky, silent, 50);
    const broken = new FakeSocket();
    await expect(hub.attach('broken', broken)).rejects.toThrow('no bus');
    expect(broken.closed).toBe(1011);
    expect(hub.stats().members).toBe(0);

    const slow = new FakeSocket();
    await hub.attach('slow', slow); // gives up waiting after 50 ms
    expect(slow.received).toEqual([]);
    release?.();
    await tick();
    expect(slow.received).toEqual([JSON.stringify({ type: 'resync' })]);
    await hub.close();
  });

  it('asks all its sockets to resync when the bus says it reconnected', async () => {
    const real = await bus();
    const listeners: Array<() => void> = [];
    const hub = new LiveHub({ ...real, onReconnect: (l) => (listeners.push(l), () => undefined) }, silent);
    const [a, b] = [new FakeSocket(), new FakeSocket()];
    await hub.attach('m1', a);
    await hub.attach('m2', b);
    for (const listener of listeners) listener();
    expect([a.received, b.received]).toEqual([
      [JSON.stringify({ type: 'resync' })],
      [JSON.stringify({ type: 'resync' })],
    ]);
    await hub.close();
  });

  it('rings a message once per socket: a retried send that rings again is not delivered twice', async () => {
    const [here, there] = [new LiveHub(await bus(), silent), new LiveHub(await bus(), silent)];
    const recipient = new FakeSocket();
    await here.attach('m1', recipient);
    const message = (seq: number, clientId: string) => ({
      _id: `id-${seq}`,
      chatId: 'c1',
      seq,
      clientId,
      sender: { _id: 'm2', name: 'Ace' },
      message: 'Hello',
      sentAt: new Date().toISOString(),
      read: false,
    });
    here.tell(['m1'], { type: 'newMessage', message: message(1, 'k1') });
    await tick();
    // The sender's instance went away before acking; the client sent it again elsewhere.
    there.tell(['m1'], { type: 'newMessage', message: message(1, 'k1') });
    there.tell(['m1'], { type: 'newMessage', message: message(2, 'k2') });
    await tick();
    const seqs = recipient.received.map(
      (frame) => (JSON.parse(frame) as { message: { seq: number } }).message.seq,
    );
    expect(seqs).toEqual([1, 2]);
    // Another conversation's seq 1 is another message.
    here.tell(['m1'], { type: 'newMessage', message: { ...message(1, 'k9'), chatId: 'c2' } });
    await tick();
    expect(recipient.received).toHaveLength(3);
    await Promise.all([here.close(), there.close()]);
  });
});
