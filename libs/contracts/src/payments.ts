import { Type } from 'typebox';

export const PaymentStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('failed'),
]);

export const UnlockPaymentSchema = Type.Object({
  _id: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  status: PaymentStatusSchema,
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});

export const MyPaymentsResponseSchema = Type.Object({ payments: Type.Array(UnlockPaymentSchema) });
