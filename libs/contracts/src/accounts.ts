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
  category: Type.Optional(Type.Array(Type.String())),
  subcategory: Type.Optional(Type.Array(Type.String())),
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
