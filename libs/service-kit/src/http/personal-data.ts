import { routePrivacy } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every answer of an /api route that may carry personal data, as declared
 * once for every route in ROUTE_PRIVACY (libs/contracts/src/route-policy.ts); a route missing there is
 * treated as personal. Routes declared `public` keep the caching they set themselves.
 */
export function registerPersonalDataCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const { method, url } = request.routeOptions;
    if (url?.startsWith('/api/') && routePrivacy(method as string, url) !== 'public') {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
