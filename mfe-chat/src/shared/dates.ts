// Times of messages and mails, in the reader's own time zone (what "today" means is the reader's day).

const timeFormat = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
const dateTimeFormat = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  });
const shortDateFormat = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone });
const dayKeyFormat = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });

function sameDay(a: Date, b: Date, timeZone?: string): boolean {
  const format = dayKeyFormat(timeZone);
  return format.format(a) === format.format(b);
}

/**
 * Spec (Chat): a message sent today shows only its time ('14:05'), an older one its date and time
 * ('3 Nov 2025, 14:05'). The raw value when it is no date.
 */
export function formatMessageTime(sentAt: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(sentAt);
  if (Number.isNaN(date.getTime())) return sentAt;
  return sameDay(date, now, timeZone)
    ? timeFormat(timeZone).format(date)
    : dateTimeFormat(timeZone).format(date);
}

/** The inbox's compact stamp: the time for today, the day ('3 Nov') before. */
export function formatInboxTime(at: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now, timeZone)
    ? timeFormat(timeZone).format(date)
    : shortDateFormat(timeZone).format(date);
}

/** The first 10 characters of a date as the API sends it (spec: start date shown as YYYY-MM-DD). */
export function calendarDay(value: string): string {
  return value.slice(0, 10);
}
