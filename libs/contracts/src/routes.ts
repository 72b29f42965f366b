import type { ServiceName } from './events';

/**
 * The edge's route table: which service owns which public path. Longest prefix wins.
 * Legacy paths under /api/jobs/ belong to the service that owns the data (see ARCHITECTURE).
 */
export const API_ROUTE_TABLE: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/user', service: 'accounts' },
  { prefix: '/api/accounts', service: 'accounts' },
  { prefix: '/api/jobs/getcompaniesbycategory', service: 'accounts' },
  { prefix: '/api/jobs/getcompaniesbysubCategory', service: 'accounts' },
  { prefix: '/api/jobs/createchat', service: 'chat' },
  { prefix: '/api/jobs/chat', service: 'chat' },
  { prefix: '/api/jobs/user/chat', service: 'chat' },
  { prefix: '/api/chat', service: 'chat' },
  { prefix: '/api/jobs/initializePayment', service: 'payments' },
  { prefix: '/api/jobs/verifyPayment', service: 'payments' },
  { prefix: '/api/payments', service: 'payments' },
  { prefix: '/api/jobs', service: 'jobs' },
  // Each service's own OpenAPI document (API_DOCS_PATHS.service; the edge merges them).
  { prefix: '/api/docs/accounts', service: 'accounts' },
  { prefix: '/api/docs/jobs', service: 'jobs' },
  { prefix: '/api/docs/chat', service: 'chat' },
  { prefix: '/api/docs/payments', service: 'payments' },
];

/**
 * The OpenAPI documents (ARCHITECTURE, "The HTTP contract"): the edge serves the merged document of
 * every service and a page to browse it; each service serves its own part at `service(name)`.
 */
export const API_DOCS_PATHS = /* @__PURE__ */ Object.freeze({
  page: '/api/docs',
  document: '/api/docs/openapi.json',
  service: (service: ServiceName) => `/api/docs/${service}/openapi.json`,
});

/** The WebSocket path, owned by chat. */
export const WEBSOCKET_PATH = '/ws';

export function ownerOfPath(path: string): ServiceName | undefined {
  const pathname = path.split('?')[0] ?? path;
  let best: { prefix: string; service: ServiceName } | undefined;
  for (const route of API_ROUTE_TABLE) {
    const matches = pathname === route.prefix || pathname.startsWith(`${route.prefix}/`);
    if (matches && (!best || route.prefix.length > best.prefix.length)) best = route;
  }
  return best?.service;
}
