import { Type, type Static } from 'typebox';
import { BinaryFileSchema } from './files';
import { pageQuery } from './pagination';

export { VERIFIED_BADGE } from './verified-badge';

// ---------------------------------------------------------------------------------------------------
// Verified companies: a company sends its CAC number and its certificate (an image or a PDF); an admin
// approves it (the company shows "Verified" with the date on its card and profile) or refuses it with a
// reason; a verified company can later be revoked with a reason. One open request per company.

/** The certificate's size limit (bytes): the same 5 MB as every other upload. */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
/** The longest reason an admin may give for a refusal or a revocation (characters). */
export const VERIFICATION_REASON_MAX = 500;
/** What the certificate may be: content-checked from its bytes, whatever the browser says. */
export const CERTIFICATE_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
/** The file input's `accept` (a comfort: the server reads the bytes). */
export const CERTIFICATE_ACCEPT = CERTIFICATE_CONTENT_TYPES.join(',');

export const VerificationStatusSchema = Type.Union([
  Type.Literal('requested'),
  Type.Literal('approved'),
  Type.Literal('refused'),
  Type.Literal('revoked'),
]);
export type VerificationStatus = Static<typeof VerificationStatusSchema>;

export const VERIFICATION_MESSAGES = Object.freeze({
  requested:
    'Thank you. Your verification request was sent; an administrator will check it within a few days.',
  approved: 'The company is now verified.',
  refused: 'The request was refused.',
  revoked: "The company's verification was revoked.",
  onlyCompanies: 'Only companies can ask to be verified.',
  alreadyOpen: 'Your verification request is already waiting for a decision.',
  alreadyVerified: 'Your company is already verified.',
  cacRequired: 'Please enter your CAC number.',
  certificateRequired: 'Please attach your CAC certificate (a photo or a PDF).',
  oneCertificateOnly: 'Please attach one certificate only.',
  invalidCertificate: 'Please upload your certificate as a JPEG, PNG or WebP image, or a PDF.',
  certificateTooLarge: 'The certificate is too large. Please upload a file of at most 5 MB.',
  malformedForm: 'The form could not be read. Please try again.',
  tooManyFields: 'The form has too many fields.',
  requestNotFound: 'Verification request not found.',
  certificateNotFound: 'Certificate not found.',
  reasonRequired: 'Please give the company a reason.',
  notOpen: 'This request has already been decided.',
  notApproved: 'Only a verified company can have its verification revoked.',
  registryNotConnected: 'Not checked: the CAC registry is not connected in this installation',
  registryUnavailable: 'Not checked: the CAC registry could not be reached. Please try again later.',
} as const);

/** What the registry adapter says about a CAC number, shown to admins beside the request. */
export const RegistryAnswerSchema = Type.Object({
  /** not-connected: no registry here; found / not-found: the registry answered; unavailable: it failed. */
  outcome: Type.Union([
    Type.Literal('not-connected'),
    Type.Literal('found'),
    Type.Literal('not-found'),
    Type.Literal('unavailable'),
  ]),
  /** One sentence an admin reads. */
  message: Type.String(),
  /** The name the registry holds for the number, when it found it. */
  registeredName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type RegistryAnswer = Static<typeof RegistryAnswerSchema>;

/** A request as its company sees it. */
export const VerificationRequestSchema = Type.Object({
  _id: Type.String(),
  cacNumber: Type.String(),
  status: VerificationStatusSchema,
  /** The admin's reason for a refusal or a revocation; null otherwise. */
  reason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  /** The certificate's content type as read from its bytes. */
  certificateType: Type.String(),
});
export type VerificationRequest = Static<typeof VerificationRequestSchema>;

/** GET /api/user/verification: the company's latest request (null: none yet) and its verified date. */
export const MyVerificationResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  verifiedAt: Type.Union([Type.String(), Type.Null()]),
  request: Type.Union([VerificationRequestSchema, Type.Null()]),
});
export type MyVerificationResponse = Static<typeof MyVerificationResponseSchema>;

