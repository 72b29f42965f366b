import {
  API_PATHS,
  AdminDisputesQuerySchema,
  AdminDisputesResponseSchema,
  DISPUTE_MESSAGES,
  DecideDisputeBodySchema,
  DecideDisputeResponseSchema,
  OpenDisputeBodySchema,
  OpenDisputeResponseSchema,
  pageWindow,
} from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import { Type } from 'typebox';
import type { Disputes } from '../unlocks/disputes';
import { toPaymentDispute } from '../views';
import { refuseNonStringFields } from './strict-body';

const PaymentParamsSchema = Type.Object({ paymentId: Type.String({ maxLength: 100 }) });
const DisputeParamsSchema = Type.Object({ disputeId: Type.String({ maxLength: 100 }) });

/** Disputes: the paying company opens one; admins read the queue and decide (refund or reject). */
export const disputeRoutes: FastifyPluginAsyncTypebox<{ disputes: Disputes }> = async (app, { disputes }) => {
  refuseNonStringFields(app, ['reason', 'note', 'decision']);

  // The company that paid disputes its unlock (companies only; the rules are checked in unlocks/disputes.ts).
  app.post(
    '/api/payments/:paymentId/dispute',
    {
      preHandler: app.authenticate,
      schema: {
        params: PaymentParamsSchema,
        body: OpenDisputeBodySchema,
        response: { 201: OpenDisputeResponseSchema },
      },
    },
    async (request, reply) => {
      const opened = await disputes.open(request.user, request.params.paymentId, request.body, request.id);
      return reply
        .code(201)
        .send({ statusCode: 201, message: DISPUTE_MESSAGES.opened, dispute: toPaymentDispute(opened) });
    },
  );

  // Admins: the queue, with what they need to decide each dispute.
  app.get(
    API_PATHS.adminDisputes,
    {
      preHandler: app.requireType('admin'),
      schema: { querystring: AdminDisputesQuerySchema, response: { 200: AdminDisputesResponseSchema } },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { status } = request.query;
      const page = await disputes.queue(status ? { status } : {}, window);
      return { statusCode: 200, ...page, page: window.page, limit: window.limit };
    },
  );

  // Admins: refund (through the refunds that exist) or reject with a reason the company reads.
  app.post(
    '/api/payments/disputes/:disputeId/decision',
    {
      preHandler: app.requireType('admin'),
      schema: {
        params: DisputeParamsSchema,
        body: DecideDisputeBodySchema,
        response: { 200: DecideDisputeResponseSchema },
      },
    },
    async (request) => {
      const decided = await disputes.decide(request.user, request.params.disputeId, request.body, request.id);
      return {
        statusCode: 200,
        message: decided.status === 'refunded' ? DISPUTE_MESSAGES.refunded : DISPUTE_MESSAGES.rejected,
        dispute: await disputes.one(decided.id),
      };
    },
  );
};
