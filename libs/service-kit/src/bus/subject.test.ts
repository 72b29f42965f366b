import {
  assertDurableName,
  assertFilterSubject,
  filterToRegex,
  serviceOfFilter,
  subjectMatches,
} from './subject';

describe('subject filters (NATS semantics)', () => {
  const cases: [string, string, boolean][] = [
    ['accounts.user.registered', 'accounts.user.registered', true],
    ['accounts.user.registered', 'accounts.user.updated', false],
    ['accounts.user.*', 'accounts.user.updated', true],
    ['accounts.user.*', 'accounts.user', false],
    ['accounts.user.*', 'accounts.user.updated.extra', false],
    ['accounts.*.updated', 'accounts.company.updated', true],
    ['accounts.*.updated', 'accounts.company.deleted', false],
    ['accounts.>', 'accounts.user.updated', true],
    ['accounts.>', 'accounts.user', true],
    ['accounts.>', 'accounts', false],
    ['accounts.>', 'jobs.job.posted', false],
    ['accounts.user.>', 'accounts.users.updated', false],
    ['*.user.updated', 'accounts.user.updated', true],
  ];

  it.each(cases)('%s matches %s: %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
    // The SQL regex used by the local bus must agree with the matcher.
    expect(new RegExp(filterToRegex(filter)).test(subject)).toBe(expected);
  });

  it('escapes literal tokens in the regex', () => {
    expect(new RegExp(filterToRegex('jobs.job-x.posted')).test('jobs.job-x.posted')).toBe(true);
    expect(new RegExp(filterToRegex('a+b.c')).test('aab.c')).toBe(false);
  });

  it('rejects malformed filters', () => {
    for (const bad of ['', 'accounts..user', 'accounts.>.user', 'accounts.us*r', 'accounts. user']) {
      expect(() => assertFilterSubject(bad)).toThrow(/invalid filter subject/);
    }
  });

  it('requires the filter to name its owning service', () => {
    expect(serviceOfFilter('chat.>')).toBe('chat');
    expect(() => serviceOfFilter('*.user.updated')).toThrow(/owning service/);
    expect(() => serviceOfFilter('billing.>')).toThrow(/owning service/);
  });

  it('accepts durable names JetStream accepts', () => {
    expect(() => assertDurableName('jobs-members_1')).not.toThrow();
    for (const bad of ['', 'a.b', 'a*', 'a b', 'a>'])
      expect(() => assertDurableName(bad)).toThrow(/invalid durable/);
  });
});
