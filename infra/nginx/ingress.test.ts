import { API_ROUTE_TABLE } from '@marketplace/contracts';
import { ingressRoutes } from '../topology';
import { ingressConfig, upstreamParts, upstreamsConfig } from './ingress';

describe('the nginx ingress configuration', () => {
  const config = ingressConfig();

  it('has a location for every prefix of the route table, exact and by segment, to its service', () => {
    for (const { prefix, service } of API_ROUTE_TABLE) {
      const exact = new RegExp(
        `location = ${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\{\\s+proxy_pass http://${service};`,
      );
      const under = new RegExp(
        `location \\^~ ${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/ \\{\\s+proxy_pass http://${service};`,
      );
      expect([prefix, exact.test(config), under.test(config)]).toEqual([prefix, true, true]);
    }
  });

  it('upgrades /ws to chat with long timeouts and spreads every upstream by least connections', () => {
    expect(config).toMatch(
      /location = \/ws \{\s+proxy_pass http:\/\/chat;[^}]*Upgrade \$http_upgrade[^}]*proxy_read_timeout 3600s/,
    );
    // A lost replica's connect gives up sooner than the other parts' (2 s).
    expect(config).toMatch(/location = \/ws \{[^}]*proxy_connect_timeout 1s;/);
    expect(config).toMatch(/\n {2}proxy_connect_timeout 2s;/);
    const upstreams = upstreamsConfig({ chat: ['10.9.0.5', '10.9.0.6'] });
    expect(upstreams).toMatch(
      /upstream chat \{\s+least_conn;\s+server 10\.9\.0\.5:8080[^;]*;\s+server 10\.9\.0\.6:8080/,
    );
    // A part with no replica yet answers 502 rather than failing the configuration.
    expect(upstreams).toMatch(/upstream jobs \{\s+least_conn;\s+server 127\.0\.0\.1:9;/);
    expect(upstreamParts()).toEqual(
      [
        ...new Set(
          ingressRoutes()
            .filter((r) => !r.versioned)
            .map((r) => r.to),
        ),
      ].sort(),
    );
  });

  it('passes and echoes the request id and hides /metrics', () => {
    expect(config).toContain('proxy_set_header X-Request-Id $request_id_out;');
    expect(config).toContain('add_header X-Request-Id $request_id_out always;');
    expect(config).toContain('proxy_hide_header X-Request-Id;');
    expect(config).toMatch(/location = \/metrics \{\s+return 404;/);
  });
});
