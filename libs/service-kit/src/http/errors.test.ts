import Fastify from 'fastify';
import { DATABASE_UNAVAILABLE_MESSAGE, errorHandlerPlugin, isDatabaseUnavailable } from './errors';

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('the error envelope for a database that cannot be reached', () => {
  it.each([
    ['PostgreSQL refused the connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['the connection dropped mid-transaction', withCode('Connection terminated unexpectedly')],
    ['the pool could not connect in time', withCode('timeout exceeded when trying to connect')],
    ['PostgreSQL is shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL is starting', withCode('the database system is starting up', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    [
      'a fetch that could not connect',
      new TypeError('fetch failed', { cause: withCode('connect', 'ECONNREFUSED') }),
    ],
  ])('%s: 503 with Retry-After and a message that says nothing changed', async (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/x', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
    });
    await app.close();
  });

  it.each([
    ['a wrong query', withCode('syntax error at or near "selec"', '42601')],
    ['a broken constraint', withCode('duplicate key value violates unique constraint', '23505')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s stays a 500', async (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    const app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.get('/x', async () => {
      throw error;
    });
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await app.close();
  });
});
