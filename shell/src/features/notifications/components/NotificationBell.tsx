import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatKobo,
  REFUND_REASON_MESSAGES,
  type Notification,
  type NotificationListResponse,
  type RefundReason,
} from '@marketplace/contracts';
import { retryUnlessClientError } from '@marketplace/ui';
import { useFocusTrap } from '@marketplace/ui/focus-trap';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { Link } from '@marketplace/ui/router';
import {
  fetchNotifications,
  markNotificationsRead,
  NOTIFICATIONS_KEY,
  NOTIFICATIONS_REFRESH_MS,
} from '../api/notifications';
import { StrokeIcon } from '../../../components/StrokeIcon';
import './notification-bell.css';

const BELL_ICON = 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0';
const MAX_SHOWN = 99;

export const NO_ALERTS_TEXT = 'No notifications yet.';
export const ALERTS_FAILED_TEXT = 'Your notifications could not be loaded.';

/** "Craftsman · Lagos · 5 min ago" */
function detailOf(notification: Notification, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(notification.createdAt)) / 60_000));
  const age =
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : minutes < 24 * 60
          ? `${Math.round(minutes / 60)} h ago`
          : new Date(notification.createdAt).toLocaleDateString('en-NG', { day: 'numeric', month: 'short' });
  // A hire or payment notice is about a job the company already knows: only when it happened.
  if (notification.kind !== 'job-alert') return age;
  return [notification.category, notification.state, age].filter(Boolean).join(' · ');
}

/** '₦1,500', or 'your payment' when the notice has no amount. */
function amountOf(notification: Notification): string | undefined {
  return notification.amount === undefined
    ? undefined
    : formatKobo(notification.amount, notification.currency);
}

/**
 * What a notice says: the job of an alert, what the poster decided about the company's offer, or what
 * became of the company's payment or dispute (the amount, the job, an admin's reason).
 */
