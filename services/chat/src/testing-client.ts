import {
  realtimeReconnectDelay,
  type ChatMessage,
  type WsClientFrame,
  type WsServerFrame,
} from '@marketplace/contracts';
import WebSocket from 'ws';

// A client of the /ws protocol that behaves as the chat screen must (test and benchmark support, not
// used by the service): it keeps the conversation by sequence number, queues what it sends until the
// server acknowledges it, and after any gap (a reconnect, a `resync`) asks for what it missed with
// joinRoom + after and sends its unacknowledged messages again under the same client ids. It reconnects
// by the browser's policy (contracts' realtimeReconnectDelay: under 250 ms after a drain's 1012, the 1-5 s
// back-off after a failure) and keeps the times a load test reports (sent, acknowledged, first held,
// each reconnect).

/** One lost socket and the connection that replaced it. */
export interface Reconnect {
  /** Close code of the lost socket (1006: dropped without a close frame). */
  code: number;
  closedAt: number;
  /** When the attempt that got back in was started (after the client's own wait and failed attempts). */
  openedAt?: number;
  /** When that attempt's upgrade was answered (101): the path through the ingress and the token check. */
  upgradedAt?: number;
  /** When the next socket's `welcome` arrived (undefined while still away). */
  welcomedAt?: number;
  /** Attempts that failed before that socket (refused, dropped before its welcome, timed out). */
  failedAttempts: number;
}

export interface ResilientClientOptions {
  /** The /ws URL for each attempt (e.g. the next instance when one is gone). */
  url: (attempt: number) => string;
  headers: Record<string, string>;
  chatId: string;
  /** A fixed delay before each reconnect (ms); default: the browser's policy (realtimeReconnectDelay). */
  reconnectDelayMs?: number;
  /** Clock of the recorded times (default Date.now; a load test passes performance.now). */
  now?: () => number;
}

