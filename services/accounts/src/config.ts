import { join } from 'node:path';
import { ALERT_LIMITS, EMAIL_PATTERN } from '@marketplace/contracts';
import { ConfigError, loadConfig, type RateLimitRule } from '@marketplace/service-kit';
import { Type, type Static } from 'typebox';
import type { CompanyRegistrySettings } from './registry/company-registry';

export type { RateLimitRule };

export interface RateLimits {
  /**
   * Login attempts per account (normalised email) and client address: the limit that stops guessing
   * from one place without letting anyone elsewhere lock the owner out.
   */
  loginPerAccountAndIp: RateLimitRule;
  /** Login attempts per account from all addresses together: the slower back-off against spread guessing. */
  loginPerAccount: RateLimitRule;
  /** Login attempts per client IP. */
  loginPerIp: RateLimitRule;
  /** Registrations (POST /api/user) per client IP. */
  registrationPerIp: RateLimitRule;
  /** Refreshes per client IP. */
  refreshPerIp: RateLimitRule;
  /** Facebook starts and callbacks per client IP. */
  facebookPerIp: RateLimitRule;
  /** Contact-form messages per client IP. */
  contactPerIp: RateLimitRule;
  /** Contact-form messages per sender's email. */
  contactPerEmail: RateLimitRule;
  /** Password-reset requests per client IP. */
  passwordResetPerIp: RateLimitRule;
  /** Password-reset requests per address asked for (known or not): bounds the mail one inbox gets. */
  passwordResetPerEmail: RateLimitRule;
  /** Reset and verification links presented per client IP. */
  identityLinkPerIp: RateLimitRule;
  /** 'Resend verification e-mail' per signed-in account. */
  verificationResendPerAccount: RateLimitRule;
}

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  /** Graph API version in the URLs, e.g. 'v21.0'. */
  graphVersion: string;
  /** Overridable for tests; default https://graph.facebook.com and https://www.facebook.com. */
  graphUrl?: string;
  dialogUrl?: string;
}

/**
 * What the accounts service needs beyond the common service deps. Everything is optional so tests
 * and the embedded start work without configuration; there is no default admin and no default password.
 */
export interface AccountsSettings {
  /** First admin, created (or kept) at start-up. */
  admin?: { email: string; password: string };
  /** Facebook login is offered only when set. */
  facebook?: FacebookSettings;
  /**
   * The site's public origin, e.g. https://market.example: the Facebook redirect_uri and the links in
   * reset and verification mails. Without it those links are only made for requests to a loopback host
   * (local use): a Host header is the client's to choose, and a link built from it could send the token
   * to someone else's site.
   */
  publicUrl?: string;
  /** Secure flag of the session cookies: 'auto' follows the request's protocol (behind a proxy: X-Forwarded-Proto). */
  cookieSecure?: boolean | 'auto';
  /** Absolute lifetime of a session (refresh-token family) from login. Default 30 days. */
  refreshTtlSeconds?: number;
  /** A refresh token unused for this long expires. Default 7 days (never beyond the absolute lifetime). */
  refreshIdleSeconds?: number;
  /**
   * For this long after a refresh token was rotated, presenting it again (a second tab refreshing at the
   * same moment) gives a fresh pair of the same session instead of counting as theft. Default 30 s; 0 = off.
   */
  refreshGraceSeconds?: number;
  rateLimits?: Partial<RateLimits>;
  /** Mail transport and addresses; unset fields get the file-outbox defaults (see resolveMailSettings). */
  mail?: Partial<MailSettings>;
  /**
   * How long the public directory's answers (company lists, profiles, the company index) may be served
   * from this instance's memory, in seconds; 0 = never. This instance's own writes clear them at once,
   * so the time only bounds how long another instance's change stays unseen here. Default 30.
   */
  directoryCacheSeconds?: number;
  /**
   * How often every company's reply time is recomputed, in seconds, for the time that passes without
   * messages (a poster left unanswered past REPLY_TIME_RULE.unansweredAfterHours, samples leaving the
   * window); 0 = never (a company's answer still updates its own figure at once). Default 3600.
   */
  replyTimeSweepSeconds?: number;
  /**
   * The CAC registry that admins' verification queue consults; without it the sandbox registry says that
   * no registry is connected.
   */
  companyRegistry?: CompanyRegistrySettings;
  /** Clock of the session layer; tests move it forward. */
  now?: () => Date;
  /** Instant job alert mails per company and Lagos day (JOB_ALERT_MAILS_PER_DAY). Default 10. */
  jobAlertMailsPerDay?: number;
  /** How often this instance looks for due daily digests (ms; 0 = never by itself). Default 5 minutes. */
  jobAlertDigestSweepMs?: number;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  supportEmail: string;
  from: string;
  /** Folder for the file transport (used when smtpUrl is absent); default `<DATA_DIR>/mail-outbox`. */
  outboxDir: string;
  retryIntervalMs: number;
}

