import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession, retryUnlessClientError } from '@marketplace/ui';
import { formatCount } from '@marketplace/ui/format';
import { fetchJobsByType, jobsByTypeKey, type JobListKind } from '../api/get-jobs';
import { JobCards } from './JobCards';
import type { JobModalVariant } from './JobModal';

/** The open jobs of one category or sub-category, newest first, 'Show more' a page at a time. */
export function JobsByType({
  kind,
  type,
  modalVariant = 'card',
}: {
  kind: JobListKind;
  type: string;
  modalVariant?: JobModalVariant;
}) {
  const { user } = useSession();
  const userId = user?._id ?? '';
  const query = useInfiniteQuery({
    queryKey: jobsByTypeKey(kind, type, userId),
    queryFn: ({ pageParam, signal }) => fetchJobsByType(kind, type, userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: type.trim() !== '',
    retry: retryUnlessClientError,
  });
  const jobs = query.data?.pages.flatMap((page) => page.jobs) ?? [];

  const footer = (
    <div className="jobs-more">
      <p className="jobs-more__count" aria-live="polite">
        Showing {formatCount(jobs.length)} {jobs.length === 1 ? 'job' : 'jobs'}
      </p>
      {query.hasNextPage && (
        <button
          type="button"
          className="ui-btn ui-btn--secondary"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show more jobs'}
        </button>
      )}
    </div>
  );

  return (
    <JobCards
      jobs={jobs}
      loading={type.trim() !== '' && query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      label={`${type} jobs`}
      modalVariant={modalVariant}
      footer={footer}
      busy={query.isFetchingNextPage}
    />
  );
}
