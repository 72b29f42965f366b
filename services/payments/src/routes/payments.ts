import {
  API_PATHS,
  AdminPaymentsQuerySchema,
  AdminPaymentsResponseSchema,
  MyPaymentsResponseSchema,
  PAYMENT_MESSAGES,
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
import type { Checkout } from '../unlocks/checkout';
import type { Refunds } from '../unlocks/refunds';
import type { Caller } from '../unlocks/rules';
import { toAdminPayment, toCompanyPayment } from '../views';
import { refuseNonStringFields } from './strict-body';

const RefundParamsSchema = Type.Object({ paymentId: Type.String({ maxLength: 100 }) });

/** The company's payments and refunds, the terms shown before paying, and the admins' list and refund. */
export const paymentRoutes: FastifyPluginAsyncTypebox<{
  checkout: Checkout;
  refunds: Refunds;
  payments: PaymentsRepository;
  /** The service's clock (the dispute window is measured on it). */
  now: () => Date;
}> = async (app, { checkout, refunds, payments, now: clock }) => {
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
      const now = clock();
      return { payments: rows.map((row) => toCompanyPayment(row, now)) };
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
      return {
        statusCode: 200,
        payments: rows.slice(0, window.limit).map(toAdminPayment),
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
      return { statusCode: 200, message: PAYMENT_MESSAGES.refunded, payment: toAdminPayment(row) };
    },
  );
};