const LOCAL_SUPPORT = 'support@marketplace.local';
const LOCAL_FROM = 'Marketplace <no-reply@marketplace.local>';
const DEFAULT_MAIL_RETRY_INTERVAL_MS = 60_000;

/** The mail settings with every default applied; `outboxDir` defaults under the service's data folder. */
export function resolveMailSettings(mail: Partial<MailSettings> | undefined, dataDir: string): MailSettings {
  return {
    smtpUrl: undefined,
    supportEmail: LOCAL_SUPPORT,
    from: LOCAL_FROM,
    retryIntervalMs: DEFAULT_MAIL_RETRY_INTERVAL_MS,
    outboxDir: join(dataDir, 'mail-outbox'),
    ...Object.fromEntries(Object.entries(mail ?? {}).filter(([, value]) => value !== undefined)),
  };
}

const DAY_SECONDS = 24 * 60 * 60;
export const DEFAULT_REFRESH_TTL_SECONDS = 30 * DAY_SECONDS;
export const DEFAULT_REFRESH_IDLE_SECONDS = 7 * DAY_SECONDS;
export const DEFAULT_REFRESH_GRACE_SECONDS = 30;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const DEFAULT_DIRECTORY_CACHE_SECONDS = 30;
export const DEFAULT_REPLY_TIME_SWEEP_SECONDS = 3600;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAccountAndIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  loginPerAccount: { max: 50, windowMs: FIFTEEN_MINUTES },
  loginPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  registrationPerIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  refreshPerIp: { max: 120, windowMs: FIFTEEN_MINUTES },
  facebookPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  contactPerIp: { max: 5, windowMs: FIFTEEN_MINUTES },
  contactPerEmail: { max: 5, windowMs: FIFTEEN_MINUTES },
  passwordResetPerIp: { max: 10, windowMs: FIFTEEN_MINUTES },
  passwordResetPerEmail: { max: 5, windowMs: FIFTEEN_MINUTES },
  identityLinkPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  verificationResendPerAccount: { max: 3, windowMs: FIFTEEN_MINUTES },
};

const positiveInt = (defaultValue: number) => Type.Integer({ minimum: 1, default: defaultValue });

