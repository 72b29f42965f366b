import { ConfigError } from '@marketplace/service-kit';
import { loadAccountsSettings, resolveAccountsSettings, resolveMailSettings } from './config';

describe('accounts mail settings', () => {
  const mailOf = (env: NodeJS.ProcessEnv) => resolveMailSettings(loadAccountsSettings(env).mail, '/data');

  it('uses the outbox folder when no SMTP server is configured', () => {
    expect(mailOf({})).toEqual({
      smtpUrl: undefined,
      supportEmail: 'support@marketplace.local',
      from: 'Marketplace <no-reply@marketplace.local>',
      outboxDir: '/data/mail-outbox',
      retryIntervalMs: 60_000,
    });
  });

  it('reads the SMTP settings', () => {
    expect(
      mailOf({
        SMTP_URL: 'smtps://u:p@smtp.example.com:465',
        SUPPORT_EMAIL: 'help@example.com',
        MAIL_FROM: 'Market <no-reply@example.com>',
        MAIL_RETRY_INTERVAL_MS: '30000',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://u:p@smtp.example.com:465',
      supportEmail: 'help@example.com',
      from: 'Market <no-reply@example.com>',
      retryIntervalMs: 30_000,
    });
  });

  it('fails fast on a half-configured SMTP or a bad value', () => {
    expect(() => mailOf({ SMTP_URL: 'smtp://localhost:25' })).toThrow(ConfigError);
    expect(() => mailOf({ SMTP_URL: 'http://nope' })).toThrow(/SMTP_URL/);
    expect(() => mailOf({ SUPPORT_EMAIL: 'help@nowhere' })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe('reply-time sweep setting', () => {
  const sweepMs = (env: NodeJS.ProcessEnv) =>
    resolveAccountsSettings(loadAccountsSettings(env)).replyTimeSweepMs;

  it('is hourly by default, can be set in seconds, and 0 turns it off', () => {
    expect(sweepMs({})).toBe(3_600_000);
    expect(sweepMs({ REPLY_TIME_SWEEP_SECONDS: '600' })).toBe(600_000);
    expect(sweepMs({ REPLY_TIME_SWEEP_SECONDS: '0' })).toBe(0);
  });

  it('refuses a negative, a word, more than a day or Infinity', () => {
    for (const bad of ['-1', 'hourly', '86401', 'Infinity']) {
      expect(() => sweepMs({ REPLY_TIME_SWEEP_SECONDS: bad })).toThrow(/REPLY_TIME_SWEEP_SECONDS/);
    }
  });
});

describe('job alert mail settings', () => {
  it('caps instant job alert mails at 10 a Lagos day unless JOB_ALERT_MAILS_PER_DAY says otherwise', () => {
    expect(resolveAccountsSettings(loadAccountsSettings({})).jobAlertMailsPerDay).toBe(10);
    expect(loadAccountsSettings({ JOB_ALERT_MAILS_PER_DAY: '3' }).jobAlertMailsPerDay).toBe(3);
    expect(() => loadAccountsSettings({ JOB_ALERT_MAILS_PER_DAY: 'ten' })).toThrow(/JOB_ALERT_MAILS_PER_DAY/);
    expect(() => loadAccountsSettings({ JOB_ALERT_MAILS_PER_DAY: '-1' })).toThrow(/JOB_ALERT_MAILS_PER_DAY/);
  });
});
