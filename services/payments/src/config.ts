import { canonicalCategoryName } from '@marketplace/contracts';
import { ConfigError, loadConfig } from '@marketplace/service-kit';
import { Type, type Static } from 'typebox';

/** Paystack, when its secret key is set; otherwise the sandbox provider serves a test checkout page. */
export interface PaystackSettings {
  secretKey: string;
  publicKey?: string;
  /** Default https://api.paystack.co; tests point it at a local server. */
  baseUrl: string;
  /** Time-out of one call to Paystack. */
  timeoutMs: number;
}

/**
 * What the payments service needs beyond the common service deps. Everything is optional so tests
 * and the embedded start work without configuration (sandbox provider, default price and cap).
 */
export interface PaymentsSettings {
  paystack?: PaystackSettings;
  /** Unlock price in naira (whole naira). */
  unlockPriceNgn?: number;
  /** Price per job category (canonical category name -> naira); others pay `unlockPriceNgn`. */
  unlockPriceByCategory?: Record<string, number>;
  /** At most this many companies unlock one job. */
  unlockCap?: number;
  /**
   * The no-reply refund: a paid unlock whose poster has not answered in the chat within this many hours
   * is refunded (while the contracts declare its reason; see unlocks/no-reply.ts). Always shown in the terms.
   */
  unlockRefundHours?: number;
  /** The site's public origin, e.g. https://market.example: Paystack's callback_url is built from it. */
  publicUrl?: string;
  /**
   * How often the reconciliation runs (re-verify pending payments, no-reply refunds, retry refunds);
   * 0 = never by itself.
   */
  reconcileIntervalMs?: number;
  /** A pending payment this old is re-verified by the reconciliation. */
  pendingVerifyAfterMs?: number;
  /**
   * The payment window: a pending payment not paid this long after it started expires (failed,
   * 'expired'); it holds nothing, and money arriving after it is refunded ('late-payment').
   */
  pendingExpireAfterMs?: number;
  /** The sandbox's simulated bank confirms a test transfer this long after "I have sent the money". */
  sandboxTransferConfirmMs?: number;
  /** A pending checkout younger than this is handed out again on a second attempt. */
  pendingReuseMs?: number;
  /** The sandbox's webhook signing secret; random per process when absent. */
  sandboxSecret?: string;
  /**
   * Running in production (NODE_ENV=production): without Paystack the service refuses to start unless
   * `sandbox` is on, so a missing key never makes every unlock free.
   */
  production?: boolean;
  /** The sandbox switched on explicitly (PAYMENTS_SANDBOX=on): test payments even in production. */
  sandbox?: boolean;
  /** The marketplace as the seller on receipts and credit notes (frozen into each at issue). */
  receiptSeller?: ReceiptSellerSettings;
  /** Clock; tests move it. */
  now?: () => Date;
}

/** The business details printed on every receipt (RECEIPT_SELLER_*). */
export interface ReceiptSellerSettings {
  name: string;
  address: string;
  /** CAC registration number of the marketplace's company (RC...). */
  rcNumber: string;
  /** VAT / Tax Identification Number. */
  vatTin: string;
}

/**
 * Placeholders until the operator sets RECEIPT_SELLER_*: each says so on the receipt, so a receipt issued
 * with them can never pass for a real one (production should set all four).
 */
export const PLACEHOLDER_RECEIPT_SELLER: ReceiptSellerSettings = Object.freeze({
  name: 'Marketplace (placeholder: set RECEIPT_SELLER_NAME)',
  address: 'Address not set (placeholder: set RECEIPT_SELLER_ADDRESS)',
  rcNumber: 'RC not set (placeholder: set RECEIPT_SELLER_RC_NUMBER)',
  vatTin: 'TIN not set (placeholder: set RECEIPT_SELLER_VAT_TIN)',
});

export const DEFAULT_UNLOCK_PRICE_NGN = 1000;
export const DEFAULT_UNLOCK_CAP = 5;
export const DEFAULT_UNLOCK_REFUND_HOURS = 72;
export const DEFAULT_PAYSTACK_BASE_URL = 'https://api.paystack.co';
/** Paystack's transfer window: a checkout's bank account takes the money for 30 minutes. */
export const DEFAULT_PENDING_EXPIRE_MINUTES = 30;
export const DEFAULT_SANDBOX_TRANSFER_SECONDS = 20;

const MINUTE = 60_000;

export const SANDBOX_IN_PRODUCTION_PROBLEM =
  'PAYSTACK_SECRET_KEY is required in production (NODE_ENV=production): without it every unlock would be ' +
  'a free test payment. Set PAYMENTS_SANDBOX=on to run the sandbox there on purpose.';

/** Some text that is not only spaces (a receipt's seller details). */
const NOT_BLANK = '\\S';