/** Environment variables of the accounts service (standalone main and the edge's embedded mode). */
export const AccountsConfigSchema = Type.Object({
  /** First admin account; both or neither. No default exists anywhere. */
  ADMIN_EMAIL: Type.Optional(Type.String({ pattern: EMAIL_PATTERN })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: ADMIN_PASSWORD_MIN_LENGTH })),
  /** Facebook login is offered only when both are set. */
  FACEBOOK_APP_ID: Type.Optional(Type.String({ minLength: 1 })),
  FACEBOOK_APP_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  FACEBOOK_GRAPH_VERSION: Type.String({ pattern: '^v\\d+\\.\\d+$', default: 'v21.0' }),
  /** Public origin of the site (no trailing path), e.g. https://market.example. */
  /**
   * The CAC registry checked beside each verification request (registry/company-registry.ts): both or
   * neither; without them admins read that no registry is connected.
   */
  CAC_REGISTRY_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  CAC_REGISTRY_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  /** Secure flag of the session cookies: auto (from the request's protocol), true or false. */
  COOKIE_SECURE: Type.Union([Type.Literal('auto'), Type.Literal('true'), Type.Literal('false')], {
    default: 'auto',
  }),
  /** Absolute lifetime of a session from login, in days. */
  REFRESH_TTL_DAYS: Type.Number({ exclusiveMinimum: 0, default: 30 }),
  /** Idle lifetime of one refresh token, in days. */
  REFRESH_IDLE_DAYS: Type.Number({ exclusiveMinimum: 0, default: 7 }),
  /** Seconds in which a just-rotated refresh token may be presented again (concurrent tabs); 0 = off. */
  REFRESH_GRACE_SECONDS: Type.Integer({ minimum: 0, maximum: 300, default: DEFAULT_REFRESH_GRACE_SECONDS }),
  /** Seconds the public directory's answers may be served from memory (see AccountsSettings); 0 = off. */
  DIRECTORY_CACHE_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 3600,
    default: DEFAULT_DIRECTORY_CACHE_SECONDS,
  }),
  /** Seconds between recomputations of every company's reply time (see AccountsSettings); 0 = off. */
  REPLY_TIME_SWEEP_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 24 * 60 * 60,
    default: DEFAULT_REPLY_TIME_SWEEP_SECONDS,
  }),
  /** Rate-limit window and maximums. */
  RATE_LIMIT_WINDOW_MINUTES: Type.Number({ exclusiveMinimum: 0, default: 15 }),
  /** Login attempts per account from all addresses together (default 50; it was 10 when it was the only one). */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt(DEFAULT_RATE_LIMITS.loginPerAccount.max),
  /** Login attempts per account and client address. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: positiveInt(DEFAULT_RATE_LIMITS.loginPerAccountAndIp.max),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt(DEFAULT_RATE_LIMITS.loginPerIp.max),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt(DEFAULT_RATE_LIMITS.registrationPerIp.max),
  RATE_LIMIT_REFRESH_PER_IP: positiveInt(DEFAULT_RATE_LIMITS.refreshPerIp.max),
  RATE_LIMIT_FACEBOOK_PER_IP: positiveInt(DEFAULT_RATE_LIMITS.facebookPerIp.max),
  RATE_LIMIT_CONTACT_PER_IP: positiveInt(DEFAULT_RATE_LIMITS.contactPerIp.max),
  RATE_LIMIT_CONTACT_PER_EMAIL: positiveInt(DEFAULT_RATE_LIMITS.contactPerEmail.max),
  /** Password-reset requests per client address and per address asked for. */
  RATE_LIMIT_RESET_PER_IP: positiveInt(DEFAULT_RATE_LIMITS.passwordResetPerIp.max),
  RATE_LIMIT_RESET_PER_EMAIL: positiveInt(DEFAULT_RATE_LIMITS.passwordResetPerEmail.max),
  /** Reset and verification links presented per client address. */
  RATE_LIMIT_LINK_PER_IP: positiveInt(DEFAULT_RATE_LIMITS.identityLinkPerIp.max),
  /** 'Resend verification e-mail' per account. */
  RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT: positiveInt(DEFAULT_RATE_LIMITS.verificationResendPerAccount.max),
  /**
   * Mail. With SMTP_URL (plus SUPPORT_EMAIL and MAIL_FROM) mail goes out by SMTP; without it every mail
   * is written as an .eml file to `<DATA_DIR>/mail-outbox/`, where an operator can read it.
   * SMTP_URL is e.g. smtp://user:pass@smtp.example.com:587 or smtps://...:465.
   */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  /** Where contact-form messages are delivered. */
  SUPPORT_EMAIL: Type.Optional(Type.String({ pattern: EMAIL_PATTERN })),
  /** The From of every mail the service sends, e.g. "Marketplace <no-reply@example.com>". */
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3 })),
  /** How often undelivered contact messages and member notices (chat reminders) are retried, in ms. */
  MAIL_RETRY_INTERVAL_MS: Type.Integer({ minimum: 1000, default: DEFAULT_MAIL_RETRY_INTERVAL_MS }),
  /** Instant job alert mails per company and Lagos day; further matches show in the app only. */
  JOB_ALERT_MAILS_PER_DAY: Type.Integer({
    minimum: 0,
    maximum: 1000,
    default: ALERT_LIMITS.instantMailsPerDay,
  }),
});
export type AccountsConfig = Static<typeof AccountsConfigSchema>;

