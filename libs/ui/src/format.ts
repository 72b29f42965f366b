// `@marketplace/ui/format`: counts and dates as people in Nigeria read them (what `Intl` gives for en-NG),
// written out here instead of asking `Intl`. A page's first `Intl` formatter loads the ICU data of its
// locale: 25-80 ms of main thread in Chromium on our 2-core machine, several times that on a phone, in
// the middle of a catalogue page's start (its company count, a review's date). The test holds these to
// `Intl`'s own output for every day of several years.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** en-NG's short months (CLDR's 'Sept', not 'Sep'). */
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;
const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Lagos keeps West Africa Time, UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** 12345 -> '12,345' (whole numbers; anything else as `String` gives it). */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

export interface DateStyle {
  /** 'long': '3 September 2025'; 'short': '3 Sept 2025'. */
  month: 'long' | 'short';
  /** Prefix the short weekday: 'Wed, 3 Sept 2025'. */
  weekday?: boolean;
  /** UTC for calendar days (a day never shifts with the reader's zone); Lagos time for instants. */
  timeZone: 'UTC' | 'Africa/Lagos';
}

/** A date in en-NG's day-month-year order; '' for an invalid date. */
export function formatDate(date: Date, style: DateStyle): string {
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const zoned = new Date(style.timeZone === 'UTC' ? time : time + LAGOS_OFFSET_MS);
  const month = (style.month === 'long' ? MONTHS : SHORT_MONTHS)[zoned.getUTCMonth()];
  const day = `${zoned.getUTCDate()} ${month} ${zoned.getUTCFullYear()}`;
  return style.weekday ? `${SHORT_WEEKDAYS[zoned.getUTCDay()]}, ${day}` : day;
}

/** '14:05': the time of day on a 24-hour clock in Lagos; '' for an invalid date. */
export function formatLagosTime(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const zoned = new Date(time + LAGOS_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(zoned.getUTCHours())}:${pad(zoned.getUTCMinutes())}`;
}

/** The first 10 characters of a date as the API sends it (a calendar day, YYYY-MM-DD). */
export function calendarDay(value: string): string {
  return value.slice(0, 10);
}

/**
 * A calendar day as every page writes it ('Sun, 6 Dec 2026' for '2026-12-06' or a longer ISO string), in
 * UTC so it never shifts by the reader's zone; the raw value when it is no date.
 */
export function formatDay(value: string): string {
  const day = calendarDay(value);
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? value
    : formatDate(date, { month: 'short', weekday: true, timeZone: 'UTC' });
}
