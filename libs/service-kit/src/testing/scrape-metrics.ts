import type { FastifyInstance } from 'fastify';

/** The app's `/metrics` text as Prometheus reads it; throws when the scrape is not a 200. */
export async function scrapeMetrics(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({ url: '/metrics', headers });
  if (response.statusCode !== 200)
    throw new Error(`/metrics answered ${response.statusCode}: ${response.body}`);
  return response.body;
}