/** Environment variables of the payments service (standalone main and the edge's embedded mode). */
export const PaymentsConfigSchema = Type.Object({
  /** Paystack secret key (sk_live_... / sk_test_...). Without it the sandbox provider is used. */
  PAYSTACK_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  PAYSTACK_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * `on`: the sandbox provider takes (test) payments when no PAYSTACK_SECRET_KEY is set, even in
   * production. Outside production the sandbox runs without a key anyway; in production without a key
   * and without this the service refuses to start.
   */
  PAYMENTS_SANDBOX: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'off' }),
  /** `production` makes a missing Paystack key a start-up error (see PAYMENTS_SANDBOX). */
  NODE_ENV: Type.Optional(Type.String()),
  PAYSTACK_BASE_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: DEFAULT_PAYSTACK_BASE_URL }),
  PAYSTACK_TIMEOUT_MS: Type.Integer({ minimum: 500, maximum: 120_000, default: 15_000 }),
  /** Price of one unlock in naira. */
  UNLOCK_PRICE_NGN: Type.Integer({ minimum: 1, maximum: 10_000_000, default: DEFAULT_UNLOCK_PRICE_NGN }),
  /** Optional prices per category as JSON, e.g. {"Build New": 2500}. */
  UNLOCK_PRICE_BY_CATEGORY: Type.Optional(Type.String({ minLength: 2 })),
  /** At most this many companies unlock one job. */
  UNLOCK_CAP: Type.Integer({ minimum: 1, maximum: 1000, default: DEFAULT_UNLOCK_CAP }),
  /** Hours a poster has to answer a company in the chat before its unlock is refunded (no-reply rule). */
  UNLOCK_REFUND_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 365, default: DEFAULT_UNLOCK_REFUND_HOURS }),
  /** Public origin of the site (no trailing path), e.g. https://market.example. */
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  /** Seconds between two reconciliation rounds (0 = off). */
  PAYMENTS_RECONCILE_SECONDS: Type.Integer({ minimum: 0, maximum: 86_400, default: 60 }),
  /** Minutes after which a pending payment is re-verified with the provider. */
  PAYMENTS_PENDING_VERIFY_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 5 }),
  /**
   * Minutes a pending payment has to be paid (Paystack's transfer window is 30); after them it expires,
   * holds nothing, and money arriving later is refunded ('late-payment').
   */
  PAYMENTS_PENDING_EXPIRE_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 24 * 60,
    default: DEFAULT_PENDING_EXPIRE_MINUTES,
  }),
  /** Sandbox only: seconds until its simulated bank confirms a test transfer the payer said was sent. */
  PAYMENTS_SANDBOX_TRANSFER_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 3600,
    default: DEFAULT_SANDBOX_TRANSFER_SECONDS,
  }),
  /** The marketplace's business name on receipts. */
  RECEIPT_SELLER_NAME: Type.String({
    pattern: NOT_BLANK,
    maxLength: 200,
    default: PLACEHOLDER_RECEIPT_SELLER.name,
  }),
  /** Its registered address on receipts (one line; commas separate the parts). */
  RECEIPT_SELLER_ADDRESS: Type.String({
    pattern: NOT_BLANK,
    maxLength: 400,
    default: PLACEHOLDER_RECEIPT_SELLER.address,
  }),
  /** Its CAC registration (RC) number on receipts. */
  RECEIPT_SELLER_RC_NUMBER: Type.String({
    pattern: NOT_BLANK,
    maxLength: 100,
    default: PLACEHOLDER_RECEIPT_SELLER.rcNumber,
  }),
  /** Its VAT / Tax Identification Number on receipts. */
  RECEIPT_SELLER_VAT_TIN: Type.String({
    pattern: NOT_BLANK,
    maxLength: 100,
    default: PLACEHOLDER_RECEIPT_SELLER.vatTin,
  }),
});
export type PaymentsConfig = Static<typeof PaymentsConfigSchema>;

/** Settings from an already loaded configuration (the edge spreads the schema into its own). */
export function paymentsSettingsFromConfig(config: PaymentsConfig): PaymentsSettings {
  const problems: string[] = [];
  if (config.PAYSTACK_SECRET_KEY && !config.PUBLIC_URL) {
    problems.push('PUBLIC_URL is required with PAYSTACK_SECRET_KEY (Paystack returns the payer to it)');
  }
  const production = config.NODE_ENV === 'production';
  const sandbox = config.PAYMENTS_SANDBOX === 'on';
  if (production && !sandbox && !config.PAYSTACK_SECRET_KEY) problems.push(SANDBOX_IN_PRODUCTION_PROBLEM);
  let byCategory: Record<string, number> | undefined;
  if (config.UNLOCK_PRICE_BY_CATEGORY) {
    const parsed = parsePriceByCategory(config.UNLOCK_PRICE_BY_CATEGORY);
    if (typeof parsed === 'string') problems.push(`UNLOCK_PRICE_BY_CATEGORY ${parsed}`);
    else byCategory = parsed;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...(config.PAYSTACK_SECRET_KEY
      ? {
          paystack: {
            secretKey: config.PAYSTACK_SECRET_KEY,
            ...(config.PAYSTACK_PUBLIC_KEY ? { publicKey: config.PAYSTACK_PUBLIC_KEY } : {}),
            baseUrl: config.PAYSTACK_BASE_URL,
            timeoutMs: config.PAYSTACK_TIMEOUT_MS,
          },
        }
      : {}),
    unlockPriceNgn: config.UNLOCK_PRICE_NGN,
    ...(byCategory ? { unlockPriceByCategory: byCategory } : {}),
    unlockCap: config.UNLOCK_CAP,
    unlockRefundHours: config.UNLOCK_REFUND_HOURS,
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    reconcileIntervalMs: config.PAYMENTS_RECONCILE_SECONDS * 1000,
    pendingVerifyAfterMs: config.PAYMENTS_PENDING_VERIFY_MINUTES * MINUTE,
    pendingExpireAfterMs: config.PAYMENTS_PENDING_EXPIRE_MINUTES * MINUTE,
    sandboxTransferConfirmMs: config.PAYMENTS_SANDBOX_TRANSFER_SECONDS * 1000,
    ...(production ? { production } : {}),
    ...(sandbox ? { sandbox } : {}),
    receiptSeller: {
      name: config.RECEIPT_SELLER_NAME.trim(),
      address: config.RECEIPT_SELLER_ADDRESS.trim(),
      rcNumber: config.RECEIPT_SELLER_RC_NUMBER.trim(),
      vatTin: config.RECEIPT_SELLER_VAT_TIN.trim(),
    },
  };
}

