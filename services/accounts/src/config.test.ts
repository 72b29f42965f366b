import { ConfigError } from '@marketplace/service-kit';
import { mailSettingsFromEnv } from './config';

describe('mailSettingsFromEnv', () => {
  it('uses the outbox folder when no SMTP server is configured', () => {
    expect(mailSettingsFromEnv({}, '/data/mail-outbox')).toEqual({
      smtpUrl: undefined,
      supportEmail: 'support@marketplace.local',
      from: 'Marketplace <no-reply@marketplace.local>',
      outboxDir: '/data/mail-outbox',
      retryIntervalMs: 60_000,
    });
  });

  it('reads the SMTP settings', () => {
    expect(
      mailSettingsFromEnv(
        {
          SMTP_URL: 'smtps://u:p@smtp.example.com:465',
          SUPPORT_EMAIL: 'help@example.com',
          MAIL_FROM: 'Market <no-reply@example.com>',
          MAIL_RETRY_INTERVAL_MS: '30000',
        },
        '/x',
      ),
    ).toMatchObject({
      smtpUrl: 'smtps://u:p@smtp.example.com:465',
      supportEmail: 'help@example.com',
      from: 'Market <no-reply@example.com>',
      retryIntervalMs: 30_000,
    });
  });

  it('fails fast on a half-configured SMTP or a bad value', () => {
    expect(() => mailSettingsFromEnv({ SMTP_URL: 'smtp://localhost:25' }, '/x')).toThrow(ConfigError);
    expect(() => mailSettingsFromEnv({ SMTP_URL: 'http://nope' }, '/x')).toThrow(/SMTP_URL/);
  });
});
