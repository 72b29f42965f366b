import {
  API_PATHS,
  AdminPaymentsQuerySchema,
  AdminPaymentsResponseSchema,
  MESSAGES,
  MyPaymentsResponseSchema,
  PAYMENT_MESSAGES,
  PaymentStatusParamsSchema,
  PaymentStatusResponseSchema,
  type PaymentStatusResponse,
  PaymentTermsQuerySchema,
  PaymentTermsResponseSchema,
  RefundPaymentBodySchema,
  RefundPaymentResponseSchema,
  pageWindow,
} from '@marketplace/contracts';
import {
  accessTokenOf,
  badRequest,
  isUuid,
  notFound,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { PaymentsRepository } from '../repositories/payments-repository';
import type { ReceiptsRepository } from '../repositories/receipts-repository';
import type { Checkout } from '../unlocks/checkout';
import type { Refunds } from '../unlocks/refunds';
import type { ResolvedPaymentsSettings } from '../config';
import { REFERENCE_PATTERN, expiresAtOf, windowMinutesOf, type Caller } from '../unlocks/rules';
import { toAdminPayment, toCompanyPayment, toUnlockPayment } from '../views';
import { refuseNonStringFields } from './strict-body';

const RefundParamsSchema = Type.Object({ paymentId: Type.String({ maxLength: 100 }) });

/** The company's payments and refunds, the terms shown before paying, and the admins' list and refund. */
export const paymentRoutes: FastifyPluginAsyncTypebox<{
  checkout: Checkout;
  refunds: Refunds;
  payments: PaymentsRepository;
  receipts: ReceiptsRepository;
  settings: Pick<ResolvedPaymentsSettings, 'now' | 'pendingExpireAfterMs'>;
  /** The sandbox's test bank account while its transfer is awaited (undefined with Paystack). */
  sandboxTransfer?: (reference: string) => Promise<PaymentStatusResponse['transfer']>;
}> = async (app, { checkout, refunds, payments, receipts, settings, sandboxTransfer }) => {
  refuseNonStringFields(app, ['reason']);

  /** A signed-in caller when the request carries a valid token; a visitor otherwise (never a 401). */
  const optionalSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!accessTokenOf(request)) return;
    try {
      await app.authenticate(request, reply);
    } catch {
      request.authSource = null;
    }
  };

  // The signed-in account's unlock payments and refunds, newest first (companies have them; others: none).
  app.get(
    API_PATHS.myPayments,
    { preHandler: app.authenticate, schema: { response: { 200: MyPaymentsResponseSchema } } },
    async (request) => {
      const rows = await payments.listForCompany(request.user.sub);
      const issued = await receipts.refsOf(rows.map((row) => row.id));
      const now = settings.now();
      return { payments: rows.map((row) => toCompanyPayment(row, now, issued.get(row.id) ?? [])) };
    },
  );

  // One payment as its payer follows it (the result page polls this while a transfer is on its way):
  // the stored state only, never a provider call. The payer and admins; anyone else gets the 404 an
  // unknown reference gets, so references cannot be probed.
  app.get(
    '/api/payments/status/:reference',
    {
      preHandler: app.authenticate,
      schema: { params: PaymentStatusParamsSchema, response: { 200: PaymentStatusResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reference = request.params.reference;
      const payment = REFERENCE_PATTERN.test(reference)
        ? await payments.findByReference(reference)
        : undefined;
      if (!payment || (payment.company_id !== request.user.sub && request.user.type !== 'admin')) {
        throw notFound(MESSAGES.invalidPaymentReference);
      }
      const job = await payments.jobTitleOf(payment.job_id);
      const pending = payment.status === 'pending';
      const left = expiresAtOf(payment, settings).getTime() - settings.now().getTime();
      return {
        statusCode: 200 as const,
        payment: toUnlockPayment(payment, job),
        secondsLeft: pending ? Math.max(0, Math.ceil(left / 1000)) : null,
        windowMinutes: windowMinutesOf(payment, settings),
        transfer: pending && sandboxTransfer ? await sandboxTransfer(payment.reference) : null,
      };
    },
  );

  // Price, cap, places left and the refund rule, before paying; for anyone (the company's own payment when signed in).
  app.get(
    API_PATHS.paymentTerms,
    {
      preHandler: optionalSession,
      schema: { querystring: PaymentTermsQuerySchema, response: { 200: PaymentTermsResponseSchema } },
    },
    async (request) => {
      const caller: Caller | null = request.authSource ? request.user : null;
      return checkout.terms(request.query.jobId, caller);
    },
  );

  // Admins: every payment, filtered, newest first.
  app.get(
    API_PATHS.adminPayments,
    {
      preHandler: app.requireType('admin'),
      schema: { querystring: AdminPaymentsQuerySchema, response: { 200: AdminPaymentsResponseSchema } },
    },
    async (request) => {
      const { status, provider, jobId, companyId, reference, from, to } = request.query;
      for (const id of [jobId, companyId]) {
        if (id !== undefined && !isUuid(id))
          throw badRequest('jobId and companyId must be ids.', 'INVALID_ID');
      }
      const window = pageWindow(request.query);
      const rows = await payments.listForAdmin(
        {
          ...(status ? { status } : {}),
          ...(provider ? { provider } : {}),
          ...(jobId ? { jobId } : {}),
          ...(companyId ? { companyId } : {}),
          ...(reference ? { reference } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        },
        window,
      );
      const page = rows.slice(0, window.limit);
      const issued = await receipts.refsOf(page.map((row) => row.id));
      return {
        statusCode: 200,
        payments: page.map((row) => toAdminPayment(row, issued.get(row.id) ?? [])),
        page: window.page,
        limit: window.limit,
        hasMore: rows.length > window.limit,
      };
    },
  );

  // Admins: refund a paid unlock, with a reason (the company is told; jobs and chat take the access back).
  app.post(
    '/api/payments/:paymentId/refund',
    {
      preHandler: app.requireType('admin'),
      schema: {
        params: RefundParamsSchema,
        body: RefundPaymentBodySchema,
        response: { 200: RefundPaymentResponseSchema },
      },
    },
    async (request) => {
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest('Please give a reason for the refund.', 'REASON_REQUIRED');
      const refunded = await refunds.byAdmin(request.params.paymentId, reason, request.id);
      const [row] = await payments.listForAdmin({ reference: refunded.reference }, { limit: 1, offset: 0 });
      if (!row) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      const issued = await receipts.refsOf([row.id]);
      return {
        statusCode: 200,
        message: PAYMENT_MESSAGES.refunded,
        payment: toAdminPayment(row, issued.get(row.id) ?? []),
      };
    },
  );
};