/** Settings from an already loaded configuration (the edge spreads the schema into its own). */
export function accountsSettingsFromConfig(config: AccountsConfig): AccountsSettings {
  const problems: string[] = [];
  if (config.ADMIN_EMAIL && !config.ADMIN_PASSWORD)
    problems.push('ADMIN_PASSWORD is required with ADMIN_EMAIL');
  if (config.ADMIN_PASSWORD && !config.ADMIN_EMAIL)
    problems.push('ADMIN_EMAIL is required with ADMIN_PASSWORD');
  // A half-configured SMTP fails fast instead of silently writing files.
  if (config.SMTP_URL && (!config.SUPPORT_EMAIL || !config.MAIL_FROM))
    problems.push('SMTP_URL needs SUPPORT_EMAIL and MAIL_FROM as well');
  if (Boolean(config.CAC_REGISTRY_URL) !== Boolean(config.CAC_REGISTRY_API_KEY))
    problems.push('CAC_REGISTRY_URL and CAC_REGISTRY_API_KEY go together');
  if (problems.length > 0) throw new ConfigError(problems);

  const windowMs = Math.round(config.RATE_LIMIT_WINDOW_MINUTES * 60 * 1000);
  const rule = (max: number): RateLimitRule => ({ max, windowMs });
  return {
    ...(config.ADMIN_EMAIL && config.ADMIN_PASSWORD
      ? { admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } }
      : {}),
    ...(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
      ? {
          facebook: {
            appId: config.FACEBOOK_APP_ID,
            appSecret: config.FACEBOOK_APP_SECRET,
            graphVersion: config.FACEBOOK_GRAPH_VERSION,
          },
        }
      : {}),
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    ...(config.CAC_REGISTRY_URL && config.CAC_REGISTRY_API_KEY
      ? { companyRegistry: { url: config.CAC_REGISTRY_URL, apiKey: config.CAC_REGISTRY_API_KEY } }
      : {}),
    cookieSecure: config.COOKIE_SECURE === 'auto' ? 'auto' : config.COOKIE_SECURE === 'true',
    refreshTtlSeconds: Math.round(config.REFRESH_TTL_DAYS * DAY_SECONDS),
    refreshIdleSeconds: Math.round(config.REFRESH_IDLE_DAYS * DAY_SECONDS),
    refreshGraceSeconds: config.REFRESH_GRACE_SECONDS,
    directoryCacheSeconds: config.DIRECTORY_CACHE_SECONDS,
    replyTimeSweepSeconds: config.REPLY_TIME_SWEEP_SECONDS,
    jobAlertMailsPerDay: config.JOB_ALERT_MAILS_PER_DAY,
    mail: {
      smtpUrl: config.SMTP_URL,
      ...(config.SUPPORT_EMAIL ? { supportEmail: config.SUPPORT_EMAIL } : {}),
      ...(config.MAIL_FROM ? { from: config.MAIL_FROM } : {}),
      retryIntervalMs: config.MAIL_RETRY_INTERVAL_MS,
    },
    rateLimits: {
      loginPerAccountAndIp: rule(config.RATE_LIMIT_LOGIN_PER_ACCOUNT_IP),
      loginPerAccount: rule(config.RATE_LIMIT_LOGIN_PER_ACCOUNT),
      loginPerIp: rule(config.RATE_LIMIT_LOGIN_PER_IP),
      registrationPerIp: rule(config.RATE_LIMIT_REGISTER_PER_IP),
      refreshPerIp: rule(config.RATE_LIMIT_REFRESH_PER_IP),
      facebookPerIp: rule(config.RATE_LIMIT_FACEBOOK_PER_IP),
      contactPerIp: rule(config.RATE_LIMIT_CONTACT_PER_IP),
      contactPerEmail: rule(config.RATE_LIMIT_CONTACT_PER_EMAIL),
      passwordResetPerIp: rule(config.RATE_LIMIT_RESET_PER_IP),
      passwordResetPerEmail: rule(config.RATE_LIMIT_RESET_PER_EMAIL),
      identityLinkPerIp: rule(config.RATE_LIMIT_LINK_PER_IP),
      verificationResendPerAccount: rule(config.RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT),
    },
  };
}

/** Reads the accounts settings from environment variables; one ConfigError names every bad one. */
export function loadAccountsSettings(env: NodeJS.ProcessEnv = process.env): AccountsSettings {
  return accountsSettingsFromConfig(loadConfig(AccountsConfigSchema, env));
}

/** Settings with every default applied. */
export interface ResolvedAccountsSettings {
  admin?: { email: string; password: string };
  facebook?: FacebookSettings;
  publicUrl?: string;
  cookieSecure: boolean | 'auto';
  refreshTtlMs: number;
  refreshIdleMs: number;
  refreshGraceMs: number;
  directoryCacheMs: number;
  replyTimeSweepMs: number;
  rateLimits: RateLimits;
  now: () => Date;
  jobAlertMailsPerDay: number;
}

export function resolveAccountsSettings(settings: AccountsSettings = {}): ResolvedAccountsSettings {
  if (settings.admin && settings.admin.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new ConfigError([`ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`]);
  }
  return {
    ...(settings.admin ? { admin: settings.admin } : {}),
    ...(settings.facebook ? { facebook: settings.facebook } : {}),
    ...(settings.publicUrl ? { publicUrl: settings.publicUrl.replace(/\/+$/, '') } : {}),
    cookieSecure: settings.cookieSecure ?? 'auto',
    refreshTtlMs: (settings.refreshTtlSeconds ?? DEFAULT_REFRESH_TTL_SECONDS) * 1000,
    refreshIdleMs: (settings.refreshIdleSeconds ?? DEFAULT_REFRESH_IDLE_SECONDS) * 1000,
    refreshGraceMs: (settings.refreshGraceSeconds ?? DEFAULT_REFRESH_GRACE_SECONDS) * 1000,
    directoryCacheMs: (settings.directoryCacheSeconds ?? DEFAULT_DIRECTORY_CACHE_SECONDS) * 1000,
    replyTimeSweepMs: (settings.replyTimeSweepSeconds ?? DEFAULT_REPLY_TIME_SWEEP_SECONDS) * 1000,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...settings.rateLimits },
    now: settings.now ?? (() => new Date()),
    jobAlertMailsPerDay: settings.jobAlertMailsPerDay ?? ALERT_LIMITS.instantMailsPerDay,
  };
}
