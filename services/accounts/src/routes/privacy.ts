import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AccountExportSchema,
  DeleteAccountBodySchema,
  MessageResponseSchema,
  type AccountExport,
} from '@marketplace/contracts';
import { AppError, unauthorized, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { DocumentStore } from '@marketplace/service-kit/uploads';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import { ContactMessagesRepository } from '../repositories/contact-messages-repository';
import { PhotoStore } from '../repositories/photo-store';
import { sessionDataOf } from '../repositories/session-data-repository';
import { UsersRepository } from '../repositories/users-repository';
import { VerificationRepository } from '../repositories/verification-repository';
import { eraseAccount } from '../user-events';
import { toVerificationRequest } from './verification';

export interface PrivacyRoutesOptions {
  db: Kysely<AccountsDatabase>;
  photos: PhotoStore;
  /** CAC certificates of verification requests: erased with the account. */
  certificates: DocumentStore;
}

export const PRIVACY_MESSAGES = Object.freeze({
  deleted: 'Your account and personal data have been deleted.',
  wrongPassword: 'The password is not correct.',
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The data subject's rights under Nigeria's Data Protection Act: a copy of everything accounts holds
 * about the signed-in person, and erasure of their personal data. Payment records elsewhere hold ids
 * only and are kept; other services anonymise their read models on accounts.user.deleted.
 */
export const privacyRoutes: FastifyPluginAsyncTypebox<PrivacyRoutesOptions> = async (app, options) => {
  const users = new UsersRepository(options.db);
  const messages = new ContactMessagesRepository(options.db);

  app.get(
    '/api/user/me/export',
    { preHandler: app.authenticate, schema: { response: { 200: AccountExportSchema } } },
    async (request, reply): Promise<AccountExport> => {
      const user = await users.findById(request.user.sub);
      if (!user) throw unauthorized('Please sign in to continue.');
      const [contact, sessionData, verificationRequests] = [
        await messages.listFrom(user.id),
        await sessionDataOf(options.db, user.id),
        await new VerificationRepository(options.db).allOf(user.id),
      ];
      const exportedAt = new Date();
      reply
        .header(
          'content-disposition',
          `attachment; filename="marketplace-my-data-${exportedAt.toISOString().slice(0, 10)}.json"`,
        )
        .header('cache-control', 'no-store');
      return {
        exportedAt: exportedAt.toISOString(),
        account: {
          _id: user.id,
          name: user.name,
          email: user.email,
          type: user.type,
          phoneNumber: user.phone_number,
          cacnumber: user.cacnumber,
          cacClass: user.cac_class,
          address: user.address,
          state: user.state,
          pincode: user.pincode,
          description: user.description,
          photoUrl: user.photo_url,
          category: user.categories,
          subcategory: user.subcategories,
          totalPostedJobs: user.total_posted_jobs,
          totalAppliedJobs: user.total_applied_jobs,
          createdAt: user.created_at.toISOString(),
          updatedAt: user.updated_at.toISOString(),
          emailVerifiedAt: iso(user.email_verified_at),
          verifiedAt: iso(user.verified_at),
        },
        verificationRequests: verificationRequests.map(toVerificationRequest),
        contactMessages: contact.map((row) => ({
          _id: row.id,
          name: row.name,
          email: row.email,
          phoneNumber: row.phone_number,
          hourseaddress: row.house_address,
          subject: row.subject,
          msg: row.message,
          createdAt: row.created_at.toISOString(),
          deliveredAt: iso(row.delivered_at),
        })),
        sessions: sessionData.sessions,
        socialIdentities: sessionData.socialIdentities,
      };
    },
  );

  app.delete(
    '/api/user/me',
    {
      preHandler: app.authenticate,
      schema: { body: DeleteAccountBodySchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const user = await users.findById(request.user.sub);
      if (!user) throw unauthorized('Please sign in to continue.');
      const confirmed = await verify(user.password_hash, request.body.password).catch(() => false);
      if (!confirmed) throw new AppError(403, 'WRONG_PASSWORD', PRIVACY_MESSAGES.wrongPassword);

      // A hash of a random secret nobody knows: the row can never sign in again.
      const unusableHash = await hash(randomBytes(32).toString('hex'));
      const certificates = await options.db.transaction().execute(async (trx) => {
        const erased = await eraseAccount(trx, user.id, unusableHash, request.id);
        if (!erased) throw unauthorized('Please sign in to continue.');
        return new VerificationRepository(trx).deleteOf(trx, user.id);
      });
      for (const name of certificates) {
        await options.certificates
          .remove(name)
          .catch((err) => request.log.warn({ err }, 'deleted account: certificate could not be removed'));
      }
      await options.photos
        .remove(PhotoStore.nameFromUrl(user.photo_url))
        .catch((err) => request.log.warn({ err }, 'deleted account: photo file could not be removed'));
      return { statusCode: 200, resultMessage: { en: PRIVACY_MESSAGES.deleted } };
    },
  );
};
