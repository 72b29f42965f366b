import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import { CHAT_LIMITS, WEBSOCKET_PATH, WS_CLOSE_CODES } from '@marketplace/contracts';
import { AppError, type RevocationList } from '@marketplace/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Conversations } from '../conversations';
import { ChatConnection } from '../live/connection';
import type { LiveHub } from '../live/hub';
import type { GreetingStep } from '../live/metrics';

export interface RealtimeRouteOptions {
  conversations: Conversations;
  hub: LiveHub;
  instance: string;
  /** Origins allowed besides the request's own host. */
  allowedOrigins: readonly string[];
  heartbeatMs: number;
  /** How often the open sockets' sessions are checked for a sign-out or a deleted account. */
  sessionCheckMs: number;
  /** How fast a stopping instance hands its sockets over (see `drainSchedule`). */
  drain: DrainPace;
  revocations: Pick<RevocationList, 'revokedOf'>;
  /** Told how long each step of greeting a socket took (chat_socket_greeting_seconds). */
  observeGreeting?: (step: GreetingStep, seconds: number) => void;
}

export const ORIGIN_REFUSED_MESSAGE = 'This site may not open the chat connection.';

/**
 * How long a stopping socket waits to finish the frames it took. The service kit gives the whole
 * shutdown 10 s after the hand-over's spread (main.ts), which must also close the bus and the database;
 * a message takes milliseconds to store, so this is only reached when the database hangs.
 */
export const DRAIN_TIMEOUT_MS = 5000;
/**
 * How long the drained sockets' clients may take to answer the close (1012) before their connections
 * are ended anyway: they have the close code already, and a client too busy to answer must not hold the
 * process past the shutdown limit (the server cannot finish closing while a connection is open).
 */
export const CLOSE_HANDSHAKE_MS = 1000;

/**
 * Cross-site WebSocket hijacking: a browser sends the session cookie with an upgrade from any page, so
 * the whole Origin (scheme, host and port) must be the site's: one of the configured origins
 * (PUBLIC_URL, CHAT_ALLOWED_ORIGINS) when there are any, and only those (the Host header, which
 * anyone may name, then decides nothing). Without a configured origin (`npm start`, the local
 * topologies) it must be the request's own origin: its scheme and host, which behind a trusted proxy
 * are X-Forwarded-Proto and X-Forwarded-Host. Native clients send no Origin.
 */
export function originAllowed(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (allowed.size > 0) return allowed.has(url.origin);
  try {
    return url.origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false; // a Host header that names no host
  }
}

/** How fast a stopping instance sends its sockets elsewhere. */
export interface DrainPace {
  /** Sockets told to move per second: what the other replicas can greet without queueing. */
  socketsPerSecond: number;
  /** The hand-over never takes longer than this: past it, the rate goes up (the grace period is finite). */
  maxSpreadMs: number;
}

/** Batches are this far apart. */
const DRAIN_STEP_MS = 100;

/**
 * When each socket of a stopping instance is told to move: in batches every 100 ms at the pace's rate,
 * the whole at most `maxSpreadMs`. Moving 2,000 sockets at once makes the replicas that take them over
 * greet them all in the same second (a session check, a subscription, unread counts and a catch-up read
 * each), and every client waits for the last; spread out, each reconnects at once, and the sockets not
 * yet moved keep working meanwhile. Returns the start offset (ms) of each socket, in order.
 */
export function drainSchedule(sockets: number, pace: DrainPace): number[] {
  const spreadMs = Math.min(pace.maxSpreadMs, (sockets / Math.max(pace.socketsPerSecond, 1)) * 1000);
  // Socket i at its even share of the spread, rounded down to its batch.
  return Array.from(
    { length: sockets },
    (_, index) => Math.floor((index * spreadMs) / sockets / DRAIN_STEP_MS) * DRAIN_STEP_MS,
  );
}

/** Answers an upgrade 503 (the ingress tries another replica) and ends its connection. */
function refuseUpgrade(socket: Duplex): void {
  socket.on('error', () => socket.destroy());
  socket.end(
    'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n',
    () => socket.destroy(),
  );
}

/**
 * From now on an upgrade is answered 503 at once and its connection ended. Fastify answers 503 to any
 * request while it closes too, but leaves an upgrade's connection open for the client to end, and the
 * server cannot finish closing while one is open.
 */
function refuseUpgrades(app: FastifyInstance): void {
  app.server.removeAllListeners('upgrade');
  app.server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => refuseUpgrade(socket));
}

