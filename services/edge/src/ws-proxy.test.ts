import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import websocket from '@fastify/websocket';
import { SESSION_COOKIES } from '@marketplace/contracts';
import { loadConfig } from '@marketplace/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge } from './edge';

/** A chat instance stand-in: on connection it says who it is and which headers reached it. */
async function fakeChat(name: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  await app.register(websocket);
  app.get('/ready', async () => ({ status: 'ready' }));
  app.get('/ws', { websocket: true }, (socket, request) => {
    const h = request.headers;
    socket.send(
      JSON.stringify({
        instance: name,
        origin: h.origin,
        cookie: h.cookie,
        authorization: h.authorization,
        forwardedHost: h['x-forwarded-host'],
        forwardedProto: h['x-forwarded-proto'],
        forwardedFor: h['x-forwarded-for'],
      }),
    );
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/** The first frame, or the status of a refused upgrade. */
function open(url: string, headers: Record<string, string>): Promise<Record<string, string> | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('message', (data: Buffer) => {
      resolve(JSON.parse(data.toString()));
      ws.terminate();
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('edge, distributed topology: /ws', () => {
  const chats: Array<{ app: FastifyInstance; url: string }> = [];
  let edge: Edge;
  let webRoot: string;
  let wsUrl: string;
  let host: string;

  beforeAll(async () => {
    chats.push(await fakeChat('chat-1'), await fakeChat('chat-2'));
    webRoot = mkdtempSync(join(tmpdir(), 'edge-ws-'));
    const other = chats[0]!.url;
    edge = await startEdge(
      loadConfig(EdgeConfigSchema, {
        PORT: '0',
        LOG_LEVEL: 'silent',
        WEB_ROOT: webRoot,
        ACCOUNTS_URL: other,
        JOBS_URL: other,
        CHAT_URLS: chats.map((c) => c.url).join(','),
        PAYMENTS_URL: other,
        PUBLIC_URL: 'https://market.example',
      }),
    );
    host = new URL(edge.url).host;
    wsUrl = `${edge.url.replace(/^http/, 'ws')}/ws`;
  });
  afterAll(async () => {
    await edge?.stop();
    for (const chat of chats) await chat.app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('refuses before upgrading: 401 without a session, 403 from another site', async () => {
    expect(await open(wsUrl, {})).toBe(401);
    expect(await open(wsUrl, { cookie: 'other=1' })).toBe(401);
    expect(await open(`${wsUrl}?token=abc.def.ghi`, {})).toBe(401);
    expect(await open(wsUrl, { authorization: 'Bearer a.b.c', origin: 'https://evil.example' })).toBe(403);
    expect(await open(wsUrl, { authorization: 'Bearer a.b.c', origin: 'null' })).toBe(403);
    // The configured origin (PUBLIC_URL) whole: not its host on another scheme or port, and not
    // whatever host the request names.
    for (const origin of ['http://market.example', 'https://market.example:444', `http://${host}`]) {
      expect([origin, await open(wsUrl, { authorization: 'Bearer a.b.c', origin })]).toEqual([origin, 403]);
    }
    expect(
      await open(wsUrl, {
        authorization: 'Bearer a.b.c',
        origin: 'http://evil.example',
        host: 'evil.example',
      }),
    ).toBe(403);
  });

  it('hands the chat instance the session, the Origin, the host asked for and the client address', async () => {
    const cookie = `${SESSION_COOKIES.access}=a.b.c; theme=dark`;
    const seen = await open(wsUrl, {
      cookie,
      origin: 'https://market.example',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(seen).toMatchObject({
      cookie,
      origin: 'https://market.example',
      forwardedHost: host,
      forwardedProto: 'http',
      forwardedFor: '127.0.0.1',
    });
    expect(
      await open(wsUrl, { authorization: 'Bearer a.b.c', origin: 'https://market.example' }),
    ).toMatchObject({
      authorization: 'Bearer a.b.c',
      origin: 'https://market.example',
    });
  });

  it('spreads connections over the chat instances', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const frame = await open(wsUrl, { authorization: 'Bearer a.b.c' });
      if (typeof frame === 'object') seen.add(frame.instance!);
    }
    expect([...seen].sort()).toEqual(['chat-1', 'chat-2']);
  });
});
