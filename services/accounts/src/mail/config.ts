import { EMAIL_PATTERN } from '@marketplace/contracts';
import { ConfigError, loadConfig } from '@marketplace/service-kit';
import { Type, type Static } from 'typebox';

/**
 * Mail settings (environment variables). With SMTP_URL (plus SUPPORT_EMAIL and MAIL_FROM) mail goes
 * out by SMTP; without it every mail is written as an .eml file to `<DATA_DIR>/mail-outbox/`, where an
 * operator can read it (the embedded topology and tests).
 */
export const MailConfigSchema = Type.Object({
  /** e.g. smtp://user:pass@smtp.example.com:587 or smtps://...:465 */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  /** Where contact-form messages are delivered. */
  SUPPORT_EMAIL: Type.Optional(Type.String({ pattern: EMAIL_PATTERN })),
  /** The From of every mail the service sends, e.g. "Marketplace <no-reply@example.com>". */
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3 })),
  /** How often undelivered contact messages are retried, in ms. */
  MAIL_RETRY_INTERVAL_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
});
export type MailConfig = Static<typeof MailConfigSchema>;

export interface MailSettings {
  smtpUrl: string | undefined;
  supportEmail: string;
  from: string;
  /** Folder for the file transport (used when smtpUrl is absent). */
  outboxDir: string;
  retryIntervalMs: number;
}

const LOCAL_SUPPORT = 'support@marketplace.local';
const LOCAL_FROM = 'Marketplace <no-reply@marketplace.local>';

/** Reads the environment; a half-configured SMTP fails fast instead of silently writing files. */
export function mailSettingsFromEnv(env: NodeJS.ProcessEnv, outboxDir: string): MailSettings {
  const config = loadConfig(MailConfigSchema, env);
  if (config.SMTP_URL && (!config.SUPPORT_EMAIL || !config.MAIL_FROM)) {
    throw new ConfigError(['SMTP_URL needs SUPPORT_EMAIL and MAIL_FROM as well']);
  }
  return {
    smtpUrl: config.SMTP_URL,
    supportEmail: config.SUPPORT_EMAIL ?? LOCAL_SUPPORT,
    from: config.MAIL_FROM ?? LOCAL_FROM,
    outboxDir,
    retryIntervalMs: config.MAIL_RETRY_INTERVAL_MS,
  };
}
