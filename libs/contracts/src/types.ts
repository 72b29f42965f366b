// Static types of contracts' request and response schemas that had none yet (the browser uses them).
import type { Static } from 'typebox';
import type {
  AdminUserListQuerySchema,
  AdminUserListResponseSchema,
  LoginBodySchema,
  LoginResponseSchema,
  MessageResponseSchema,
  ProfileUpdateResponseSchema,
  RegisterResponseSchema,
} from './accounts';
import type { LogoutBodySchema, MeResponseSchema } from './sessions';

export type LoginBody = Static<typeof LoginBodySchema>;
export type LoginResponse = Static<typeof LoginResponseSchema>;
export type RegisterResponse = Static<typeof RegisterResponseSchema>;
export type MessageResponse = Static<typeof MessageResponseSchema>;
export type ProfileUpdateResponse = Static<typeof ProfileUpdateResponseSchema>;
export type AdminUserListQuery = Static<typeof AdminUserListQuerySchema>;
export type AdminUserListResponse = Static<typeof AdminUserListResponseSchema>;
export type LogoutBody = Static<typeof LogoutBodySchema>;
export type MeResponse = Static<typeof MeResponseSchema>;