export class ResilientChatClient {
  /** The conversation as this client knows it, by sequence number. */
  readonly messages = new Map<number, ChatMessage>();
  /** Sent, not acknowledged yet: client id -> text. */
  readonly pending = new Map<string, string>();
  /** newMessage / joined entries for a seq already held (normal after a resync; never shown twice). */
  redelivered = 0;
  /** Sockets opened (1 + reconnects). */
  connections = 0;
  resyncs = 0;
  instances: string[] = [];
  /** Error frames received (a rate_limited or unavailable send is tried again a moment later). */
  readonly errors: Array<Extract<WsServerFrame, { type: 'error' }>> = [];
  /** Own messages: when first sent, by client id. */
  readonly sentAt = new Map<string, number>();
  /** Own messages: when first acknowledged (or seen stored), by client id. */
  readonly ackedAt = new Map<string, number>();
  /** Every message held: when it was first held, by seq. */
  readonly heldAt = new Map<number, number>();
  readonly reconnects: Reconnect[] = [];
  #ws: WebSocket | undefined;
  #ready = false;
  /** Failed attempts since the last welcome (the back-off's exponent). */
  #attempt = 0;
  readonly #now: () => number;
  #stopped = false;
  #counter = 0;
  readonly #waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    private readonly options: ResilientClientOptions,
  ) {
    this.#now = options.now ?? Date.now;
  }

  /**
   * Connects and resolves once the first catch-up is done; rejects after `timeoutMs`, while the client
   * goes on trying (a failed first attempt is retried by the same policy as a reconnect).
   */
  async start(timeoutMs = 30_000): Promise<void> {
    this.#connect();
    await this.until(() => this.#ready, timeoutMs, 'the first join');
  }

  /** Queues a message (sent now when connected, else after the next reconnect); returns its client id. */
  send(text: string): string {
    const clientId = `${this.name}-${++this.#counter}`;
    this.pending.set(clientId, text);
    this.sentAt.set(clientId, this.#now());
    if (this.#ready)
      this.#frame({ type: 'sendMessage', chatId: this.options.chatId, clientId, message: text });
    return clientId;
  }

  /** The highest n such that messages 1..n are all here: where a catch-up starts. */
  contiguous(): number {
    let n = 0;
    while (this.messages.has(n + 1)) n++;
    return n;
  }

  /** Waits until `check` holds, re-checking on every frame. */
  async until(check: () => boolean, timeoutMs = 30_000, what = 'the condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.name}: timed out waiting for ${what}: ${this.describe()}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.#waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        this.#waiters.add(wake);
      });
    }
  }

  /** Connected and caught up: what it sends goes out now. */
  get ready(): boolean {
    return this.#ready;
  }

  /** The state, for a failing test's message. */
  describe(): string {
    return JSON.stringify({
      held: this.messages.size,
      contiguous: this.contiguous(),
      pending: [...this.pending.keys()].slice(0, 10),
      connections: this.connections,
      instances: this.instances,
      resyncs: this.resyncs,
      errors: this.errors.slice(-5),
    });
  }

  stop(): void {
    this.#stopped = true;
    this.#ws?.terminate();
  }

  #connect(): void {
    const openedAt = this.#now();
    const ws = new WebSocket(this.options.url(this.connections), { headers: this.options.headers });
    this.connections++;
    this.#ws = ws;
    this.#ready = false;
    let welcomed = false;
    let upgradedAt: number | undefined;
    ws.on('upgrade', () => (upgradedAt = this.#now()));
    ws.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as WsServerFrame;
      if (frame.type === 'welcome') {
        welcomed = true;
        const away = this.reconnects.at(-1);
        if (away && away.welcomedAt === undefined) Object.assign(away, { openedAt, upgradedAt });
      }
      this.#receive(frame);
    });
    ws.on('error', () => undefined); // 'close' follows
    ws.on('close', (code: number) => {
      this.#ready = false;
      if (this.#stopped || this.#ws !== ws) return;
      const last = this.reconnects.at(-1);
      // A socket that never got its welcome is a failed attempt of the same reconnect, not a new one.
      if (welcomed || this.connections === 1 || !last || last.welcomedAt !== undefined)
        this.reconnects.push({ code, closedAt: this.#now(), failedAttempts: 0 });
      else last.failedAttempts++;
      if (!welcomed) this.#attempt++;
      const delay =
        this.options.reconnectDelayMs ??
        realtimeReconnectDelay({ attempt: welcomed ? 0 : this.#attempt, closeCode: code });
      setTimeout(() => this.#connect(), delay);
    });
  }

  #frame(frame: WsClientFrame): void {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(JSON.stringify(frame));
  }

  #join(): void {
    this.#frame({ type: 'joinRoom', chatId: this.options.chatId, after: this.contiguous() });
  }

  #keep(message: ChatMessage): void {
    if (message.chatId !== this.options.chatId) return;
    if (this.messages.has(message.seq)) this.redelivered++;
    else {
      this.messages.set(message.seq, message);
      this.heldAt.set(message.seq, this.#now());
    }
    if (message.clientId && this.pending.delete(message.clientId))
      this.ackedAt.set(message.clientId, this.#now());
  }

  #receive(frame: WsServerFrame): void {
    switch (frame.type) {
      case 'welcome': {
        this.instances.push(frame.instance);
        this.#attempt = 0;
        const away = this.reconnects.at(-1);
        if (away && away.welcomedAt === undefined) away.welcomedAt = this.#now();
        this.#join();
        break;
      }
      case 'joined':
        for (const message of frame.messages) this.#keep(message);
        if (frame.hasMore) {
          this.#join();
          break;
        }
        if (!this.#ready) {
          this.#ready = true;
          // What was never acknowledged goes again under the same ids: stored once either way.
          for (const [clientId, message] of this.pending) {
            this.#frame({ type: 'sendMessage', chatId: this.options.chatId, clientId, message });
          }
        }
        break;
      case 'messageAck':
        this.#keep(frame.message);
        break;
      case 'newMessage':
        this.#keep(frame.message);
        // A gap (a doorbell that never rang): catch up from the last contiguous message.
        if (frame.message.seq > this.contiguous() + 1) this.#join();
        break;
      case 'resync':
        this.resyncs++;
        this.#join();
        break;
      case 'error': {
        this.errors.push(frame);
        const { clientId } = frame;
        // Not stored (too fast, or the database failed): the same message again a moment later.
        // A catch-up the database could not answer (no client id): ask again, or this client would
        // never be ready (it waits for its `joined`).
        if (frame.code === 'unavailable' && !clientId) setTimeout(() => this.#join(), 1000);
        const retried = frame.code === 'rate_limited' || frame.code === 'unavailable';
        if (retried && clientId && this.pending.has(clientId)) {
          setTimeout(() => {
            const message = this.pending.get(clientId);
            if (message !== undefined && this.#ready) {
              this.#frame({ type: 'sendMessage', chatId: this.options.chatId, clientId, message });
            }
          }, 1000);
        }
        break;
      }
      default:
        break;
    }
    for (const wake of this.#waiters) wake();
  }
}
