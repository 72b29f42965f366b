import {
  CHAT_MESSAGES,
  WS_CLOSE_CODES,
  WsClientFrameSchema,
  type WsClientFrame,
  type WsServerFrame,
} from '@marketplace/contracts';
import { containsNul, type AccessClaims } from '@marketplace/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { Compile } from 'typebox/compile';
import type { RawData, WebSocket } from 'ws';
import type { Conversations } from '../conversations';
import { ChatError } from '../errors';
import type { LiveHub, LiveSocket } from './hub';
import type { GreetingStep } from './metrics';

const checkFrame = Compile(WsClientFrameSchema);

/** Frames of one socket waiting to be handled; more than this and the client is flooding. */
const MAX_QUEUED_FRAMES = 64;
/** A client that does not read what it is sent is dropped before it holds this much memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const UNAVAILABLE = 'The chat is unavailable right now. Please try again.';

export interface ConnectionDeps {
  conversations: Conversations;
  hub: LiveHub;
  instance: string;
  logger: FastifyBaseLogger;
  /** Told how long each step of the greeting took (chat_socket_greeting_seconds). */
  observeGreeting?: (step: GreetingStep, seconds: number) => void;
}

/**
 * One member's socket. Frames are handled one after another in the order they came (a client's
 * messages are stored in the order it sent them); every frame is checked against the protocol and a
 * bad one is answered with an `error` frame while the socket stays open.
 */
export class ChatConnection implements LiveSocket {
  /** Answered the last heartbeat ping. */
  alive = true;
  #queue: Promise<void>;
  #queued = 0;
  #frames = 0;
  #closed = false;
  /** The instance is stopping: frames that arrive from now on are not handled (the client sends them again elsewhere). */
  #draining = false;
  #expiry: NodeJS.Timeout | undefined;
  private readonly userId: string;
  /** The member and session the socket was opened for (checked against revocations). */
  readonly sub: string;
  readonly sid: string | undefined;

  constructor(
    private readonly ws: WebSocket,
    claims: AccessClaims,
    private readonly requestId: string,
    private readonly deps: ConnectionDeps,
    /** performance.now() when the upgrade request arrived (the greeting's total is timed from it). */
    private readonly arrivedAt = performance.now(),
  ) {
    this.userId = claims.sub;
    this.sub = claims.sub;
    this.sid = claims.sid;
    ws.on('message', (data: RawData, isBinary: boolean) => this.#receive(data, isBinary));
    ws.on('pong', () => (this.alive = true));
    ws.on('close', () => {
      this.#closed = true;
      clearTimeout(this.#expiry);
      deps.hub.detach(this.userId, this);
    });
    // The socket ends with the access token it was opened with (the client refreshes and reconnects).
    if (claims.exp !== undefined) {
      const left = Math.max(0, claims.exp * 1000 - Date.now());
      this.#expiry = setTimeout(() => this.close(WS_CLOSE_CODES.sessionEnded, 'session expired'), left);
      this.#expiry.unref();
    }
    // Frames that arrive before the welcome wait for it (the queue starts with it).
    this.#queue = this.#welcome();
  }

  send(data: string): void {
    if (this.#closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      // It will reconnect and catch up from the database.
      this.deps.logger.warn({ userId: this.userId }, 'dropping a socket that does not read');
      this.ws.terminate();
      return;
    }
    this.ws.send(data);
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) {
      this.ws.close(code, reason);
    }
  }

  /**
   * The instance is stopping: takes no more frames, finishes the ones it already took (each message
   * stored, acknowledged and rung), then tells the client to reconnect elsewhere (1012). Anything the
   * client sent after this began is never acknowledged, so it sends it again on its next socket under
   * the same client id. After `timeoutMs` the socket is closed anyway.
   */
  async drain(timeoutMs: number): Promise<boolean> {
    this.#draining = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    const outcome = await Promise.race([this.#queue, late]);
    clearTimeout(timer);
    this.close(WS_CLOSE_CODES.serviceRestart, 'service restart');
    return outcome !== 'late';
  }

  /** Ends the connection now, without waiting for the client's half of the closing handshake. */
  terminate(): void {
    this.ws.terminate();
  }

  /** Heartbeat: drops a socket whose peer did not answer the previous ping. */
  heartbeat(): void {
    if (!this.alive) {
      this.ws.terminate();
      return;
    }
    this.alive = false;
    if (this.ws.readyState === this.ws.OPEN) this.ws.ping();
  }

  #frame(frame: WsServerFrame): void {
    this.send(JSON.stringify(frame));
  }