/** POST /api/user/verification (multipart): the CAC number as typed and the certificate. */
export const VerificationFormSchema = Type.Object({
  cacNumber: Type.String({ maxLength: 40 }),
  certificate: BinaryFileSchema,
});

export const VerificationRequestedResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  request: VerificationRequestSchema,
});
export type VerificationRequestedResponse = Static<typeof VerificationRequestedResponseSchema>;

/** One entry of the admins' queue: the request, its company and the registry's answer. */
export const AdminVerificationSchema = Type.Object({
  ...VerificationRequestSchema.properties,
  company: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    /** The CAC number the company registered with (may differ from the one in the request). */
    registeredCacNumber: Type.Union([Type.String(), Type.Null()]),
    verifiedAt: Type.Union([Type.String(), Type.Null()]),
  }),
  registry: RegistryAnswerSchema,
  decidedBy: Type.Union([Type.String(), Type.Null()]),
});
export type AdminVerification = Static<typeof AdminVerificationSchema>;

/** GET /api/user/verifications (admins): open requests first, oldest first; then decided ones, newest first. */
export const AdminVerificationsQuerySchema = Type.Object({
  ...pageQuery({ defaultLimit: 10, maxLimit: 50 }),
});
export type AdminVerificationsQuery = Static<typeof AdminVerificationsQuerySchema>;

export const AdminVerificationsResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  verifications: Type.Array(AdminVerificationSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export type AdminVerificationsResponse = Static<typeof AdminVerificationsResponseSchema>;

/**
 * POST /api/user/verifications/:requestId/decision (admins): approve or refuse an open request, or
 * revoke an approved one. `reason` is required to refuse or revoke.
 */
export const VerificationDecisionBodySchema = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('refuse'), Type.Literal('revoke')]),
    reason: Type.Optional(Type.String({ maxLength: VERIFICATION_REASON_MAX })),
  },
  { additionalProperties: false },
);
export type VerificationDecisionBody = Static<typeof VerificationDecisionBodySchema>;

export const VerificationDecisionResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  verification: AdminVerificationSchema,
});
export type VerificationDecisionResponse = Static<typeof VerificationDecisionResponseSchema>;

/** The certificate's URL (admins and the company itself). */
export function certificatePath(requestId: string): string {
  return `/api/user/verifications/${encodeURIComponent(requestId)}/certificate`;
}

/** Where an admin's decision on a request is sent. */
export function verificationDecisionPath(requestId: string): string {
  return `/api/user/verifications/${encodeURIComponent(requestId)}/decision`;
}

/** The texts of the company's "Get verified" section (the shell's /edit-profile). */
export const GET_VERIFIED_COPY = Object.freeze({
  heading: 'Get verified',
  lead:
    'Verified companies show a "Verified" badge on their card and profile. Send your CAC number and a ' +
    'photo or PDF of your CAC certificate; an administrator checks it, usually within a few days.',
  cacLabel: 'CAC number',
  cacHint: 'As on your certificate, e.g. RC123456, BN1234567 or IT123456.',
  fileLabel: 'CAC certificate',
  fileHint: 'A photo (JPEG, PNG or WebP) or a PDF, at most 5 MB.',
  submit: 'Send for verification',
  sending: 'Sending…',
  pending: 'Your request is waiting for an administrator. We will e-mail you when it is decided.',
  refused: 'Your last request was not accepted.',
  revoked: 'Your verification was withdrawn.',
  tryAgain: 'You can send a new request below.',
  loadFailed: 'Your verification state could not be loaded.',
} as const);

/** The texts of the admins' "Company verification" page (/allverifications). */
export const VERIFICATION_QUEUE_COPY = Object.freeze({
  heading: 'Company verification',
  lead: 'Check each company’s CAC certificate, then approve or refuse it. A verified company can be revoked later.',
  empty: 'No verification requests yet.',
  approve: 'Approve',
  refuse: 'Refuse',
  revoke: 'Revoke',
  reasonLabel: 'Reason (the company reads it)',
  certificate: 'Open the certificate',
  registry: 'Registry check',
} as const);
