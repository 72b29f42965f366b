import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, notify } from '@marketplace/ui';

/**
 * An admin's decision on a row of a list (refund a payment, decide a dispute or a verification, hide a
 * review): on success the server's words as a toast, the list read again, then `done`. A 404 or 409
 * means the row changed meanwhile (decided by another admin, refunded already): the list is read again
 * so it shows where things stand, and the dialog shows the refusal.
 */
export function useAdminDecision<TBody, TResult extends { message?: string }>({
  send,
  refresh,
  done,
  successFallback = '',
}: {
  send: (body: TBody) => Promise<TResult>;
  refresh: QueryKey;
  done: () => void;
  successFallback?: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      notify('success', result.message || successFallback);
      await queryClient.invalidateQueries({ queryKey: refresh });
      done();
    },
    onError: async (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        await queryClient.invalidateQueries({ queryKey: refresh });
    },
  });
}
