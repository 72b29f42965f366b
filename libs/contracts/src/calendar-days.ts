// Calendar days (YYYY-MM-DD) and Lagos's today, without the field rules: a page that only reads a day
// from its address (the /jobs search, the admin's payment filters) does not load TypeBox with them.

/** Nigeria is UTC+1 all year (no daylight saving): "today" for a start date is Lagos's today. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** Today's date in Lagos as YYYY-MM-DD. */
export function lagosToday(now: Date = new Date()): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after `day` (both YYYY-MM-DD). */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
