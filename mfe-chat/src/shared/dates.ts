// Times of messages and mails, in the reader's own time zone (what "today" means is the reader's day).
// One rule for a calendar day on every page.
export { calendarDay, formatDay } from '@marketplace/ui/format';

// One formatter per kind and zone, made on first use: making one costs far more than using it, and a
// conversation formats two dates per message.
function cachedFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone?: string): Intl.DateTimeFormat => {
    const key = timeZone ?? '';
    let format = made.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      made.set(key, format);
    }
    return format;
  };
}

const timeFormat = cachedFormat('en-NG', { hour: '2-digit', minute: '2-digit', hour12: false });
const dateTimeFormat = cachedFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const shortDateFormat = cachedFormat('en-NG', { day: 'numeric', month: 'short' });
const dayKeyFormat = cachedFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

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
