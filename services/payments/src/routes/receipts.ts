import { RECEIPT_MESSAGES, RECEIPT_NUMBER_PATTERN, ReceiptSchema } from '@marketplace/contracts';
import { notFound, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import { Type } from 'typebox';
import { receiptPage, RECEIPT_PAGE_HEADERS } from '../receipts/html';
import { receiptPdf } from '../receipts/pdf';
import { toReceipt } from '../receipts/view';
import type { ReceiptsRepository } from '../repositories/receipts-repository';

const ReceiptParamsSchema = Type.Object({ number: Type.String({ maxLength: 40 }) });
/** The page and the PDF are documents for people, not API: kept out of the OpenAPI document. */
const DOCUMENT = { hide: true } as const;

/**
 * A receipt or credit note, for the company that paid and for admins: as JSON, as a printable page and
 * as a PDF. Anyone else is told it does not exist (404), whether it does or not; visitors must sign in.
 */
export const receiptRoutes: FastifyPluginAsyncTypebox<{ receipts: ReceiptsRepository }> = async (
  app,
  { receipts },
) => {
  const readable = async (given: string, caller: { sub: string; type: string }) => {
    const number = given.trim().toUpperCase();
    if (!RECEIPT_NUMBER_PATTERN.test(number)) throw notFound(RECEIPT_MESSAGES.notFound);
    const row = await receipts.findByNumber(number);
    const viewer = caller.type === 'admin' ? 'admin' : 'company';
    if (!row || (viewer !== 'admin' && row.company_id !== caller.sub)) {
      throw notFound(RECEIPT_MESSAGES.notFound);
    }
    return { receipt: toReceipt(row), viewer } as const;
  };

  app.get(
    '/api/payments/receipts/:number',
    {
      preHandler: app.authenticate,
      schema: { params: ReceiptParamsSchema, response: { 200: ReceiptSchema } },
    },
    async (request) => (await readable(request.params.number, request.user)).receipt,
  );

  app.get(
    '/api/payments/receipts/:number/print',
    {
      preHandler: app.authenticate,
      schema: { ...DOCUMENT, params: ReceiptParamsSchema },
    },
    async (request, reply) => {
      const { receipt, viewer } = await readable(request.params.number, request.user);
      return reply.headers(RECEIPT_PAGE_HEADERS).send(receiptPage(receipt, viewer));
    },
  );

  app.get(
    '/api/payments/receipts/:number/pdf',
    {
      preHandler: app.authenticate,
      schema: { ...DOCUMENT, params: ReceiptParamsSchema },
    },
    async (request, reply) => {
      const { receipt } = await readable(request.params.number, request.user);
      const pdf = await receiptPdf(receipt);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${receipt.number}.pdf"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(pdf);
    },
  );
};
