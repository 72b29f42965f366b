import { API_PATHS, PAYMENT_API } from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { SandboxProvider, SandboxTransaction } from '../providers/sandbox';
import { REFERENCE_PATTERN } from '../unlocks/rules';
import { refuseNonStringFields } from './strict-body';
import { abandonedPage, checkoutPage, notFoundPage, sandboxPageHeaders } from './sandbox-page';

const ParamsSchema = Type.Object({ reference: Type.String({ maxLength: 200 }) });
/** A test stand-in for Paystack's checkout page, not part of the API: left out of the OpenAPI document. */
const HIDDEN = { hide: true } as const;
const ActionBodySchema = Type.Object({
  action: Type.Union([Type.Literal('pay'), Type.Literal('decline'), Type.Literal('abandon')]),
});

/**
 * The sandbox provider's checkout page (only mounted when the sandbox is the provider):
 * GET shows it, POST takes the tester's choice. Pay and Decline go back to /payment/callback with
 * `trxref` and `reference`, as Paystack does; a paid transaction also sends the signed `charge.success`
 * webhook to this service's webhook route, the same one Paystack calls.
 */
export const sandboxRoutes: FastifyPluginAsyncTypebox<{
  sandbox: SandboxProvider;
  publicUrl: string;
}> = async (app, { sandbox, publicUrl }) => {
  // The page's form posts application/x-www-form-urlencoded (this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  refuseNonStringFields(app, ['action']);

  const pageHeaders = sandboxPageHeaders(publicUrl);
  const deliveries = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...deliveries]);
  });

  const deliverWebhook = (tx: SandboxTransaction) => {
    const { body, signature } = sandbox.chargeSuccessWebhook(tx);
    const delivery = app
      .inject({
        method: 'POST',
        url: API_PATHS.paymentWebhook,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        payload: body,
      })
      .then((response) => {
        if (response.statusCode !== 200) {
          app.log.warn(
            { reference: tx.reference, status: response.statusCode },
            'sandbox webhook not accepted',
          );
        }
      })
      .catch((err) => app.log.warn({ err, reference: tx.reference }, 'sandbox webhook not delivered'));
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).headers(pageHeaders).send(html);
  const find = (reference: string) =>
    REFERENCE_PATTERN.test(reference) ? sandbox.find(reference) : Promise.resolve(undefined);
  const returnUrl = (tx: SandboxTransaction) =>
    `${tx.callback_url}?trxref=${encodeURIComponent(tx.reference)}&reference=${encodeURIComponent(tx.reference)}`;

  app.get(
    '/api/payments/sandbox/checkout/:reference',
    { schema: { ...HIDDEN, params: ParamsSchema } },
    async (request, reply) => {
      const tx = await find(request.params.reference);
      if (!tx) return page(reply, 404, notFoundPage());
      return page(reply, 200, checkoutPage(tx, PAYMENT_API.sandboxCheckout(tx.reference), returnUrl(tx)));
    },
  );

  app.post(
    '/api/payments/sandbox/checkout/:reference',
    { schema: { ...HIDDEN, params: ParamsSchema, body: ActionBodySchema } },
    async (request, reply) => {
      const known = await find(request.params.reference);
      if (!known) return page(reply, 404, notFoundPage());
      const outcome = await sandbox.act(known.reference, request.body.action);
      if (!outcome) return page(reply, 404, notFoundPage());
      const { transaction, changed } = outcome;
      if (request.body.action === 'abandon' && changed)
        return page(reply, 200, abandonedPage(transaction, `${publicUrl}/`));
      if (request.body.action === 'pay' && changed) deliverWebhook(transaction);
      return reply.header('cache-control', 'no-store').redirect(returnUrl(transaction), 303);
    },
  );
};
