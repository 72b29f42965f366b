import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorText, type ErrorTexts } from '@marketplace/ui';
import { formatCount } from '@marketplace/ui/format';
import { MESSAGES, UI_TIMINGS } from '@marketplace/contracts';
import { APP_PAGES } from '@marketplace/page-head';
import { AdminListPage, ListStates, Pager } from '../../../shared/AdminList';
import { pageFrom, useListParams, useMinimumDelay } from '../../../shared/list-state';
import { fetchUsers, USERS_PAGE_SIZE } from '../api/get-users';

const LOAD_ERRORS: ErrorTexts = {
  status: { 403: 'Only administrators can see the list of users.' },
  answered: (status) => `Could not load users (status ${status}).`,
  fallback: 'Could not load users.',
};

const COLUMNS = ['Email', 'Phone Number', 'Total Job Posted', 'Job Applied', 'Type'] as const;

/** Spec "Admin screens", All Users: Email, Phone Number, Total Job Posted, Job Applied, Type. */
export function AllUsersPage() {
  const { params, search, draft, setDraft, goTo } = useListParams('search');
  const page = pageFrom(params.get('page'));
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);

  const query = useQuery({
    queryKey: ['admin', 'users', { search, page }],
    queryFn: ({ signal }) => fetchUsers(search, page, signal),
    placeholderData: keepPreviousData,
  });

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.limit || USERS_PAGE_SIZE))) : 1;
  const first = data && data.users.length > 0 ? (page - 1) * data.limit + 1 : 0;
  const last = data ? first + data.users.length - 1 : 0;
  const loading = !minimumShown || query.isPending;

  return (
    <AdminListPage
      title={APP_PAGES.allUsers.heading}
      lead={
        <>
          {APP_PAGES.allUsers.lead}
          {/* Its line is there from the first frame (issue 27: the lead turning from this sentence into
              the count moved the list up by a line at 375 px). */}
          <span className="admin-page__count">
            {data && !loading
              ? `${formatCount(data.total)} ${data.total === 1 ? 'account' : 'accounts'}${search ? ` matching “${search}”` : ''}`
              : null}
          </span>
        </>
      }
      search={{
        id: 'admin-user-search',
        label: 'Search users',
        placeholder: 'Search by email, name or phone',
        value: draft,
        onChange: setDraft,
      }}
    >
      <ListStates
        loading={loading}
        skeleton={{ label: 'Loading users', widths: [38, 18, 10, 10, 10] }}
        error={query.error}
        errorText={(error) => errorText(error, LOAD_ERRORS)}
        onRetry={() => void query.refetch()}
        hasData={Boolean(data)}
        isEmpty={data?.users.length === 0}
        empty={<p className="admin-empty">{MESSAGES.noUsersToShow}</p>}
        pager={
          data &&
          data.total > 0 && (
            <Pager
              info={
                first > 0
                  ? `${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)}`
                  : `Page ${page} is past the end`
              }
              current={`Page ${formatCount(page)} of ${formatCount(pages)}`}
              canGoBack={page > 1 && !query.isFetching}
              canGoOn={page < pages && !query.isFetching}
              onGo={(direction) => goTo(page + direction)}
            />
          )
        }
      >
        {data && (
          <table className="admin-table" aria-busy={query.isFetching || undefined}>
            <caption className="ui-visually-hidden">All users, page {page}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user._id}>
                  <td className="admin-table__email">
                    <span title={user.email}>{user.email}</span>
                  </td>
                  <td data-short="Phone">{user.phoneNumber || MESSAGES.missingValue}</td>
                  <td data-short="Posted" className="admin-table__num">
                    {user.totalPostedJobs ?? 0}
                  </td>
                  <td data-short="Applied" className="admin-table__num">
                    {user.totalAppliedJobs ?? 0}
                  </td>
                  <td className="admin-table__type">
                    <span className={`admin-badge admin-badge--${user.type}`}>{user.type}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListStates>
    </AdminListPage>
  );
}
