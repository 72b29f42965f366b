import accountsService from '@marketplace/accounts-service';
import chatService from '@marketplace/chat-service';
import jobsService from '@marketplace/jobs-service';
import paymentsService from '@marketplace/payments-service';
import { ownerOfPath, WEBSOCKET_PATH, type ServiceName } from '@marketplace/contracts';
import type { ServiceDeps } from '@marketplace/service-kit';
import { createTestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance } from 'fastify';

// The edge routes by the table in libs/contracts; every route a service declares must lead back to it.
describe('edge route table', () => {
  const plugins: Array<[ServiceName, (app: FastifyInstance, deps: ServiceDeps) => Promise<void>]> = [
    ['accounts', accountsService],
    ['jobs', jobsService],
    ['chat', chatService],
    ['payments', paymentsService],
  ];

  it.each(plugins)('sends every %s route to %s', async (service, plugin) => {
    const urls: string[] = [];
    const collector = async (app: FastifyInstance, deps: ServiceDeps) => {
      app.addHook('onRoute', (route) => void urls.push(route.url));
      await plugin(app, deps);
    };
    const test = await createTestService([collector]);
    await test.close();
    const apiRoutes = urls.filter((url) => url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const url of apiRoutes) expect([url, ownerOfPath(url)]).toEqual([url, service]);
    if (service === 'chat') expect(urls).toContain(WEBSOCKET_PATH);
    if (service === 'jobs') {
      expect(apiRoutes).toEqual(
        expect.arrayContaining([
          '/api/jobs/alerts/preferences',
          '/api/jobs/alerts/unsubscribe',
          '/api/jobs/notifications',
          '/api/jobs/notifications/read',
        ]),
      );
    }
  });
});

describe('receipts in the route table', () => {
  it('sends the receipt, its printable page and its PDF to payments', () => {
    for (const path of [
      '/api/payments/receipts/RCT-000001',
      '/api/payments/receipts/RCT-000001/print',
      '/api/payments/receipts/CRN-000001/pdf',
    ])
      expect([path, ownerOfPath(path)]).toEqual([path, 'payments']);
  });
});
