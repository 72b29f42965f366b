import { API_PATHS, CSRF_HEADER, PAYMENT_API, SESSION_COOKIES } from '@marketplace/contracts';
import { AppError, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { SandboxProvider, SandboxTransaction } from '../providers/sandbox';
import { REFERENCE_PATTERN } from '../unlocks/rules';
import { refuseNonStringFields } from './strict-body';
import {
  abandonedPage,
  checkoutPage,
  notFoundPage,
  notYoursPage,
  sandboxPageHeaders,
  signInPage,
} from './sandbox-page';

const ParamsSchema = Type.Object({ reference: Type.String({ maxLength: 200 }) });
/** A test stand-in for Paystack's checkout page, not part of the API: left out of the OpenAPI document. */
const HIDDEN = { hide: true } as const;
const ActionBodySchema = Type.Object({
  action: Type.Union([
    Type.Literal('pay'),
    Type.Literal('decline'),
    Type.Literal('abandon'),
    /** "I have sent the money" (bank transfer) / "I have paid by USSD": the simulated bank confirms later. */
    Type.Literal('transfer-sent'),
    Type.Literal('ussd-sent'),
    /** The test control: the simulated bank confirms a sent transfer at once. */
    Type.Literal('confirm-transfer'),
  ]),
  /** The session's CSRF value, written into the page's form (a plain form cannot send the header). */
  csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * The sandbox provider's checkout page (only mounted when the sandbox is the provider):
 * GET shows it, POST takes the tester's choice. Pay and Decline go back to /payment/callback with
 * `trxref` and `reference`, as Paystack does; a paid transaction also sends the signed `charge.success`
 * webhook to this service's webhook route, the same one Paystack calls.
 * Both need the session of the company that started the payment: nobody else sees or settles it.
 */
export const sandboxRoutes: FastifyPluginAsyncTypebox<{
  sandbox: SandboxProvider;
  publicUrl: string;
  /** The account that started the payment with this reference (the paying company). */
  payerOf: (reference: string) => Promise<string | undefined>;
  /** How long the simulated bank takes to confirm a sent transfer. */
  transferConfirmMs: number;
}> = async (app, { sandbox, publicUrl, payerOf, transferConfirmMs }) => {
  // The page's form posts application/x-www-form-urlencoded (this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  refuseNonStringFields(app, ['action', 'csrf']);

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

  // The simulated bank: confirms each sent transfer at its time and notifies like Paystack. Transfers
  // sent before a restart are picked up again when the service is ready.
  const bankTimers = new Map<string, NodeJS.Timeout>();
  const bankConfirms = (reference: string, dueAt: Date | null) => {
    if (bankTimers.has(reference)) return;
    const delay = Math.max(0, (dueAt?.getTime() ?? Date.now()) - Date.now());
    const timer = setTimeout(() => {
      bankTimers.delete(reference);
      void sandbox
        .confirmTransfer(reference, false)
        .then((confirmed) => {
          if (confirmed) deliverWebhook(confirmed);
        })
        .catch((err) => app.log.warn({ err, reference }, 'sandbox bank confirmation failed'));
    }, delay);
    timer.unref();
    bankTimers.set(reference, timer);
  };
  app.addHook('onReady', async () => {
    for (const tx of await sandbox.awaitingBank()) bankConfirms(tx.reference, tx.transfer_confirm_at);
  });
  app.addHook('onClose', async () => {
    for (const timer of bankTimers.values()) clearTimeout(timer);
    bankTimers.clear();
  });

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).headers(pageHeaders).send(html);
  const find = (reference: string) =>
    REFERENCE_PATTERN.test(reference) ? sandbox.find(reference) : Promise.resolve(undefined);
  /**
   * The transaction when the caller is the company that started it; otherwise the page is answered
   * (sign in: 401, someone else's or unknown: 404, so references cannot be probed) and undefined returned.
   */
  const ownTransaction = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reference: string,
  ): Promise<SandboxTransaction | undefined> => {
    try {
      await app.authenticate(request, reply);
    } catch (err) {
      if (err instanceof AppError && (err.statusCode === 401 || err.statusCode === 403)) {
        page(reply, err.statusCode, signInPage(err.message));
        return undefined;
      }
      throw err;
    }
    const tx = await find(reference);
    if (!tx) {
      page(reply, 404, notFoundPage());
      return undefined;
    }
    if ((await payerOf(tx.reference)) !== request.user.sub) {
      page(reply, 404, notYoursPage());
      return undefined;
    }
    return tx;
  };
  const returnUrl = (tx: SandboxTransaction) =>
    `${tx.callback_url}?trxref=${encodeURIComponent(tx.reference)}&reference=${encodeURIComponent(tx.reference)}`;

  app.get(
    '/api/payments/sandbox/checkout/:reference',
    { schema: { ...HIDDEN, params: ParamsSchema } },
    async (request, reply) => {
      const tx = await ownTransaction(request, reply, request.params.reference);
      if (!tx) return reply;
      // Signed in by cookie: the form carries the session's CSRF value (see ActionBodySchema).
      const csrf = request.authSource === 'cookie' ? request.cookies[SESSION_COOKIES.csrf] : undefined;
      return page(
        reply,
        200,
        checkoutPage(
          tx,
          PAYMENT_API.sandboxCheckout(tx.reference),
          returnUrl(tx),
          csrf,
          Math.round(transferConfirmMs / 1000),
        ),
      );
    },
  );

  app.post(
    '/api/payments/sandbox/checkout/:reference',
    { schema: { ...HIDDEN, params: ParamsSchema, body: ActionBodySchema } },
    async (request, reply) => {
      // The form's CSRF field stands for the header a script would send (checked by authenticate).
      if (request.body.csrf && request.headers[CSRF_HEADER] === undefined) {
        request.headers[CSRF_HEADER] = request.body.csrf;
      }
      const known = await ownTransaction(request, reply, request.params.reference);
      if (!known) return reply;
      const { action } = request.body;
      if (action === 'transfer-sent' || action === 'ussd-sent') {
        const sent = await sandbox.sendTransfer(
          known.reference,
          action === 'ussd-sent' ? 'ussd' : 'bank_transfer',
        );
        if (!sent) return page(reply, 404, notFoundPage());
        if (sent.changed) bankConfirms(sent.transaction.reference, sent.transaction.transfer_confirm_at);
        // Back to the marketplace, which waits for the bank's confirmation (the result page).
        return reply.header('cache-control', 'no-store').redirect(returnUrl(sent.transaction), 303);
      }
      if (action === 'confirm-transfer') {
        const confirmed = await sandbox.confirmTransfer(known.reference, false);
        if (confirmed) {
          clearTimeout(bankTimers.get(confirmed.reference));
          bankTimers.delete(confirmed.reference);
          deliverWebhook(confirmed);
        }
        return reply.header('cache-control', 'no-store').redirect(returnUrl(confirmed ?? known), 303);
      }
      const outcome = await sandbox.act(known.reference, action);
      if (!outcome) return page(reply, 404, notFoundPage());
      const { transaction, changed } = outcome;
      if (action === 'abandon' && changed)
        return page(reply, 200, abandonedPage(transaction, `${publicUrl}/`));
      if (action === 'pay' && changed) deliverWebhook(transaction);
      return reply.header('cache-control', 'no-store').redirect(returnUrl(transaction), 303);
    },
  );
};
