// Dates as people in Nigeria read them. Calendar days (YYYY-MM-DD, no time) are formatted in UTC so a
// day never shifts by the reader's time zone; instants are shown in Lagos time.
import { formatDate } from '@marketplace/ui/format';

/** The first 10 characters of a date as the API sends it (spec: shown as YYYY-MM-DD). */
export function calendarDay(value: string): string {
  return value.slice(0, 10);
}

/** 'Mon, 3 Nov 2025' for '2025-11-03' (or a longer ISO string); the raw value when it is no date. */
export function formatDay(value: string): string {
  const day = calendarDay(value);
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? value
    : formatDate(date, { month: 'short', weekday: true, timeZone: 'UTC' });
}

/** '3 Nov 2025' in Lagos time for an instant (ISO string); the raw value when it is no date. */
export function formatPostedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : formatDate(date, { month: 'short', timeZone: 'Africa/Lagos' });
}
