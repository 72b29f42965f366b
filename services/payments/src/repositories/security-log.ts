import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';

/** What a security event is about. */
export type SecurityEventKind =
  | 'webhook-bad-signature'
  | 'webhook-malformed'
  | 'webhook-replay'
  | 'webhook-unknown-reference'
  | 'webhook-mismatch'
  | 'verify-mismatch';

/**
 * Forged, replayed, mismatched or unknown notifications and verifications: each is written to the
 * service's `security_events` table (admins and tests read it) and logged at warn level.
 */
export class SecurityLog {
  constructor(
    private readonly db: Kysely<PaymentsDatabase>,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async record(
    kind: SecurityEventKind,
    event: { reference?: string | null; ip?: string | null; detail?: Record<string, unknown> },
  ): Promise<void> {
    // What a forged request carries is hostile: only printable text, short, reaches the logs and tables.
    const reference = event.reference ? clean(event.reference, 200) : null;
    const ip = event.ip ? clean(event.ip, 64) : null;
    const detail = Object.fromEntries(
      Object.entries(event.detail ?? {}).map(([key, value]) => [
        clean(key, 64),
        typeof value === 'string'
          ? clean(value, 500)
          : typeof value === 'number' || typeof value === 'boolean' || value === null
            ? value
            : clean(JSON.stringify(value) ?? '', 500),
      ]),
    );
    this.logger.warn({ securityEvent: kind, reference, ip, ...detail }, `payments security event: ${kind}`);
    await this.db
      .insertInto('security_events')
      .values({
        kind,
        reference,
        ip,
        detail: JSON.stringify(detail),
      })
      .execute();
  }

  list(limit = 100) {
    return this.db
      .selectFrom('security_events')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }
}

/** Printable characters only (no NUL or other controls, which PostgreSQL text and jsonb refuse), cut short. */
export function clean(value: string, max: number): string {
  return value
    .slice(0, max)
    .replace(/[\u0000-\u001f\u007f]/g, '?')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '?');
}
