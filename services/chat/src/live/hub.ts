import type { WsServerFrame } from '@marketplace/contracts';
import type { EventBus, LiveSubscription } from '@marketplace/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/** What the hub needs of a socket. */
export interface LiveSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
}

/** The bus subject of one member's doorbell. Outside the CHAT stream's `chat.>` on purpose. */
export const liveSubject = (memberId: string) => `live.chat.${memberId}`;

interface MemberEntry {
  sockets: Set<LiveSocket>;
  subscription: Promise<LiveSubscription | undefined>;
  /** `chatId:seq` of the latest messages rung to these sockets (a retried send rings again). */
  rung: Set<string>;
}

/** How many rung messages a member's entry remembers: far more than arrive within a retry's seconds. */
const RUNG_REMEMBERED = 256;

const RESYNC = JSON.stringify({ type: 'resync' } satisfies WsServerFrame);
/** How a new message's frame starts (`tell` stringifies `{ type, message }` in that order). */
const NEW_MESSAGE_FRAME = '{"type":"newMessage",';

/**
 * Per-member delivery across instances. Every instance listens on the subject of each member that
 * has a socket on it (subscribed with the first socket, dropped with the last) and hands what it hears
 * to all of that member's sockets, verbatim. Telling a member something is one broadcast on the bus,
 * which reaches the instances that have their sockets, this one included. The bus is only the
 * doorbell: the database has every message, and `resync` makes sockets catch up from it whenever live
 * delivery may have missed something.
 */