/** `{"Build New": 2500}` -> prices by canonical category name, or what is wrong with it. */
export function parsePriceByCategory(text: string): Record<string, number> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'is not JSON (expected e.g. {"Build New": 2500})';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return 'must be a JSON object of category name -> naira';
  }
  const prices: Record<string, number> = {};
  for (const [name, price] of Object.entries(value)) {
    const category = canonicalCategoryName(name);
    if (!category) return `names an unknown category '${name}'`;
    if (typeof price !== 'number' || !Number.isInteger(price) || price < 1 || price > 10_000_000) {
      return `price of '${name}' must be a whole number of naira from 1 to 10000000`;
    }
    prices[category] = price;
  }
  return prices;
}

/** Reads the payments settings from environment variables; one ConfigError names every bad one. */
export function loadPaymentsSettings(env: NodeJS.ProcessEnv = process.env): PaymentsSettings {
  return paymentsSettingsFromConfig(loadConfig(PaymentsConfigSchema, env));
}

/** Settings with every default applied. */
export interface ResolvedPaymentsSettings {
  paystack?: PaystackSettings;
  unlockPriceNgn: number;
  unlockPriceByCategory: Record<string, number>;
  unlockCap: number;
  unlockRefundHours: number;
  publicUrl?: string;
  reconcileIntervalMs: number;
  pendingVerifyAfterMs: number;
  pendingExpireAfterMs: number;
  pendingReuseMs: number;
  sandboxTransferConfirmMs: number;
  sandboxSecret?: string;
  production: boolean;
  receiptSeller: ReceiptSellerSettings;
  now: () => Date;
}

export function resolvePaymentsSettings(settings: PaymentsSettings = {}): ResolvedPaymentsSettings {
  if (settings.paystack && !settings.publicUrl) {
    throw new ConfigError([
      'PUBLIC_URL is required with PAYSTACK_SECRET_KEY (Paystack returns the payer to it)',
    ]);
  }
  if (settings.production && !settings.paystack && !settings.sandbox) {
    throw new ConfigError([SANDBOX_IN_PRODUCTION_PROBLEM]);
  }
  const pendingExpireAfterMs = settings.pendingExpireAfterMs ?? DEFAULT_PENDING_EXPIRE_MINUTES * MINUTE;
  return {
    ...(settings.paystack ? { paystack: settings.paystack } : {}),
    unlockPriceNgn: settings.unlockPriceNgn ?? DEFAULT_UNLOCK_PRICE_NGN,
    unlockPriceByCategory: settings.unlockPriceByCategory ?? {},
    unlockCap: settings.unlockCap ?? DEFAULT_UNLOCK_CAP,
    unlockRefundHours: settings.unlockRefundHours ?? DEFAULT_UNLOCK_REFUND_HOURS,
    ...(settings.publicUrl ? { publicUrl: settings.publicUrl.replace(/\/+$/, '') } : {}),
    reconcileIntervalMs: settings.reconcileIntervalMs ?? 60_000,
    pendingVerifyAfterMs: settings.pendingVerifyAfterMs ?? 5 * MINUTE,
    pendingExpireAfterMs,
    // A checkout is handed out again only while it can still be paid.
    pendingReuseMs: Math.min(settings.pendingReuseMs ?? 30 * MINUTE, pendingExpireAfterMs),
    sandboxTransferConfirmMs: settings.sandboxTransferConfirmMs ?? DEFAULT_SANDBOX_TRANSFER_SECONDS * 1000,
    ...(settings.sandboxSecret ? { sandboxSecret: settings.sandboxSecret } : {}),
    production: settings.production ?? false,
    receiptSeller: settings.receiptSeller ?? PLACEHOLDER_RECEIPT_SELLER,
    now: settings.now ?? (() => new Date()),
  };
}