export function noticeText(notification: Notification): string {
  const job = notification.jobHeading;
  const amount = amountOf(notification);
  const payment = amount ? `Your payment of ${amount}` : 'Your payment';
  switch (notification.kind) {
    case 'offer-accepted':
      return `${notification.posterName || 'The poster'} hired you for ${job}`;
    case 'offer-declined':
      return `The poster of ${job} chose another company`;
    case 'payment-confirmed':
      return `${payment} for ${job} has arrived: the job is unlocked`;
    case 'payment-expired': {
      const minutes = notification.windowMinutes;
      const within = minutes ? ` within ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '';
      return `${payment} for ${job} was not received${within} and has expired. You can pay again from the job`;
    }
    case 'dispute-decided':
      return notification.outcome === 'refunded'
        ? `Your dispute about ${job} was accepted: ${amount ?? 'your payment'} is being refunded`
        : `Your dispute about ${job} was not accepted. Reason: ${notification.rejectionReason || 'not given'}`;
    case 'payment-refunded': {
      const reason = notification.refundReason as RefundReason | undefined;
      const why =
        reason && Object.hasOwn(REFUND_REASON_MESSAGES, reason) ? ` ${REFUND_REASON_MESSAGES[reason]}` : '';
      return `Refund of ${amount ?? 'your payment'} for ${job}.${why || ' Your payment has been refunded.'}`;
    }
    default:
      return job;
  }
}

/** Where a notice leads: a dispute's decision or a refund to the dashboard's payments, the rest to their job. */
export function noticeLink(notification: Notification): string {
  if (notification.kind === 'dispute-decided' || notification.kind === 'payment-refunded') {
    return '/dashboard#payments';
  }
  return `/jobs?job=${encodeURIComponent(notification.jobId)}`;
}

/** A small picture of the kind (decoration: the text says it all). */
const KIND_ICONS: Record<Notification['kind'], string> = {
  'job-alert': 'M4 8h16v11H4zM9 8V5h6v3',
  'offer-accepted': 'M5 12l5 5 9-10',
  'offer-declined': 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12h8',
  'payment-confirmed': 'M3 6h18v12H3zM3 10h18M7 15h4',
  'payment-expired': 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  'dispute-decided': 'M12 4v16M5 8h14M5 8l-3 6h6zM19 8l-3 6h6zM8 20h8',
  'payment-refunded': 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
};

function KindIcon({ kind }: { kind: Notification['kind'] }) {
  return (
    <StrokeIcon
      className={`notification-bell__icon notification-bell__icon--${kind}`}
      d={KIND_ICONS[kind] ?? KIND_ICONS['job-alert']}
      size={18}
    />
  );
}

function Bell({ className }: { className: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => fetchNotifications(signal),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: retryUnlessClientError,
  });
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (body) => {
      // Shown read at once; the server's count follows.
      queryClient.setQueryData<NotificationListResponse>(NOTIFICATIONS_KEY, (current) => {
        if (!current) return current;
        const read = (n: Notification) => body.all || body.ids?.includes(n._id);
        const notifications = current.notifications.map((n) => (read(n) ? { ...n, read: true } : n));
        return { ...current, notifications, unread: notifications.filter((n) => !n.read).length };
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
  useFocusTrap(open, { containers: [toggle, panel], onEscape: () => setOpen(false) });

  const unread = list.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const notifications = list.data?.notifications ?? [];
  const now = Date.now();

  return (
    <div className={`notification-bell ${className}`.trim()}>
      <button
        type="button"
        ref={toggle}
        className="notification-bell__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        title={label}
        onClick={() => setOpen((was) => !was)}
      >
        <StrokeIcon d={BELL_ICON} size={22} />
        {unread > 0 && (
          <span className="notification-bell__badge" aria-hidden="true">
            {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
          </span>
        )}
      </button>
      <div
        id={panelId}
        ref={panel}
        className="notification-bell__panel"
        role="region"
        aria-label="Notifications"
        hidden={!open}
      >
        <div className="notification-bell__head">
          <h2 className="notification-bell__title">Notifications</h2>
          {unread > 0 && (
            <button
              type="button"
              className="notification-bell__mark"
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all read
            </button>
          )}
        </div>
        {list.isPending ? (
          <p className="notification-bell__note" role="status">
            Loading…
          </p>
        ) : list.isError && notifications.length === 0 ? (
          <p className="notification-bell__note" role="alert">
            {ALERTS_FAILED_TEXT}
          </p>
        ) : notifications.length === 0 ? (
          <p className="notification-bell__note">
            {NO_ALERTS_TEXT} New jobs that match your job alerts, and news of your offers and payments, show
            here.
          </p>
        ) : (
          <ul className="notification-bell__list">
            {notifications.map((notification) => (
              <li key={notification._id} className={notification.read ? '' : 'is-unread'}>
                <Link
                  to={noticeLink(notification)}
                  className="notification-bell__item"
                  onClick={() => {
                    if (!notification.read) markRead.mutate({ ids: [notification._id] });
                    setOpen(false);
                  }}
                >
                  <KindIcon kind={notification.kind} />
                  <span className="notification-bell__heading">
                    {!notification.read && <span className="ui-visually-hidden">New: </span>}
                    {noticeText(notification)}
                  </span>
                  <span className="notification-bell__detail">{detailOf(notification, now)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/dashboard#job-alerts"
          className="notification-bell__settings"
          onClick={() => setOpen(false)}
        >
          Choose your job alerts
        </Link>
      </div>
    </div>
  );
}

/**
 * The header's notifications for a company (job alerts, offer decisions, payment and dispute notices): a
 * bell with the unread count that opens the newest (each opens its page and is marked read) and a way to
 * the alert settings. Named "Notifications", not "Job alerts", since it carries more than alerts. Its own lazy chunk, loaded
 * only for companies, so the shell's first JS does not grow.
 */
export function NotificationBell({ className = '' }: { className?: string }) {
  return (
    <EnsureQueryClient>
      <Bell className={className} />
    </EnsureQueryClient>
  );
}

export default NotificationBell;
