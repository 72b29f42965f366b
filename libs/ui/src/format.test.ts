import { calendarDay, formatCount, formatDate, formatDay, formatLagosTime, type DateStyle } from './format';

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1, -1234, Number.MAX_SAFE_INTEGER])(
    'writes %d as Intl does for en-NG',
    (value) => {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('en-NG').format(value));
    },
  );

  it('leaves what is no whole number as String gives it', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe('formatDate', () => {
  const styles: Array<[DateStyle, Intl.DateTimeFormatOptions]> = [
    [
      { month: 'long', timeZone: 'UTC' },
      { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
    ],
    [
      { month: 'short', timeZone: 'Africa/Lagos' },
      { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' },
    ],
    [
      { month: 'short', weekday: true, timeZone: 'UTC' },
      { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
    ],
    [
      { month: 'long', timeZone: 'Africa/Lagos' },
      { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' },
    ],
  ];

  it.each(styles)(
    'matches Intl en-NG every day from 2023 to 2028 and around midnight (%j)',
    (style, options) => {
      const intl = new Intl.DateTimeFormat('en-NG', options);
      const day = 24 * 60 * 60 * 1000;
      // 23:30 UTC is already the next day in Lagos; 00:30 UTC is the same day in both.
      for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2029, 0, 1); t += day) {
        for (const offset of [30 * 60 * 1000, 23.5 * 60 * 60 * 1000]) {
          const date = new Date(t + offset);
          expect(formatDate(date, style)).toBe(intl.format(date));
        }
      }
    },
  );

  it('gives nothing for an invalid date', () => {
    expect(formatDate(new Date('not a date'), { month: 'long', timeZone: 'UTC' })).toBe('');
  });
});

describe('formatLagosTime', () => {
  it('matches Intl en-NG (24-hour, Lagos) at every quarter hour of a year, midnight included', () => {
    const intl = new Intl.DateTimeFormat('en-NG', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: 'Africa/Lagos',
    });
    const quarter = 15 * 60 * 1000;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += quarter + 7_000) {
      const date = new Date(t);
      expect(formatLagosTime(date)).toBe(intl.format(date));
    }
    expect(formatLagosTime(new Date(Date.UTC(2026, 10, 26, 23, 5)))).toBe('00:05');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatLagosTime(new Date('not a date'))).toBe('');
  });
});

describe('formatDay', () => {
  it('writes a calendar day in UTC, whatever follows the date', () => {
    expect(formatDay('2026-12-06')).toBe(
      formatDate(new Date('2026-12-06T00:00:00Z'), { month: 'short', weekday: true, timeZone: 'UTC' }),
    );
    expect(formatDay('2026-12-06T23:30:00.000Z')).toBe(formatDay('2026-12-06'));
    expect(formatDay('2026-12-06')).toMatch(/^Sun, 6 Dec 2026$/);
  });

  it('gives back what is no date', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(calendarDay('2026-12-06T10:00:00Z')).toBe('2026-12-06');
  });
});
