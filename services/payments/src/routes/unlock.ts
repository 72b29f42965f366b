import {
  InitializePaymentBodySchema,
  InitializePaymentResponseSchema,
  MESSAGES,
  PAYMENT_MESSAGES,
  REFUND_REASON_MESSAGES,
  VerifyPaymentBodySchema,
  VerifyPaymentResponseSchema,
  API_PATHS,
  type RefundReason,
} from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { PaymentRow } from '../repositories/payments-repository';
import type { JobsReadModel } from '../repositories/jobs-read-model';
import type { Checkout } from '../unlocks/checkout';
import { toUnlockPayment } from '../views';
import { refuseNonStringFields } from './strict-body';

/** The spec's two calls (section 7): start a checkout, and settle it when the payer comes back. */
export const unlockRoutes: FastifyPluginAsyncTypebox<{ checkout: Checkout; jobs: JobsReadModel }> = async (
  app,
  { checkout, jobs },
) => {
  refuseNonStringFields(app, ['jobId', 'email', 'reference', 'trxref']);

  app.post(
    API_PATHS.initializePayment,
    {
      preHandler: app.authenticate,
      schema: { body: InitializePaymentBodySchema, response: { 200: InitializePaymentResponseSchema } },
    },
    async (request) => {
      const { kind, payment, job } = await checkout.initialize(request.user, request.body, request.id);
      return {
        statusCode: 200,
        message:
          kind === 'paid' ? PAYMENT_MESSAGES.alreadyUnlocked : PAYMENT_MESSAGES.authorizationUrlCreated,
        status: kind,
        authorization_url: kind === 'pending' ? payment.authorization_url : null,
        access_code: kind === 'pending' ? payment.access_code : null,
        reference: payment.reference,
        amount: payment.amount_kobo,
        currency: payment.currency,
        provider: payment.provider,
        payment: toUnlockPayment(payment, job.title),
      };
    },
  );

  app.post(
    API_PATHS.verifyPayment,
    {
      preHandler: app.authenticate,
      schema: { body: VerifyPaymentBodySchema, response: { 200: VerifyPaymentResponseSchema } },
    },
    async (request) => {
      const payment = await checkout.verify(
        request.user,
        request.body.reference,
        request.body.trxref,
        request.id,
      );
      const job = await jobs.find(payment.job_id);
      return {
        statusCode: 200,
        message: outcomeMessage(payment),
        status: payment.status,
        result: {
          job: payment.job_id,
          jobId: payment.job_id,
          applicantId: payment.company_id,
          posterId: payment.poster_id,
          reference: payment.reference,
          amount: payment.amount_kobo,
          currency: payment.currency,
          payment: toUnlockPayment(payment, job?.title ?? null),
        },
      };
    },
  );
};

/** 'Payment verified successfully' exactly when the unlock is granted (the client compares it). */
function outcomeMessage(payment: PaymentRow): string {
  switch (payment.status) {
    case 'paid':
      return MESSAGES.paymentVerifiedSuccessfully;
    case 'pending':
      return PAYMENT_MESSAGES.paymentPending;
    case 'failed':
      return MESSAGES.paymentFailedTryAgain;
    case 'refunded':
      return (
        payment.refund_note ??
        REFUND_REASON_MESSAGES[(payment.refund_reason ?? 'admin') as RefundReason] ??
        REFUND_REASON_MESSAGES.admin
      );
  }
}
