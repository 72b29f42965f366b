// The realtime channel: one plain WebSocket to /ws on the page's own origin (the session cookie travels
// with the upgrade; no token is ever put in the address). It reconnects for as long as the page wants it
// (spec: 1 s initial, 5 s max, jitter 0.5, unlimited attempts, 20 s connection time-out; after close 1012,
// a replica draining, at once elsewhere: a random wait under 1 s; the policy is contracts'
// realtimeReconnectDelay), notices a dead connection with pings, and follows the browser's online/offline
// events. What the frames mean is the
// chat session's business (../stores/chat-session.ts); this module only moves them.
import {
  REALTIME_RECONNECT,
  realtimeReconnectDelay,
  WEBSOCKET_PATH,
  WS_CLOSE_CODES,
  type RealtimeReconnectPolicy,
  type WsClientFrame,
  type WsServerFrame,
} from '@marketplace/contracts';

/** What this module needs of a WebSocket (the browser's, or a fake in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

/**
 * connecting: the first connection is being made. open: frames flow. reconnecting: the connection was
 * lost (or never made) and another attempt is waiting or under way. stopped: the page closed it.
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'stopped';

const OPEN = 1;

export interface RealtimeOptions {
  onFrame: (frame: WsServerFrame) => void;
  onState?: (state: ConnectionState) => void;
  /** Default: ws(s)://<this origin>/ws. */
  url?: string;
  createSocket?: WebSocketFactory;
  policy?: RealtimeReconnectPolicy;
  random?: () => number;
  /** Quiet time after which a ping is sent (default 25 s), and how long to wait for any answer (10 s). */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  /** Where online/offline events come from (default: window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /**
   * Renews the session (POST /api/user/refresh); true when it worked. Called when the server closes the
   * socket because its session ended (4401), and once when a connection is refused before it opened
   * (an expired access cookie looks like that to a browser): with a fresh session the next attempt is
   * made at once instead of failing every few seconds. Without it, both are ordinary drops.
   */
  renewSession?: () => Promise<boolean>;
}

