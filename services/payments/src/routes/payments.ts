import { MyPaymentsResponseSchema } from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';

export const paymentRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<PaymentsDatabase> }> = async (
  app,
  { db },
) => {
  // The signed-in company's unlock payments, newest first.
  app.get(
    '/api/payments/mine',
    { preHandler: app.authenticate, schema: { response: { 200: MyPaymentsResponseSchema } } },
    async (request) => {
      const rows = await db
        .selectFrom('unlock_payments')
        .selectAll()
        .where('company_id', '=', request.user.sub)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
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
