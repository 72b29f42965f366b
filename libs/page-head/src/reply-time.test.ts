import { replyTimeText } from './reply-time';

describe('replyTimeText', () => {
  it('says nothing without a figure', () => {
    for (const none of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, -1]) {
      expect(replyTimeText(none)).toBeUndefined();
    }
  });

  it('rounds up, so the words never promise more than the median', () => {
    expect(replyTimeText(0)).toBe('Usually replies within an hour');
    expect(replyTimeText(60)).toBe('Usually replies within an hour');
    expect(replyTimeText(61)).toBe('Usually replies within 2 hours');
    expect(replyTimeText(23 * 60)).toBe('Usually replies within 23 hours');
    expect(replyTimeText(23 * 60 + 1)).toBe('Usually replies within a day');
    expect(replyTimeText(24 * 60 + 1)).toBe('Usually replies within 2 days');
    expect(replyTimeText(72 * 60)).toBe('Usually replies within 3 days');
  });

  it('never speaks of a median past the point where a poster counts as unanswered', () => {
    expect(replyTimeText(72 * 60 + 1)).toBeUndefined();
  });
});