/**
 * The realtime endpoint: authenticated and Origin-checked at the upgrade (refused with 401/403 before
 * any upgrade, never a token in the URL), frames of at most CHAT_LIMITS.frameMaxBytes (a bigger one
 * closes the socket with 1009), the protocol of libs/contracts (WsClientFrameSchema / WsServerFrame).
 */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeRouteOptions) {
  const connections = new Set<ChatConnection>();
  /** When each upgrade request arrived, for the greeting's timing. */
  const arrivals = new WeakMap<FastifyRequest, number>();
  const allowed = new Set(options.allowedOrigins);
  /**
   * Upgrades still in their hooks (the Origin, the token, the session's lookup), not yet sockets. A
   * drain refuses them too: left alone, they would be upgraded after the hand-over began, or hang
   * until the process ends while the database is busy (seen under load: clients waiting 14 s for
   * nothing, then counting it as a failure and backing off).
   */
  const upgrading = new Set<Duplex>();
  let draining = false;

  // The drain. Fastify marks itself closing before preClose hooks run, so from here a request on an
  // open connection answers 503; new connections are refused (below). Added before the websocket plugin's
  // own preClose (which closes sockets with no code): each socket finishes the frames it took, then
  // its client is told to reconnect elsewhere (1012) and does so after a short random wait; the sockets
  // are told in batches (drainSchedule), the others working as before until their turn.
  app.addHook('preClose', async () => {
    draining = true;
    // No new connection from here: the kernel refuses it, and the ingress takes it to the next
    // replica within a millisecond. Left listening, this instance answered each newcomer 503 itself,
    // between handing its sockets over (up to a second each in the scaling bench, where least_conn sent
    // nearly every reconnect here first, this replica holding no connection of nginx's current worker).
    // The open connections stay; Fastify's own close later waits for them as before.
    app.server.close();
    refuseUpgrades(app);
    for (const socket of upgrading) refuseUpgrade(socket);
    upgrading.clear();
    const started = Date.now();
    const open = [...connections];
    const offsets = drainSchedule(open.length, options.drain);
    const finished = await Promise.all(
      open.map(async (connection, index) => {
        const wait = started + (offsets[index] ?? 0) - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        // Closed meanwhile (the client left): nothing to hand over.
        return connections.has(connection) ? connection.drain(DRAIN_TIMEOUT_MS) : true;
      }),
    );
    const handshakeEnds = Date.now() + CLOSE_HANDSHAKE_MS;
    while (connections.size > 0 && Date.now() < handshakeEnds)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const unanswered = connections.size;
    for (const connection of connections) connection.terminate();
    app.log.info(
      {
        sockets: open.length,
        late: finished.filter((done) => !done).length,
        unanswered,
        spreadMs: offsets.at(-1) ?? 0,
        ms: Date.now() - started,
      },
      'chat sockets drained',
    );
  });
  await app.register(websocket, { options: { maxPayload: CHAT_LIMITS.frameMaxBytes } });

  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.heartbeat();
  }, options.heartbeatMs);
  heartbeat.unref();
  // A socket lives longer than the access token it opened with: when its session is signed out
  // elsewhere, ended by refresh-token reuse or its account deleted, it is closed with 4401 within
  // `sessionCheckMs` (one query for all sockets of this instance); the connection's own timer closes
  // it when the token expires. The client refreshes the session and connects again, or is signed out.
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking || connections.size === 0) return;
    checking = true;
    options.revocations
      .revokedOf([...connections])
      .then((ended) => {
        for (const connection of ended) connection.close(WS_CLOSE_CODES.sessionEnded, 'session ended');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'checking the sockets’ sessions failed'))
      .finally(() => (checking = false));
  }, options.sessionCheckMs);
  sessionCheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
  });

  app.get(
    WEBSOCKET_PATH,
    {
      websocket: true,
      onRequest: [
        async (request) => {
          arrivals.set(request, performance.now());
          // A real upgrade's connection (an injected request has no connection to answer on).
          const socket = request.raw.socket;
          if (request.headers.upgrade && socket instanceof Socket) {
            upgrading.add(socket);
            socket.once('close', () => upgrading.delete(socket));
          }
          if (!originAllowed(request, allowed))
            throw new AppError(403, 'ORIGIN_REFUSED', ORIGIN_REFUSED_MESSAGE);
        },
        app.authenticate,
      ],
    },
    (socket, request) => {
      upgrading.delete(request.raw.socket);
      // Upgraded as the drain began: straight to another replica.
      if (draining) return socket.close(WS_CLOSE_CODES.serviceRestart, 'moving');
      const connection = new ChatConnection(
        socket,
        request.user,
        request.id,
        {
          conversations: options.conversations,
          hub: options.hub,
          instance: options.instance,
          logger: request.log,
          observeGreeting: options.observeGreeting,
        },
        arrivals.get(request),
      );
      connections.add(connection);
      socket.on('close', () => connections.delete(connection));
    },
  );
}
