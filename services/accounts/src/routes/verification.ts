import fastifyMultipart from '@fastify/multipart';
import {
  AdminVerificationsQuerySchema,
  AdminVerificationsResponseSchema,
  BinaryFileSchema,
  CacNumberRule,
  CERTIFICATE_MAX_BYTES,
  MyVerificationResponseSchema,
  pageWindow,
  VERIFICATION_MESSAGES,
  VerificationDecisionBodySchema,
  VerificationDecisionResponseSchema,
  VerificationFormSchema,
  VerificationRequestedResponseSchema,
  type AdminVerification,
  type VerificationRequest,
} from '@marketplace/contracts';
import {
  AppError,
  badRequest,
  conflict,
  containsNul,
  forbidden,
  notFound,
  nulCharacter,
  unauthorized,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { DocumentStore } from '@marketplace/service-kit/uploads';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { AccountsDatabase } from '../db-types';
import type { NoticeMails } from '../mail/notice-mails';
import type { CompanyRegistry } from '../registry/company-registry';
import { UsersRepository } from '../repositories/users-repository';
import {
  VerificationRepository,
  type QueuedVerificationRow,
  type VerificationRequestRow,
} from '../repositories/verification-repository';
import { checkField } from '../validation/registration';
import { decideVerificationRequest } from '../verification-decisions';

export interface VerificationRoutesOptions {
  db: Kysely<AccountsDatabase>;
  certificates: DocumentStore;
  registry: CompanyRegistry;
  notices: NoticeMails;
  now: () => Date;
}

const CERTIFICATE_FIELD = 'certificate';
const MAX_FIELD_BYTES = 1000;

export function toVerificationRequest(row: VerificationRequestRow): VerificationRequest {
  return {
    _id: row.id,
    cacNumber: row.cac_number,
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    certificateType: row.certificate_type,
  };
}

/**
 * Verified companies: a company asks with its CAC number and certificate (one open request at a time,
 * not while verified); admins read the queue with the registry's answer beside each request, open the
 * certificate, and approve, refuse or later revoke. The company's `verified_at` changes in the decision's
 * transaction (which clears the directory's cache: it is a write of `users`) and the company is mailed.
 */
export const verificationRoutes: FastifyPluginAsyncTypebox<VerificationRoutesOptions> = async (
  app,
  options,
) => {
  const { db, certificates, registry, notices, now } = options;
  const requests = new VerificationRepository(db);
  const users = new UsersRepository(db);

  await app.register(fastifyMultipart, {
    limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 5, fieldSize: MAX_FIELD_BYTES, parts: 6 },
  });

  async function toAdminVerification(row: QueuedVerificationRow): Promise<AdminVerification> {
    return {
      ...toVerificationRequest(row),
      company: {
        _id: row.company_id,
        name: row.company_name,
        email: row.company_email,
        registeredCacNumber: row.company_cacnumber,
        verifiedAt: row.company_verified_at?.toISOString() ?? null,
      },
      registry: await registry.lookup(row.cac_number),
      decidedBy: row.decided_by,
    };
  }

  /** 409 when the company may not ask now (verified, or a request waits). */
  async function assertMayAsk(companyId: string): Promise<void> {
    const company = await users.findCompany(companyId);
    if (!company || company.deleted_at) throw unauthorized('Please sign in to continue.');
    if (company.verified_at) throw conflict(VERIFICATION_MESSAGES.alreadyVerified, 'ALREADY_VERIFIED');
    const latest = await requests.latestOf(companyId);
    if (latest?.status === 'requested') throw conflict(VERIFICATION_MESSAGES.alreadyOpen, 'REQUEST_OPEN');
  }

  app.post(
    '/api/user/verification',
    {
      preHandler: app.authenticate,
      config: { documentedBody: { content: { 'multipart/form-data': VerificationFormSchema } } },
      schema: { response: { 201: VerificationRequestedResponseSchema } },
    },
    async (request, reply) => {
      if (request.user.type !== 'company') throw forbidden(VERIFICATION_MESSAGES.onlyCompanies);
      const companyId = request.user.sub;
      await assertMayAsk(companyId);
      const form = await readVerificationForm(request);
      const stored = await certificates.save(form.certificate);
      let row: VerificationRequestRow | undefined;
      try {
        row = await db.transaction().execute(async (trx) => {
          // Checked again in the transaction: a verification approved meanwhile wins.
          const company = await trx
            .selectFrom('users')
            .select('verified_at')
            .where('id', '=', companyId)
            .forUpdate()
            .executeTakeFirst();
          if (company?.verified_at) throw conflict(VERIFICATION_MESSAGES.alreadyVerified, 'ALREADY_VERIFIED');
          return requests.insert(trx, {
            companyId,
            cacNumber: form.cacNumber,
            certificateName: stored.name,
            certificateType: stored.contentType,
          });
        });
      } catch (err) {
        await certificates.remove(stored.name);
        throw err;
      }
      if (!row) {
        // Two requests at once: the other one is the open one.
        await certificates.remove(stored.name);
        throw conflict(VERIFICATION_MESSAGES.alreadyOpen, 'REQUEST_OPEN');
      }
      return reply.status(201).send({
        statusCode: 201,
        message: VERIFICATION_MESSAGES.requested,
        request: toVerificationRequest(row),
      });
    },
  );

  app.get(
    '/api/user/verification',
    { preHandler: app.authenticate, schema: { response: { 200: MyVerificationResponseSchema } } },
    async (request) => {
      if (request.user.type !== 'company') throw forbidden(VERIFICATION_MESSAGES.onlyCompanies);
      const company = await users.findCompany(request.user.sub);
      if (!company) throw unauthorized('Please sign in to continue.');
      const latest = await requests.latestOf(company.id);
      return {
        statusCode: 200,
        verifiedAt: company.verified_at?.toISOString() ?? null,
        request: latest ? toVerificationRequest(latest) : null,
      };
    },
  );

  app.get(
    '/api/user/verifications',
    {
      preHandler: app.requireType('admin'),
      schema: {
        querystring: AdminVerificationsQuerySchema,
        response: { 200: AdminVerificationsResponseSchema },
      },
    },
    async (request) => {
      const window = pageWindow({ page: request.query.page, limit: request.query.limit ?? 10 });
      const { rows, total } = await requests.queue(window);
      return {
        statusCode: 200,
        verifications: await Promise.all(rows.map(toAdminVerification)),
        page: window.page,
        limit: window.limit,
        total,
      };
    },
  );

  app.get(
    '/api/user/verifications/:requestId/certificate',
    {
      preHandler: app.authenticate,
      schema: {
        params: Type.Object({ requestId: Type.String({ maxLength: 64 }) }),
        response: {
          200: {
            description: 'The certificate as stored (a re-encoded image, or the PDF as sent)',
            content: {
              'image/webp': { schema: BinaryFileSchema },
              'application/pdf': { schema: BinaryFileSchema },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const row = await requests.find(request.params.requestId);
      // Admins and the company itself; anyone else is told it does not exist.
      const mayRead = row && (request.user.type === 'admin' || row.company_id === request.user.sub);
      if (!row || !mayRead) throw notFound(VERIFICATION_MESSAGES.certificateNotFound);
      const file = await certificates.read(row.certificate_name);
      if (!file) throw notFound(VERIFICATION_MESSAGES.certificateNotFound);
      // An image opens in the browser; a PDF (which can carry scripts) is only ever downloaded.
      const disposition = file.extension === 'pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${disposition}; filename="cac-certificate.${file.extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/user/verifications/:requestId/decision',
    {
      preHandler: app.requireType('admin'),
      schema: {
        params: Type.Object({ requestId: Type.String({ maxLength: 64 }) }),
        body: VerificationDecisionBodySchema,
        response: { 200: VerificationDecisionResponseSchema },
      },
    },
    async (request) => {
      const { decision } = request.body;
      const reason = request.body.reason?.trim() ?? '';
      if (decision !== 'approve' && reason === '') throw badRequest(VERIFICATION_MESSAGES.reasonRequired);
      const decided = await decideVerificationRequest(
        db,
        { requestId: request.params.requestId, decision, reason, adminId: request.user.sub, at: now() },
        notices,
      );
      const row = await requests.queued(decided.id);
      if (!row) throw notFound(VERIFICATION_MESSAGES.requestNotFound);
      return {
        statusCode: 200,
        message: VERIFICATION_MESSAGES[decided.status as 'approved' | 'refused' | 'revoked'],
        verification: await toAdminVerification(row),
      };
    },
  );
};
interface VerificationForm {
  cacNumber: string;
  certificate: Buffer;
}

/** The CAC number (as typed, trimmed) and the certificate's bytes, from a multipart form. */
async function readVerificationForm(request: FastifyRequest): Promise<VerificationForm> {
  if (!request.isMultipart()) throw badRequest(VERIFICATION_MESSAGES.certificateRequired);
  let cacNumber: string | undefined;
  let certificate: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== CERTIFICATE_FIELD || certificate) {
          part.file.resume();
          if (certificate) throw badRequest(VERIFICATION_MESSAGES.oneCertificateOnly);
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) certificate = bytes;
      } else if (part.fieldname === 'cacNumber') {
        if (part.valueTruncated) throw badRequest(VERIFICATION_MESSAGES.malformedForm);
        const value = String(part.value);
        if (containsNul(value)) throw nulCharacter();
        cacNumber = value.trim();
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!cacNumber) throw badRequest(VERIFICATION_MESSAGES.cacRequired);
  checkField(CacNumberRule, cacNumber);
  if (!certificate) throw badRequest(VERIFICATION_MESSAGES.certificateRequired);
  return { cacNumber, certificate };
}

function multipartError(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'FILE_TOO_LARGE', VERIFICATION_MESSAGES.certificateTooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest(VERIFICATION_MESSAGES.oneCertificateOnly);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(VERIFICATION_MESSAGES.tooManyFields);
    default: {
      if (err instanceof AppError) return err;
      const status = (err as { statusCode?: number }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) return err;
      // A truncated body, no boundary, a malformed part: the client's doing, a 400.
      return badRequest(VERIFICATION_MESSAGES.malformedForm, 'MALFORMED_MULTIPART');
    }
  }
}
