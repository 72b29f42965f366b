/**
 * The yardstick of bench/directory.ts: a bare Fastify server (no hooks, no schema, no logging) with the
 * JSON in BARE_BODY_FILE: /bare returns it as an object, serialized on every request as any plain
 * route's answer is; /bare-string sends the text as it is (the least a route can do with that body).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const file = process.env.BARE_BODY_FILE;
if (!file) throw new Error('BARE_BODY_FILE is required');
const text = readFileSync(file, 'utf8');
const body: unknown = JSON.parse(text);

const app = Fastify({ logger: false });
app.get('/ready', async () => ({ status: 'ready' }));
app.get('/bare', async () => body);
app.get('/bare-string', async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
