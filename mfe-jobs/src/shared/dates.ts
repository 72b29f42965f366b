// Dates as people in Nigeria read them. Calendar days (YYYY-MM-DD, no time) are formatted in UTC so a
// day never shifts by the reader's time zone; instants are shown in Lagos time.
import { formatDate } from '@marketplace/ui/format';

// One rule for a calendar day on every page.
export { calendarDay, formatDay } from '@marketplace/ui/format';

/** '3 Nov 2025' in Lagos time for an instant (ISO string); the raw value when it is no date. */
export function formatPostedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : formatDate(date, { month: 'short', timeZone: 'Africa/Lagos' });
}
