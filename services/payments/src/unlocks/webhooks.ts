import { createHash } from 'node:crypto';
import { MESSAGES, PAYMENT_MESSAGES } from '@marketplace/contracts';
import { ProviderError } from '../providers/provider';
import type { UnlockDeps } from './deps';
import { REFERENCE_PATTERN } from './rules';
import type { Settlement } from './settlement';

export interface WebhookOutcome {
  statusCode: 200 | 400 | 401 | 503;
  message: string;
}

/**
 * The provider's notifications (POST /api/payments/webhook): signed, each body handled once.
 * `charge.success` only says "look": the provider's verify answer decides, through the settlement like
 * the callback. Forged, replayed, mismatched or unknown notifications change nothing and are security
 * events.
 */
export class Webhooks {
  readonly #deps: Pick<UnlockDeps, 'db' | 'provider' | 'logger' | 'payments' | 'security'>;
  readonly #settlement: Settlement;

  constructor(
    deps: Pick<UnlockDeps, 'db' | 'provider' | 'logger' | 'payments' | 'security'>,
    settlement: Settlement,
  ) {
    this.#deps = deps;
    this.#settlement = settlement;
  }

  async receive(
    rawBody: Buffer,
    signature: string | undefined,
    ip: string,
    correlationId: string,
  ): Promise<WebhookOutcome> {
    const { db, provider, logger, payments, security } = this.#deps;
    const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
    if (!provider.verifyWebhookSignature(rawBody, signature)) {
      await security.record('webhook-bad-signature', {
        ip,
        detail: { bodySha256, length: rawBody.length, signaturePresent: Boolean(signature) },
      });
      return { statusCode: 401, message: PAYMENT_MESSAGES.webhookBadSignature };
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      body = undefined;
    }
    const event = isRecord(body) && typeof body.event === 'string' ? body.event : undefined;
    const data = isRecord(body) && isRecord(body.data) ? body.data : undefined;
    if (!event || !data) {
      await security.record('webhook-malformed', { ip, detail: { bodySha256 } });
      return { statusCode: 400, message: 'The notification is not valid JSON with event and data.' };
    }
    if (await this.#received(bodySha256)) {
      await security.record('webhook-replay', {
        ip,
        reference: typeof data.reference === 'string' ? data.reference : null,
        detail: { event, bodySha256 },
      });
      return { statusCode: 200, message: PAYMENT_MESSAGES.webhookReceived };
    }

    if (event === 'charge.success') {
      const reference = typeof data.reference === 'string' ? data.reference : '';
      const payment = REFERENCE_PATTERN.test(reference)
        ? await payments.findByReference(reference)
        : undefined;
      if (!payment) {
        await security.record('webhook-unknown-reference', {
          ip,
          reference,
          detail: { event, bodySha256 },
        });
      } else if (
        data.status !== 'success' ||
        typeof data.amount !== 'number' ||
        data.currency !== payment.currency
      ) {
        // (Another amount than the price is still money for our reference: the settlement, asking the
        // provider, gives it back as 'wrong-amount'.)
        await security.record('webhook-mismatch', {
          ip,
          reference,
          detail: {
            event,
            status: typeof data.status === 'string' ? data.status : null,
            amount: typeof data.amount === 'number' ? data.amount : null,
            expectedAmount: payment.amount_kobo,
            currency: typeof data.currency === 'string' ? data.currency : null,
            expectedCurrency: payment.currency,
          },
        });
      } else {
        // The notification only says "look": the provider's verify answer decides, as for the callback.
        try {
          await this.#settlement.confirm(payment, 'webhook', correlationId);
        } catch (err) {
          if (err instanceof ProviderError && err.kind === 'unavailable') {
            // Not recorded as received: the provider delivers it again, and that is no replay.
            logger.warn({ err, reference }, 'webhook: provider unavailable for verification');
            return { statusCode: 503, message: MESSAGES.errorVerifyingPayment };
          }
          logger.warn({ err, reference }, 'webhook: verification refused');
        }
      }
    } else if (event === 'refund.processed' || event === 'refund.failed') {
      const reference = typeof data.transaction_reference === 'string' ? data.transaction_reference : '';
      if (REFERENCE_PATTERN.test(reference)) {
        await payments.setRefundStateByReference(
          reference,
          event === 'refund.processed' ? 'processed' : 'failed',
          event === 'refund.failed' ? 'the provider reported the refund failed' : null,
        );
        if (event === 'refund.failed') logger.error({ reference }, 'refund failed at the provider');
      }
    }
    await db
      .insertInto('webhook_receipts')
      .values({ body_sha256: bodySha256, event: event.slice(0, 100), reference: null })
      .onConflict((oc) => oc.column('body_sha256').doNothing())
      .execute();
    return { statusCode: 200, message: PAYMENT_MESSAGES.webhookReceived };
  }

  async #received(bodySha256: string): Promise<boolean> {
    const row = await this.#deps.db
      .selectFrom('webhook_receipts')
      .select('body_sha256')
      .where('body_sha256', '=', bodySha256)
      .executeTakeFirst();
    return row !== undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
