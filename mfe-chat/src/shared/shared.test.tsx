import { calendarDay, formatInboxTime, formatMessageTime } from './dates';

describe('chat helpers', () => {
  it("today's messages show the time only, older ones date and time", () => {
    const now = new Date('2026-03-12T15:00:00.000Z');
    expect(formatMessageTime('2026-03-12T13:05:00.000Z', now, 'Africa/Lagos')).toBe('14:05');
    const older = formatMessageTime('2026-03-11T13:05:00.000Z', now, 'Africa/Lagos');
    expect(older).toMatch(/11 Mar 2026/);
    expect(older).toMatch(/14:05/);
    // "Today" is the reader's day: 23:30 UTC on the 11th is already the 12th in Lagos.
    expect(formatMessageTime('2026-03-11T23:30:00.000Z', now, 'Africa/Lagos')).toBe('00:30');
    expect(formatMessageTime('not a date', now)).toBe('not a date');
    expect(formatInboxTime('2026-03-02T13:05:00.000Z', now, 'Africa/Lagos')).toBe('2 Mar');
  });

  it('start dates are the first 10 characters', () => {
    expect(calendarDay('2026-12-03T00:00:00.000Z')).toBe('2026-12-03');
  });
});