  async #welcome(): Promise<void> {
    const observe = this.deps.observeGreeting;
    let stepStarted = this.arrivedAt;
    const step = (name: GreetingStep) => {
      const now = performance.now();
      observe?.(name, (now - stepStarted) / 1000);
      stepStarted = now;
    };
    step('upgrade');
    try {
      // Subscribed before anything is read from the database: nothing stored after it goes unrung.
      await this.deps.hub.attach(this.userId, this);
      step('subscribe');
      const unreadTotal = await this.deps.conversations.unreadTotal(this.userId);
      step('unread');
      this.#frame({ type: 'welcome', instance: this.deps.instance, userId: this.userId, unreadTotal });
      observe?.('total', (performance.now() - this.arrivedAt) / 1000);
    } catch (err) {
      this.deps.logger.error({ err, userId: this.userId }, 'socket start failed');
      this.deps.hub.detach(this.userId, this);
      this.close(1011, 'unavailable');
    }
  }

  #receive(data: RawData, isBinary: boolean): void {
    if (this.#draining) return;
    if (this.#queued >= MAX_QUEUED_FRAMES) {
      const clientId = clientIdOf(data);
      this.#frame({
        type: 'error',
        code: 'rate_limited',
        message: CHAT_MESSAGES.rateLimited,
        ...(clientId ? { clientId } : {}),
      });
      return;
    }
    this.#queued++;
    this.#queue = this.#queue
      .then(() => this.#handle(data, isBinary))
      .catch((err: unknown) => this.deps.logger.error({ err }, 'frame handling failed'))
      .finally(() => this.#queued--);
  }

  async #handle(data: RawData, isBinary: boolean): Promise<void> {
    if (this.#closed) return;
    const frame = parseFrame(data, isBinary);
    if (!frame) {
      this.#frame({ type: 'error', code: 'bad_request', message: CHAT_MESSAGES.badMessage });
      return;
    }
    const about = {
      ...('chatId' in frame ? { chatId: frame.chatId } : {}),
      ...('clientId' in frame ? { clientId: frame.clientId } : {}),
    };
    const correlationId = `${this.requestId}:${++this.#frames}`;
    const { conversations, hub } = this.deps;
    try {
      switch (frame.type) {
        case 'ping':
          this.#frame({ type: 'pong', instance: this.deps.instance });
          return;
        case 'joinRoom': {
          const chat = await conversations.viewFor(this.userId, frame.chatId);
          const page = await conversations.page(chat, { after: frame.after });
          this.#frame({ type: 'joined', chatId: chat.id, ...page, readOnly: chat.read_only });
          return;
        }
        case 'sendMessage': {
          const result = await conversations.send(
            this.userId,
            { chatId: frame.chatId, message: frame.message, clientId: frame.clientId },
            correlationId,
          );
          // Stored: the sender's socket hears it first, then every socket of both members (a replay
          // rings again, for a recipient whose doorbell the first attempt may never have rung).
          this.#frame({ type: 'messageAck', clientId: frame.clientId, message: result.message });
          hub.tell(result.members, { type: 'newMessage', message: result.message });
          return;
        }
        case 'markAsRead': {
          const read = await conversations.markRead(this.userId, frame.chatId, frame.upTo, correlationId);
          if (read) {
            hub.tell(read.members, {
              type: 'messagesRead',
              chatId: read.chatId,
              userId: read.userId,
              upTo: read.upTo,
            });
          }
          return;
        }
      }
    } catch (err) {
      if (err instanceof ChatError) {
        this.#frame({ type: 'error', code: err.wsCode, message: err.message, ...about });
        return;
      }
      this.deps.logger.error({ err, userId: this.userId, type: frame.type }, 'frame failed');
      this.#frame({ type: 'error', code: 'unavailable', message: UNAVAILABLE, ...about });
    }
  }
}

/** A valid client frame, or undefined for anything else (binary, not JSON, wrong shape, NUL). */
function parseFrame(data: RawData, isBinary: boolean): WsClientFrame | undefined {
  if (isBinary) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(rawText(data));
  } catch {
    return undefined;
  }
  // PostgreSQL cannot store NUL; ids with it can never be ours either.
  if (!checkFrame.Check(value) || containsNul(value)) return undefined;
  return value;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** The clientId of a sendMessage frame, for the error that refuses it unread. */
function clientIdOf(data: RawData): string | undefined {
  try {
    const value = JSON.parse(rawText(data)) as { clientId?: unknown };
    return typeof value.clientId === 'string' && value.clientId.length <= 64 ? value.clientId : undefined;
  } catch {
    return undefined;
  }
}
