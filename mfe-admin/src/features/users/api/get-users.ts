import { apiJson } from '@marketplace/ui';
import {
  API_PATHS,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserListResponse,
} from '@marketplace/contracts';

/** Server-side paging: the list stays quick with 100,000 accounts. */
export const USERS_PAGE_SIZE = 20;
export const ALL_USERS_URL = API_PATHS.allUsers;

/** One row of the list and one page of it: the contracts shapes of GET /api/user/getall. */
export type AdminUserRow = AdminUser;
export type UsersPage = Pick<AdminUserListResponse, 'users' | 'total' | 'page' | 'limit'>;

export async function fetchUsers(search: string, page: number, signal?: AbortSignal): Promise<UsersPage> {
  const query: AdminUserListQuery = { search, page, limit: USERS_PAGE_SIZE };
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const body = await apiJson<Partial<AdminUserListResponse>>(`${ALL_USERS_URL}?${params}`, {
    signal,
    networkToast: false,
  });
  return {
    users: Array.isArray(body.users) ? body.users : [],
    total: typeof body.total === 'number' ? body.total : 0,
    page: typeof body.page === 'number' ? body.page : page,
    limit: typeof body.limit === 'number' ? body.limit : USERS_PAGE_SIZE,
  };
}
