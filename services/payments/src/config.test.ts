import { ConfigError } from '@marketplace/service-kit';
import { PLACEHOLDER_RECEIPT_SELLER, loadPaymentsSettings, resolvePaymentsSettings } from './config';

describe('payments settings from the environment', () => {
  it('has working defaults: sandbox provider, price, cap 5, refund rule 72 h', () => {
    const settings = loadPaymentsSettings({});
    expect(settings).toEqual({
      unlockPriceNgn: 1000,
      unlockCap: 5,
      unlockRefundHours: 72,
      reconcileIntervalMs: 60_000,
      pendingVerifyAfterMs: 5 * 60_000,
      pendingExpireAfterMs: 30 * 60_000,
      sandboxTransferConfirmMs: 20_000,
      receiptSeller: PLACEHOLDER_RECEIPT_SELLER,
    });
    expect(settings.paystack).toBeUndefined();
  });

  it('reads the seller on receipts (RECEIPT_SELLER_*); the defaults say they are placeholders', () => {
    const settings = loadPaymentsSettings({
      RECEIPT_SELLER_NAME: ' Ọjà Services Ltd ',
      RECEIPT_SELLER_ADDRESS: '1 Marina, Lagos Island, Lagos',
      RECEIPT_SELLER_RC_NUMBER: 'RC1234567',
      RECEIPT_SELLER_VAT_TIN: '12345678-0001',
    });
    expect(settings.receiptSeller).toEqual({
      name: 'Ọjà Services Ltd',
      address: '1 Marina, Lagos Island, Lagos',
      rcNumber: 'RC1234567',
      vatTin: '12345678-0001',
    });
    for (const value of Object.values(PLACEHOLDER_RECEIPT_SELLER)) expect(value).toMatch(/placeholder/);
    expect(resolvePaymentsSettings({}).receiptSeller).toEqual(PLACEHOLDER_RECEIPT_SELLER);
    expect(() => loadPaymentsSettings({ RECEIPT_SELLER_NAME: '   ' })).toThrow(ConfigError);
    expect(() => loadPaymentsSettings({ RECEIPT_SELLER_VAT_TIN: 'x'.repeat(101) })).toThrow(ConfigError);
  });

  it('reads Paystack, price, categories, cap and the public URL', () => {
    const settings = loadPaymentsSettings({
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      PAYSTACK_PUBLIC_KEY: 'pk_live_x',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9999',
      PAYSTACK_TIMEOUT_MS: '2500',
      UNLOCK_PRICE_NGN: '1500',
      UNLOCK_PRICE_BY_CATEGORY: '{"build new": 3000, "Services": 700}',
      UNLOCK_CAP: '3',
      UNLOCK_REFUND_HOURS: '48',
      PUBLIC_URL: 'https://market.example',
      PAYMENTS_RECONCILE_SECONDS: '0',
    });
    expect(settings).toMatchObject({
      paystack: {
        secretKey: 'sk_live_x',
        publicKey: 'pk_live_x',
        baseUrl: 'http://127.0.0.1:9999',
        timeoutMs: 2500,
      },
      unlockPriceNgn: 1500,
      unlockPriceByCategory: { 'Build New': 3000, Services: 700 },
      unlockCap: 3,
      unlockRefundHours: 48,
      publicUrl: 'https://market.example',
      reconcileIntervalMs: 0,
    });
    expect(
      loadPaymentsSettings({ PAYSTACK_SECRET_KEY: 'sk', PUBLIC_URL: 'https://m.example' }).paystack?.baseUrl,
    ).toBe('https://api.paystack.co');
  });

  it.each([
    [{ PAYSTACK_SECRET_KEY: 'sk_live_x' }, /PUBLIC_URL is required/],
    [{ UNLOCK_PRICE_NGN: '0' }, /UNLOCK_PRICE_NGN/],
    [{ UNLOCK_CAP: 'five' }, /UNLOCK_CAP/],
    [{ PUBLIC_URL: 'https://market.example/app' }, /PUBLIC_URL/],
    [{ UNLOCK_PRICE_BY_CATEGORY: 'Build New=3000' }, /UNLOCK_PRICE_BY_CATEGORY is not JSON/],
    [{ UNLOCK_PRICE_BY_CATEGORY: '{"Magic": 3000}' }, /unknown category 'Magic'/],
    [{ UNLOCK_PRICE_BY_CATEGORY: '{"Services": -1}' }, /whole number/],
    [{ UNLOCK_PRICE_BY_CATEGORY: '[1]' }, /JSON object/],
  ])('refuses %j', (env, message) => {
    expect(() => loadPaymentsSettings(env)).toThrow(ConfigError);
    expect(() => loadPaymentsSettings(env)).toThrow(message);
  });

  it('reads the payment window in minutes and the sandbox bank delay, and refuses bad values', () => {
    expect(
      loadPaymentsSettings({ PAYMENTS_PENDING_EXPIRE_MINUTES: '45', PAYMENTS_SANDBOX_TRANSFER_SECONDS: '3' }),
    ).toMatchObject({ pendingExpireAfterMs: 45 * 60_000, sandboxTransferConfirmMs: 3000 });
    for (const bad of ['0', '-5', '1e309', 'Infinity', 'thirty', '1441']) {
      expect(() => loadPaymentsSettings({ PAYMENTS_PENDING_EXPIRE_MINUTES: bad })).toThrow(ConfigError);
    }
    expect(() => loadPaymentsSettings({ PAYMENTS_SANDBOX_TRANSFER_SECONDS: '3601' })).toThrow(ConfigError);
    // A checkout is never handed out again after its window.
    expect(resolvePaymentsSettings({ pendingExpireAfterMs: 10 * 60_000 }).pendingReuseMs).toBe(10 * 60_000);
    expect(resolvePaymentsSettings({}).pendingExpireAfterMs).toBe(30 * 60_000);
  });

  it('refuses Paystack without a public URL when settings are given in code too', () => {
    expect(() =>
      resolvePaymentsSettings({
        paystack: { secretKey: 'sk', baseUrl: 'https://api.paystack.co', timeoutMs: 1000 },
      }),
    ).toThrow(/PUBLIC_URL/);
  });

  describe('in production (NODE_ENV=production)', () => {
    const paystack = { PAYSTACK_SECRET_KEY: 'sk_live_x', PUBLIC_URL: 'https://market.example' };

    it('refuses to start without a Paystack key unless the sandbox is switched on', () => {
      expect(() => loadPaymentsSettings({ NODE_ENV: 'production' })).toThrow(ConfigError);
      expect(() => loadPaymentsSettings({ NODE_ENV: 'production' })).toThrow(
        /PAYSTACK_SECRET_KEY is required/,
      );
      expect(() => loadPaymentsSettings({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'off' })).toThrow(
        /PAYMENTS_SANDBOX=on/,
      );
      expect(() => loadPaymentsSettings({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'yes' })).toThrow(
        /PAYMENTS_SANDBOX/,
      );
    });

    it('starts with a Paystack key, or with the sandbox on purpose', () => {
      expect(loadPaymentsSettings({ NODE_ENV: 'production', ...paystack }).paystack?.secretKey).toBe(
        'sk_live_x',
      );
      const sandbox = loadPaymentsSettings({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' });
      expect([sandbox.paystack, sandbox.sandbox, sandbox.production]).toEqual([undefined, true, true]);
      expect(resolvePaymentsSettings(sandbox).production).toBe(true);
    });

    it('refuses the same when settings are given in code', () => {
      expect(() => resolvePaymentsSettings({ production: true })).toThrow(/PAYSTACK_SECRET_KEY is required/);
      expect(() => resolvePaymentsSettings({ production: true, sandbox: true })).not.toThrow();
    });
  });
});
