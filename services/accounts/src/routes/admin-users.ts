import {
  AdminUserListQuerySchema,
  AdminUserListResponseSchema,
  pageWindow,
  type AdminUser,
} from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';

export interface AdminUserRoutesOptions {
  db: Kysely<AccountsDatabase>;
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    _id: row.id,
    email: row.email,
    phoneNumber: row.phone_number,
    totalPostedJobs: row.total_posted_jobs,
    totalAppliedJobs: row.total_applied_jobs,
    type: row.type,
    name: row.name,
    createdAt: row.created_at.toISOString(),
  };
}

/** The admin's All Users screen: every live account, newest first, searchable, paged. Admins only. */
export const adminUserRoutes: FastifyPluginAsyncTypebox<AdminUserRoutesOptions> = async (app, options) => {
  const users = new UsersRepository(options.db);

  app.get(
    '/api/user/getall',
    {
      preHandler: app.requireType('admin'),
      schema: { querystring: AdminUserListQuerySchema, response: { 200: AdminUserListResponseSchema } },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { rows, total } = await users.listForAdmin(request.query.search, window);
      return { statusCode: 200, users: rows.map(toAdminUser), total, page: window.page, limit: window.limit };
    },
  );
};
