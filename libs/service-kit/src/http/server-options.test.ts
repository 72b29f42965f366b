import Fastify from 'fastify';
import { serverOptions } from './server-options';

// Errors Fastify raises before any route runs still reach clients in the API's one error shape.
describe('server options: errors before routing', () => {
  const build = (badPageAddress?: Parameters<typeof serverOptions>[0]['badPageAddress']) => {
    const app = Fastify(serverOptions({ name: 'test', logLevel: 'silent', badPageAddress }));
    app.get('/api/things/:key', async (request) => ({ key: (request.params as { key: string }).key }));
    return app;
  };

  it('answers an address that is not valid percent-encoding with a 400 envelope', async () => {
    const app = build();
    for (const url of ['/api/things/%ff', '/api/things/NOPE%00%ff', '/api/things/%E0%A4%A']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        code: 'BAD_URL',
        message: 'The address is not valid: part of it is not correctly encoded.',
        errorMessage: 'The address is not valid: part of it is not correctly encoded.',
        resultMessage: { en: 'The address is not valid: part of it is not correctly encoded.' },
      });
    }
    // A valid encoding still reaches the route.
    expect((await app.inject({ url: '/api/things/caf%C3%A9' })).json()).toEqual({ key: 'café' });
    await app.close();
  });

  it('answers with the request id even before routing', async () => {
    const app = build();
    const response = await app.inject({
      url: '/api/things/%ff',
      headers: { 'x-request-id': 'bad-url-req-42' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-request-id']).toBe('bad-url-req-42');
    await app.close();
  });

  it('answers a path parameter over the length limit with a 414 envelope', async () => {
    const app = build();
    const response = await app.inject({ url: `/api/things/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ code: 'URI_TOO_LONG', message: 'The address is too long.' });
    await app.close();
  });

  it('lets a host answer a bad page address itself, and falls back to the envelope when it does not', async () => {
    const app = build((request, reply) => {
      if (!request.url.startsWith('/page/')) return false;
      void reply.status(400).type('text/html').send('<p>the site</p>');
      return true;
    });
    const page = await app.inject({ url: '/page/%ff' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toBe('<p>the site</p>');
    const api = await app.inject({ url: '/api/things/%ff' });
    expect(api.json()).toMatchObject({ code: 'BAD_URL' });
    await app.close();
  });

  it("puts the host's headers on every answer to an error before routing", async () => {
    const app = Fastify(
      serverOptions({
        name: 'test',
        logLevel: 'silent',
        frameworkErrorHeaders: (_request, reply) => void reply.header('x-content-type-options', 'nosniff'),
      }),
    );
    app.get('/api/things/:key', async () => ({}));
    for (const url of ['/api/things/%ff', `/api/things/${'a'.repeat(500)}`]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    await app.close();
  });
});
