import { linkOrigin } from './account-links';

describe('the origin of mailed links', () => {
  const request = (hostname: string, extra: { ips?: string[]; port?: string } = {}) => ({
    hostname,
    host: extra.port ? `${hostname}:${extra.port}` : hostname,
    protocol: 'http' as const,
    ...(extra.ips ? { ips: extra.ips } : {}),
  });

  it('is PUBLIC_URL whenever it is set, whatever the request says', () => {
    expect(linkOrigin('https://market.example', request('attacker.example'))).toBe('https://market.example');
    expect(linkOrigin('https://market.example', request('127.0.0.1', { port: '8080' }))).toBe(
      'https://market.example',
    );
  });

  it.each(['localhost', '127.0.0.1', '127.4.5.6', 'app.localhost', '[::1]'])(
    'without it, is the request origin for the loopback host %s',
    (hostname) => {
      expect(linkOrigin(undefined, request(hostname, { port: '8080' }))).toBe(`http://${hostname}:8080`);
    },
  );

  it.each(['attacker.example', 'market.example', '192.168.1.5', '127.0.0.1.evil.example'])(
    'without it, is nothing for the Host %s (a client may send any Host)',
    (hostname) => {
      expect(linkOrigin(undefined, request(hostname))).toBeUndefined();
    },
  );

  it('without it, is nothing behind a trusted proxy (the Host is the service address the proxy used)', () => {
    expect(
      linkOrigin(undefined, request('127.0.0.1', { port: '8081', ips: ['127.0.0.1', '203.0.113.9'] })),
    ).toBeUndefined();
  });
});
