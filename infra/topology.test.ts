import { API_ROUTE_TABLE, ownerOfPath } from '@marketplace/contracts';
import { ingressRoutes, PARTS, routeOf, SERVICES } from './topology';

describe('the ingress routes', () => {
  it('send every API path to the service the route table names, by the same longest-segment rule', () => {
    const samples = API_ROUTE_TABLE.flatMap(({ prefix }) => [prefix, `${prefix}/x`, `${prefix}/x/y?z=1`]);
    // Near misses: a longer word is not the same segment.
    samples.push('/api/jobs/chatty', '/api/jobs/createchatroom', '/api/usersx', '/api/payments2');
    for (const path of samples) {
      const owner = ownerOfPath(path);
      expect([path, routeOf(path.split('?')[0] ?? path).to]).toEqual([path, owner ?? 'edge']);
    }
  });

  it('send the socket to chat, files to the web apps, and pages and the merged API document to the edge', () => {
    expect(routeOf('/ws')).toMatchObject({ to: 'chat', websocket: true });
    expect(routeOf('/ws/x').to).toBe('edge');
    expect(routeOf('/remotes/catalogue/v2/remoteEntry.js')).toMatchObject({
      to: 'web-catalogue',
      versioned: true,
    });
    expect(routeOf('/remotes/manifest.json').to).toBe('edge');
    expect(routeOf('/static/main.1234abcd.js').to).toBe('web-shell');
    for (const page of [
      '/',
      '/login',
      '/category/Plumbing',
      '/robots.txt',
      '/sitemap.xml',
      '/og-image.png',
    ]) {
      expect([page, routeOf(page).to]).toEqual([page, 'edge']);
    }
    expect(routeOf('/api/docs').to).toBe('edge');
    expect(routeOf('/api/docs/openapi.json').to).toBe('edge');
    expect(routeOf('/api/docs/jobs/openapi.json').to).toBe('jobs');
  });

  it('lead only to parts that exist', () => {
    const names = new Set(PARTS.map((part) => part.name));
    for (const route of ingressRoutes())
      expect([route.path, names.has(route.to)]).toEqual([route.path, true]);
  });
});

describe('the parts', () => {
  it('give each service its own schema, database secret and a migration task, and keep secrets out of env', () => {
    expect(new Set(SERVICES.map((s) => s.schema)).size).toBe(SERVICES.length);
    for (const service of SERVICES) {
      expect(service.secrets.find((s) => s.env === 'DATABASE_URL')?.secret).toBe(
        `${service.name}-database-url`,
      );
      expect(service.migrate.command.length).toBeGreaterThan(0);
    }
    for (const part of PARTS) {
      for (const key of Object.keys(part.env))
        expect(key).not.toMatch(/PASSWORD|SECRET|PRIVATE|DATABASE_URL/);
    }
    expect(SERVICES.find((s) => s.name === 'chat')?.replicas).toBeGreaterThanOrEqual(2);
  });
});