export class LiveHub {
  readonly #members = new Map<string, MemberEntry>();
  #stopReconnect: (() => void) | undefined;
  #closed = false;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: FastifyBaseLogger,
    /** How long `attach` waits for the bus before letting the socket go on (a resync follows). */
    private readonly attachTimeoutMs = 3000,
    /**
     * Told, for each socket a new message is written to, the seconds since the message was stored
     * (see #sendTo; chat_message_delivery_seconds).
     */
    private readonly observeDelivery?: (seconds: number) => void,
  ) {
    // NATS came back: whatever was broadcast while it was away is lost for live delivery.
    this.#stopReconnect = bus.onReconnect(() => this.resyncAll());
  }

  /**
   * Adds a socket of a member. Resolves once the member's subscription is in effect (or after
   * `attachTimeoutMs`; the member's sockets then get `resync` when it is), so a message stored after
   * the caller catches up from the database is always rung.
   */
  async attach(memberId: string, socket: LiveSocket): Promise<void> {
    if (this.#closed) throw new Error('live hub is closed');
    let entry = this.#members.get(memberId);
    if (!entry) {
      const created: MemberEntry = {
        sockets: new Set(),
        subscription: Promise.resolve(undefined),
        rung: new Set(),
      };
      created.subscription = this.#subscribe(memberId, created);
      created.subscription.catch(() => undefined); // handled in #subscribe and by the awaiting attach
      entry = created;
      this.#members.set(memberId, entry);
    }
    entry.sockets.add(socket);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.attachTimeoutMs);
    });
    const outcome = await Promise.race([entry.subscription, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.logger.warn({ memberId }, 'live subscription is slow; the socket resyncs when it is in place');
      const pending = entry;
      pending.subscription.then(
        (sub) => {
          if (sub && this.#members.get(memberId) === pending) this.#sendTo(pending, RESYNC);
        },
        () => undefined,
      );
    }
  }

  /** Removes a socket; the member's subscription goes with their last socket on this instance. */
  detach(memberId: string, socket: LiveSocket): void {
    const entry = this.#members.get(memberId);
    if (!entry || !entry.sockets.delete(socket) || entry.sockets.size > 0) return;
    this.#members.delete(memberId);
    entry.subscription.then(
      (sub) => sub?.unsubscribe(),
      () => undefined,
    );
  }

  /** Sends `frame` to every socket of these members, on every instance. */
  tell(memberIds: readonly string[], frame: WsServerFrame): void {
    const data = JSON.stringify(frame);
    for (const memberId of new Set(memberIds)) {
      try {
        this.bus.broadcast(liveSubject(memberId), data);
      } catch (err) {
        // Stored anyway; the member catches up on the next join or resync.
        this.logger.warn({ err, memberId }, 'live broadcast failed');
      }
    }
  }

  /** Asks every socket on this instance to catch up from the database. */
  resyncAll(): void {
    for (const entry of this.#members.values()) this.#sendTo(entry, RESYNC);
  }

  /** Members and sockets on this instance (for logs and the benchmark). */
  stats(): { members: number; sockets: number } {
    let sockets = 0;
    for (const entry of this.#members.values()) sockets += entry.sockets.size;
    return { members: this.#members.size, sockets };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopReconnect?.();
    const entries = [...this.#members.values()];
    this.#members.clear();
    await Promise.all(
      entries.map((entry) =>
        entry.subscription.then(
          (sub) => sub?.unsubscribe(),
          () => undefined,
        ),
      ),
    );
  }

  async #subscribe(memberId: string, entry: MemberEntry): Promise<LiveSubscription | undefined> {
    let sub: LiveSubscription;
    try {
      sub = await this.bus.listen(liveSubject(memberId), (data) => this.#sendTo(entry, data));
    } catch (err) {
      // Without a doorbell these sockets would wait for nothing: close them, the clients reconnect.
      this.logger.error({ err, memberId }, 'live subscription failed');
      if (this.#members.get(memberId) === entry) this.#members.delete(memberId);
      for (const socket of entry.sockets) socket.close(1011, 'live delivery unavailable');
      throw err;
    }
    // The last socket left (or the hub closed) while subscribing.
    if (this.#members.get(memberId) !== entry) {
      sub.unsubscribe();
      return undefined;
    }
    return sub;
  }

  #sendTo(entry: MemberEntry, data: string): void {
    const message = newMessageOf(data);
    if (message) {
      // A send retried after a lost ack rings again, for a doorbell the first attempt may never have
      // rung; sockets that heard it the first time must not get it twice.
      const key = `${message.chatId}:${message.seq}`;
      if (entry.rung.has(key)) return;
      entry.rung.add(key);
      if (entry.rung.size > RUNG_REMEMBERED) entry.rung.delete(entry.rung.values().next().value!);
    }
    const storedAt = message && this.observeDelivery ? Date.parse(message.sentAt) : NaN;
    for (const socket of entry.sockets) {
      try {
        socket.send(data);
        // What this measures: from the message's `sentAt` (stamped by the writer inside the transaction
        // that stores it, on the instance that stored it) to this instance handing the frame to the
        // recipient's socket (ws queues it to the kernel; the network to the browser is not in it).
        // So it covers the commit, the bus hop between instances and this instance's queue. Clocks of
        // two instances may differ by their NTP skew; a negative difference counts as 0.
        if (Number.isFinite(storedAt)) this.observeDelivery?.(Math.max(0, Date.now() - storedAt) / 1000);
      } catch (err) {
        this.logger.debug({ err }, 'send to a closing socket failed');
      }
    }
  }
}

/** The message of a newMessage frame (what the hub needs of it), or undefined for any other frame. */
function newMessageOf(data: string): { chatId: string; seq: number; sentAt: string } | undefined {
  if (!data.startsWith(NEW_MESSAGE_FRAME)) return undefined;
  try {
    const frame = JSON.parse(data) as { message?: { chatId?: unknown; seq?: unknown; sentAt?: unknown } };
    const { chatId, seq, sentAt } = frame.message ?? {};
    if (typeof chatId !== 'string' || typeof seq !== 'number') return undefined;
    return { chatId, seq, sentAt: typeof sentAt === 'string' ? sentAt : '' };
  } catch {
    return undefined;
  }
}
