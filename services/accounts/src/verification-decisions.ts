import { VERIFICATION_MESSAGES, type VerificationDecisionBody } from '@marketplace/contracts';
import { conflict, isUuid, notFound, schemaDb, type Database } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from './db-types';
import type { NoticeMails } from './mail/notice-mails';
import { VerificationRepository, type VerificationRequestRow } from './repositories/verification-repository';

export interface VerificationDecision {
  requestId: string;
  decision: VerificationDecisionBody['decision'];
  /** Required (trimmed, non-empty) to refuse or revoke; ignored for an approval. */
  reason: string | null;
  /** The deciding admin; null for an import (the demo set), which no admin decided. */
  adminId: string | null;
  at: Date;
}

const CHANGES = {
  approve: { from: 'requested', to: 'approved' },
  refuse: { from: 'requested', to: 'refused' },
  revoke: { from: 'approved', to: 'revoked' },
} as const;

/**
 * One decision in one transaction: the request moves on (only from the state it must be in, so two
 * admins deciding at once cannot both win), the company's `verified_at` is set (approve) or cleared
 * (revoke) in the same commit, which clears the directory's cache (a write of `users`), and the company's
 * notice mail is stored to go out after the commit (when `notices` is given). Throws 404 / 409 AppErrors.
 */
export async function decideVerificationRequest(
  db: Kysely<AccountsDatabase>,
  decision: VerificationDecision,
  notices: NoticeMails | undefined,
): Promise<VerificationRequestRow> {
  const change = CHANGES[decision.decision];
  // Ids are uuids: anything else names no request (and never reaches a uuid column).
  if (!isUuid(decision.requestId)) throw notFound(VERIFICATION_MESSAGES.requestNotFound);
  return db.transaction().execute(async (trx) => {
    const requests = new VerificationRepository(trx);
    const decided = await requests.decide(trx, decision.requestId, {
      from: change.from,
      to: change.to,
      reason: decision.decision === 'approve' ? null : decision.reason,
      adminId: decision.adminId,
      at: decision.at,
    });
    if (!decided) {
      const exists = await requests.find(decision.requestId);
      if (!exists) throw notFound(VERIFICATION_MESSAGES.requestNotFound);
      throw conflict(
        change.from === 'approved' ? VERIFICATION_MESSAGES.notApproved : VERIFICATION_MESSAGES.notOpen,
        'NOT_DECIDABLE',
      );
    }
    if (change.to !== 'refused') {
      const verifiedAt = change.to === 'approved' ? decision.at : null;
      const live = await requests.setVerifiedAt(trx, decided.company_id, verifiedAt);
      if (!live) throw notFound(VERIFICATION_MESSAGES.requestNotFound);
    }
    await notices?.enqueue(trx, {
      userId: decided.company_id,
      kind: 'company-verification',
      dedupeKey: `company-verification:${decided.id}:${change.to}`,
      data: { requestId: decided.id, decision: change.to, reason: decided.reason },
    });
    return decided;
  });
}

/**
 * For an import (the demo set): approves a request a company sent through the route, as no admin (decided_by
 * stays null) and without a mail. The same transaction as an admin's approval otherwise.
 */
export async function approveImportedVerification(db: Database, requestId: string): Promise<void> {
  await decideVerificationRequest(
    schemaDb<AccountsDatabase>(db, 'accounts'),
    { requestId, decision: 'approve', reason: null, adminId: null, at: new Date() },
    undefined,
  );
}
