// The company's in-app notifications (job alerts): GET /api/jobs/notifications, PUT .../read.
import { API_PATHS, type MarkNotificationsRead, type NotificationListResponse } from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** How often the bell asks again while the tab is visible. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export function fetchNotifications(signal?: AbortSignal): Promise<NotificationListResponse> {
  // The bell is a hint: a failed poll shows no network toast (the next one tries again).
  return apiJson<NotificationListResponse>(API_PATHS.notifications, { signal, networkToast: false });
}

export function markNotificationsRead(body: MarkNotificationsRead): Promise<{ unread: number }> {
  return apiJson<{ unread: number }>(API_PATHS.notificationsRead, {
    method: 'PUT',
    json: body,
    networkToast: false,
  });
}
