import Fastify from 'fastify';
import {
  contentSecurityPolicy,
  registerSecurityHeaders,
  remoteOrigins,
  securityHeaders,
} from './security-headers';

describe('security headers', () => {
  it('allows only the origins of remotes that live elsewhere, each once', () => {
    expect(
      remoteOrigins([
        '/remotes/jobs/mf-manifest.json',
        'https://cdn.example.com/admin/v2/mf-manifest.json',
        'https://cdn.example.com/chat/mf-manifest.json',
        'javascript:alert(1)',
        'not a url',
      ]),
    ).toEqual(['https://cdn.example.com']);
  });

  it('never allows inline scripts or eval', () => {
    const scripts = contentSecurityPolicy(['https://cdn.example.com'])
      .split('; ')
      .find((directive) => directive.startsWith('script-src'));
    expect(scripts).toBe("script-src 'self' https://cdn.example.com");
  });

  it('sends HSTS only over HTTPS (here through a trusted proxy) and keeps a route’s own policy', async () => {
    const app = Fastify({ trustProxy: '127.0.0.1' });
    registerSecurityHeaders(app, securityHeaders({ remoteUrls: [] }));
    app.get('/page', async () => 'ok');
    app.get('/own-policy', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send('ok'),
    );
    const overHttps = await app.inject({ url: '/page', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const overHttp = await app.inject({ url: '/page' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect((await app.inject({ url: '/own-policy' })).headers['content-security-policy']).toBe(
      "default-src 'none'",
    );
    await app.close();
  });
});