/** ws://host/ws for http://host, wss://host/ws for https://host. */
export function realtimeUrl(origin: string = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}${WEBSOCKET_PATH}`;
}

function isServerFrame(value: unknown): value is WsServerFrame {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

export class RealtimeConnection {
  private socket: WebSocketLike | null = null;
  private stopped = true;
  private attempt = 0;
  private everOpened = false;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private deadTimer: ReturnType<typeof setTimeout> | undefined;
  private current: ConnectionState = 'stopped';
  /** A renewal was tried since the server last sent a frame (one per failure streak). */
  private renewed = false;
  private readonly options: Required<Omit<RealtimeOptions, 'onState' | 'events' | 'renewSession'>> &
    Pick<RealtimeOptions, 'onState' | 'events' | 'renewSession'>;

  constructor(options: RealtimeOptions) {
    this.options = {
      url: options.url ?? realtimeUrl(),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      policy: options.policy ?? REALTIME_RECONNECT,
      random: options.random ?? Math.random,
      heartbeatMs: options.heartbeatMs ?? 25_000,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 10_000,
      onFrame: options.onFrame,
      onState: options.onState,
      renewSession: options.renewSession,
      events: options.events ?? (typeof window === 'undefined' ? undefined : window),
    };
  }

  get state(): ConnectionState {
    return this.current;
  }

  /**
   * Failed attempts since the last good connection (the next delay's exponent). The quick attempt after
   * a service restart (1012) counts too: if it fails, the back-off goes on from its second step.
   */
  get attempts(): number {
    return this.attempt;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.options.events?.addEventListener('online', this.onOnline);
    this.options.events?.addEventListener('offline', this.onOffline);
    this.connect();
  }

  /** Closes the connection for good (leaving the page). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.options.events?.removeEventListener('online', this.onOnline);
    this.options.events?.removeEventListener('offline', this.onOffline);
    this.clearTimers();
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      try {
        socket.close(1000, 'leaving');
      } catch {
        // already closed
      }
    }
    this.setState('stopped');
  }

  /** Sends a frame when the connection is open; false (nothing sent) otherwise. */
  send(frame: WsClientFrame): boolean {
    const socket = this.socket;
    if (!socket || this.current !== 'open' || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private setState(next: ConnectionState): void {
    if (next === this.current) return;
    this.current = next;
    this.options.onState?.(next);
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.stopped) return;
    this.setState(this.everOpened || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let socket: WebSocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => this.drop(socket), this.options.policy.connectTimeoutMs);
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      clearTimeout(this.connectTimer);
      this.everOpened = true;
      this.armHeartbeat(socket);
      this.setState('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      // A frame is the proof the server accepted us: the next failure starts again at 1 s.
      this.attempt = 0;
      this.renewed = false;
      this.armHeartbeat(socket);
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return; // not ours
      }
      if (isServerFrame(frame)) this.options.onFrame(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      const ended = event.code === WS_CLOSE_CODES.sessionEnded;
      if (this.options.renewSession && (ended || (!opened && !this.renewed))) this.renew(socket);
      else this.drop(socket, event.code);
    };
    socket.onerror = () => {
      // A close event follows; the connection time-out covers a socket that never says more.
    };
  }

  /**
   * Forgets `socket` (closed, silent or hopeless) and schedules the next attempt; `closeCode` is the
   * server's when it closed the socket (1012: reconnect now, elsewhere).
   */
  private drop(socket: WebSocketLike, closeCode?: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    detach(socket);
    try {
      socket.close();
    } catch {
      // already closed
    }
    this.clearTimers();
    if (!this.stopped) this.scheduleRetry(closeCode);
  }

  /** The session ended (or the upgrade was refused): renew it, then connect again at once. */
  private renew(socket: WebSocketLike): void {
    if (this.socket !== socket || !this.options.renewSession) return;
    this.socket = null;
    detach(socket);
    this.clearTimers();
    this.renewed = true;
    this.setState('reconnecting');
    // Not renewed means offline or accounts could not answer (5xx: the session is kept), or signed out
    // (the page then leaves and stops us). Then the next refused attempt may renew again: else a session
    // whose access cookie expired while the network or accounts was gone would be refused for ever.
    const notRenewed = () => {
      if (this.stopped || this.socket) return;
      this.renewed = false;
      this.scheduleRetry();
    };
    void this.options.renewSession().then((renewed) => {
      if (!renewed) notRenewed();
      else if (!this.stopped && !this.socket) this.connect();
    }, notRenewed);
  }

  private scheduleRetry(closeCode?: number): void {
    this.setState('reconnecting');
    const delay = realtimeReconnectDelay({
      attempt: this.attempt,
      closeCode,
      random: this.options.random,
      policy: this.options.policy,
    });
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** After quiet time, ping; with no frame at all within the time-out, the connection is dead. */
  private armHeartbeat(socket: WebSocketLike): void {
    clearTimeout(this.pingTimer);
    clearTimeout(this.deadTimer);
    this.pingTimer = setTimeout(() => {
      if (this.socket !== socket) return;
      this.send({ type: 'ping' });
      this.deadTimer = setTimeout(() => this.drop(socket), this.options.heartbeatTimeoutMs);
    }, this.options.heartbeatMs);
  }

  private clearTimers(): void {
    clearTimeout(this.connectTimer);
    clearTimeout(this.pingTimer);
    clearTimeout(this.deadTimer);
  }

  /** Back online: try now instead of waiting out the delay. */
  private readonly onOnline = () => {
    if (!this.stopped && !this.socket && this.retryTimer !== undefined) this.connect();
  };

  /** Offline: the socket may look open for minutes; treat it as lost now so new messages queue. */
  private readonly onOffline = () => {
    if (this.socket) this.drop(this.socket);
  };
}

function detach(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onclose = null;
  socket.onmessage = null;
  socket.onerror = null;
}
