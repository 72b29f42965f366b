import { REPLY_TIME_RULE } from '@marketplace/contracts';

/**
 * "Usually replies within 2 hours": a company's median time to answer a poster, in words, as its card,
 * its profile and the edge's first paint of the profile say it. Rounded up (a median of 61 minutes is
 * "within 2 hours"), so the words never promise more than the figure. Undefined when there is no figure
 * (too few conversations, or most posters were never answered): nothing is said then.
 */
export function replyTimeText(replyMinutes: number | null | undefined): string | undefined {
  if (
    replyMinutes === null ||
    replyMinutes === undefined ||
    !Number.isFinite(replyMinutes) ||
    replyMinutes < 0
  ) {
    return undefined;
  }
  if (replyMinutes <= 60) return 'Usually replies within an hour';
  const hours = Math.ceil(replyMinutes / 60);
  if (hours < 24) return `Usually replies within ${hours} hours`;
  const days = Math.ceil(replyMinutes / (24 * 60));
  if (days > REPLY_TIME_RULE.unansweredAfterHours / 24) return undefined;
  return days === 1 ? 'Usually replies within a day' : `Usually replies within ${days} days`;
}
