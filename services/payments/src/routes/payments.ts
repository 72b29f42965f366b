import { MyPaymentsResponseSchema } from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';
import { PaymentsRepository } from '../repositories/payments-repository';

export const paymentRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<PaymentsDatabase> }> = async (
  app,
  { db },
) => {
  const payments = new PaymentsRepository(db);
  // The signed-in company's unlock payments, newest first.
  app.get(
    '/api/payments/mine',
    { preHandler: app.authenticate, schema: { response: { 200: MyPaymentsResponseSchema } } },
    async (request) => {
      const rows = await payments.listForCompany(request.user.sub);
      return {
        payments: rows.map((row) => ({
          _id: row.id,
          reference: row.reference,
          jobId: row.job_id,
          amount: row.amount_kobo,
          currency: row.currency,
          status: row.status,
          createdAt: row.created_at.toISOString(),
          paidAt: row.paid_at ? row.paid_at.toISOString() : null,
        })),
      };
    },
  );
};
