import {
  API_PATHS,
  errorEnvelope,
  ErrorEnvelopeSchema,
  PaymentWebhookBodySchema,
  PaymentWebhookResponseSchema,
} from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Webhooks } from '../unlocks/webhooks';

/** Paystack's notifications are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/payments/webhook: Paystack's `charge.success` (and the sandbox's, signed the same way).
 * The signature is an HMAC of the exact bytes sent, so this plugin (and only it) keeps JSON bodies raw.
 * Forged, replayed, mismatched or unknown notifications change nothing and are security events.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<{ webhooks: Webhooks }> = async (app, { webhooks }) => {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  const route = {
    // The body stays raw (the signature is over its bytes): documented, not validated by Fastify.
    config: { documentedBody: { content: { 'application/json': PaymentWebhookBodySchema } } },
    schema: {
      response: {
        200: PaymentWebhookResponseSchema,
        400: ErrorEnvelopeSchema,
        401: ErrorEnvelopeSchema,
        503: ErrorEnvelopeSchema,
      },
    },
  };
  app.post(API_PATHS.paymentWebhook, route, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['x-paystack-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    const outcome = await webhooks.receive(raw, signature, request.ip, request.id);
    if (outcome.statusCode === 200) return reply.status(200).send({ status: true, message: outcome.message });
    const code =
      outcome.statusCode === 401
        ? 'BAD_SIGNATURE'
        : outcome.statusCode === 400
          ? 'BAD_NOTIFICATION'
          : 'PROVIDER_UNAVAILABLE';
    return reply.status(outcome.statusCode).send(errorEnvelope(outcome.statusCode, code, outcome.message));
  });
};
