import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { WEBSOCKET_PATH, WS_MESSAGE_TYPES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The realtime endpoint. Each chat instance names itself so a client (and the tests) can tell which
 * instance it reached; room fan-out across instances arrives with the chat feature.
 */
export async function realtimeRoutes(app: FastifyInstance, options: { instanceId?: string }) {
  const instance = options.instanceId ?? randomUUID().slice(0, 8);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get(WEBSOCKET_PATH, { websocket: true }, (socket) => {
    socket.send(JSON.stringify({ type: WS_MESSAGE_TYPES.welcome, instance }));
    socket.on('message', (raw: Buffer) => {
      let message: { type?: unknown };
      try {
        message = JSON.parse(raw.toString()) as { type?: unknown };
      } catch {
        socket.send(JSON.stringify({ type: WS_MESSAGE_TYPES.error, message: 'Messages must be JSON.' }));
        return;
      }
      if (message.type === WS_MESSAGE_TYPES.ping) {
        socket.send(JSON.stringify({ type: WS_MESSAGE_TYPES.pong, instance }));
      } else {
        socket.send(JSON.stringify({ type: WS_MESSAGE_TYPES.error, message: 'Unknown message type.' }));
      }
    });
  });
}
