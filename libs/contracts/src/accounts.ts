import { Type, type Static } from 'typebox';

export const AccountTypeSchema = Type.Union([
  Type.Literal('user'),
  Type.Literal('company'),
  Type.Literal('admin'),
]);

/** An account as the API returns it (spec section 3, "Account"); never secrets. */
export const AccountSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  type: AccountTypeSchema,
  cacnumber: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  pincode: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  totalPostedJobs: Type.Integer(),
  totalAppliedJobs: Type.Integer(),
  /** Company registration extras (optional so older clients and other producers stay valid). */
  state: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  category: Type.Optional(Type.Array(Type.String())),
  subcategory: Type.Optional(Type.Array(Type.String())),
});
export type Account = Static<typeof AccountSchema>;

/** POST /api/user: the registration payload of the web form and the Android app. */
export const RegisterBodySchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  name: Type.String({ maxLength: 120 }),
  password: Type.String({ maxLength: 256 }),
  language: Type.Optional(Type.String()),
  platform: Type.Optional(Type.String()),
  timezone: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  deviceId: Type.Optional(Type.String()),
  type: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('company')])),
  cacnumber: Type.Optional(Type.String({ maxLength: 40 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 32 })),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  pincode: Type.Optional(Type.String({ maxLength: 12 })),
  /** One of the 37 names of NIGERIAN_STATES (the web form sends it; the Android app may not). */
  state: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  subcategory: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
});
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const ResultMessageSchema = Type.Object({ en: Type.String() });

export const RegisterResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  user: AccountSchema,
});

export const LoginBodySchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 256 }),
});

export const LoginResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  accessToken: Type.String(),
  user: AccountSchema,
});

/** A response that carries only a message, e.g. the contact form and account deletion. */
export const MessageResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
});

/** PUT /api/user/editcompany (multipart; JSON accepted too): the profile after the update. */
export const ProfileUpdateResponseSchema = RegisterResponseSchema;

/** The text fields of PUT /api/user/editcompany; only changed ones are sent. Email and CAC are read-only. */
export const ProfileUpdateFieldsSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 120 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 32 })),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  pincode: Type.Optional(Type.String({ maxLength: 12 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ProfileUpdateFields = Static<typeof ProfileUpdateFieldsSchema>;

/** POST /api/user/send-mail: the contact form (spec section 3, "Contact payload"; subject optional). */
export const ContactBodySchema = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 1000 })),
  hourseaddress: Type.Optional(Type.String({ maxLength: 2000 })),
  msg: Type.Optional(Type.String({ maxLength: 20000 })),
  /** One of CONTACT_SUBJECTS' values: 'subject' (default), 'personal-data', 'others'. */
  subject: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ContactBody = Static<typeof ContactBodySchema>;

/** GET /api/user/getall (admin): one row of the All Users screen. */
export const AdminUserSchema = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  totalPostedJobs: Type.Integer(),
  totalAppliedJobs: Type.Integer(),
  type: AccountTypeSchema,
  name: Type.String(),
  createdAt: Type.String(),
});
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminUserListQuerySchema = Type.Object({
  /** Case-insensitive, matched anywhere in email, name or phone number (local or +234 form). */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const AdminUserListResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  users: Type.Array(AdminUserSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

/** A company as the directory lists it (spec section 3, "Company (as listed)"): public fields only. */
export const CompanySchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  pincode: Type.Union([Type.String(), Type.Null()]),
  subcategory: Type.Array(Type.String()),
  description: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  type: Type.Literal('company'),
});
export type Company = Static<typeof CompanySchema>;

/** GET /api/jobs/getcompaniesbycategory/:category and .../getcompaniesbysubCategory/:subcategory. */
export const CompanyListResponseSchema = Type.Object({
  company: Type.Array(CompanySchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});

/** GET /api/accounts/companies/:id */
export const CompanyResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  company: CompanySchema,
});

/** DELETE /api/user/me: the password confirms the deletion. */
export const DeleteAccountBodySchema = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 256 }),
});

/** GET /api/user/me/export: everything accounts holds about the signed-in person (NDPA access right). */
export const AccountExportSchema = Type.Object({
  exportedAt: Type.String(),
  account: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    type: AccountTypeSchema,
    phoneNumber: Type.Union([Type.String(), Type.Null()]),
    cacnumber: Type.Union([Type.String(), Type.Null()]),
    cacClass: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()]),
    state: Type.Union([Type.String(), Type.Null()]),
    pincode: Type.Union([Type.String(), Type.Null()]),
    description: Type.Union([Type.String(), Type.Null()]),
    photoUrl: Type.Union([Type.String(), Type.Null()]),
    category: Type.Array(Type.String()),
    subcategory: Type.Array(Type.String()),
    totalPostedJobs: Type.Integer(),
    totalAppliedJobs: Type.Integer(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  }),
  contactMessages: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      email: Type.String(),
      phoneNumber: Type.Union([Type.String(), Type.Null()]),
      hourseaddress: Type.Union([Type.String(), Type.Null()]),
      subject: Type.String(),
      msg: Type.String(),
      createdAt: Type.String(),
      deliveredAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** Sign-in sessions (refresh tokens) without any token or hash. */
  sessions: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** Linked social logins (provider and its user id). */
  socialIdentities: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type AccountExport = Static<typeof AccountExportSchema>;
