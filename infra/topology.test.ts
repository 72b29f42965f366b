import { API_ROUTE_TABLE, ownerOfPath } from '@marketplace/contracts';
import {
  CHAT_DRAIN,
  ingressRoutes,
  JOB_ALERTS,
  PARTS,
  RECEIPT_SELLER_ENV,
  routeOf,
  SERVICES,
  SHUTDOWN_SECONDS,
} from './topology';

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

describe('chat’s drain', () => {
  it('is given to the chat service as settings it reads (services/chat config.ts), within the grace period', () => {
    const chat = SERVICES.find((s) => s.name === 'chat')!;
    expect(chat.env).toMatchObject({
      CHAT_DRAIN_SOCKETS_PER_SECOND: String(CHAT_DRAIN.socketsPerSecond),
      CHAT_DRAIN_MAX_SECONDS: String(CHAT_DRAIN.maxSeconds),
    });
    // The process allows itself the spread and the kit's usual shutdown, with room to spare.
    expect(chat.stopGraceSeconds).toBeGreaterThan(CHAT_DRAIN.maxSeconds + SHUTDOWN_SECONDS);
  });
});

describe('the seller on receipts', () => {
  it('gives payments all four RECEIPT_SELLER_* settings, each marked as a placeholder until the operator sets it', () => {
    const payments = SERVICES.find((s) => s.name === 'payments')!;
    expect(Object.keys(RECEIPT_SELLER_ENV).sort()).toEqual([
      'RECEIPT_SELLER_ADDRESS',
      'RECEIPT_SELLER_NAME',
      'RECEIPT_SELLER_RC_NUMBER',
      'RECEIPT_SELLER_VAT_TIN',
    ]);
    expect(payments.env).toMatchObject(RECEIPT_SELLER_ENV);
    for (const value of Object.values(RECEIPT_SELLER_ENV))
      expect(value).toMatch(/placeholder: set RECEIPT_SELLER_/);
  });
});

describe('job alerts', () => {
  it('gives jobs and payments the same UNLOCK_CAP, and accounts the daily mail cap (settings they read)', () => {
    const env = (name: string) => SERVICES.find((s) => s.name === name)!.env;
    expect(env('jobs').UNLOCK_CAP).toBe(String(JOB_ALERTS.unlockCap));
    expect(env('payments').UNLOCK_CAP).toBe(env('jobs').UNLOCK_CAP);
    expect(env('accounts').JOB_ALERT_MAILS_PER_DAY).toBe(String(JOB_ALERTS.mailsPerDay));
  });
});
