import { newClientId } from './client-id';
import { calendarDay, formatInboxTime, formatMessageTime } from './dates';
import { initials } from './initials';

describe('chat helpers', () => {
  it('avatars show up to two initials', () => {
    expect(initials('Ada Obi')).toBe('AO');
    expect(initials('  sharp   roofers ltd ')).toBe('SR');
    expect(initials('Chinedu')).toBe('C');
    expect(initials('')).toBe('');
  });

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

  it('client ids are v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newClientId()).toMatch(uuid);
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newClientId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { configurable: true, value: original });
    }
  });
});
