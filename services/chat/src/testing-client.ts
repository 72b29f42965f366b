import type { ChatMessage, WsClientFrame, WsServerFrame } from '@marketplace/contracts';
import WebSocket from 'ws';

// A client of the /ws protocol that behaves as the chat screen must (test and benchmark support, not
// used by the service): it keeps the conversation by sequence number, queues what it sends until the
// server acknowledges it, and after any gap (a reconnect, a `resync`) asks for what it missed with
// joinRoom + after and sends its unacknowledged messages again under the same client ids.

export interface ResilientClientOptions {
  /** The /ws URL for each attempt (e.g. the next instance when one is gone). */
  url: (attempt: number) => string;
  headers: Record<string, string>;
  chatId: string;
  /** Delay before a reconnect (ms). The browser client uses 1 s, 5 s max, jitter 0.5. */
  reconnectDelayMs?: number;
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
  /** Error frames received (a rate_limited send is tried again a moment later). */
  readonly errors: Array<Extract<WsServerFrame, { type: 'error' }>> = [];
  #ws: WebSocket | undefined;
  #ready = false;
  #stopped = false;
  #counter = 0;
  readonly #waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    private readonly options: ResilientClientOptions,
  ) {}

  /** Connects and resolves once the first catch-up is done. */
  async start(): Promise<void> {
    this.#connect();
    await this.until(() => this.#ready, 30_000, 'the first join');
  }

  /** Queues a message (sent now when connected, else after the next reconnect); returns its client id. */
  send(text: string): string {
    const clientId = `${this.name}-${++this.#counter}`;
    this.pending.set(clientId, text);
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
    const ws = new WebSocket(this.options.url(this.connections), { headers: this.options.headers });
    this.connections++;
    this.#ws = ws;
    this.#ready = false;
    ws.on('message', (data: Buffer) => this.#receive(JSON.parse(data.toString()) as WsServerFrame));
    ws.on('error', () => undefined); // 'close' follows
    ws.on('close', () => {
      this.#ready = false;
      if (this.#stopped || this.#ws !== ws) return;
      setTimeout(() => this.#connect(), this.options.reconnectDelayMs ?? 100);
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
    else this.messages.set(message.seq, message);
    if (message.clientId) this.pending.delete(message.clientId);
  }

  #receive(frame: WsServerFrame): void {
    switch (frame.type) {
      case 'welcome':
        this.instances.push(frame.instance);
        this.#join();
        break;
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
        if (frame.code === 'rate_limited' && clientId && this.pending.has(clientId)) {
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
