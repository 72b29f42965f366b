import { escapeHtml } from '@marketplace/service-kit';
import { SANDBOX_TRANSFER_ACCOUNT, SANDBOX_USSD_CODE, type SandboxTransaction } from '../providers/sandbox';

// The sandbox provider's checkout page: plain server-rendered HTML (no script), tidy enough to look like
// a payment page, and plain about being a test.

/**
 * Headers of the page: no script at all, and the form may only go to this origin (and the site's public
 * origin, where the redirect back to /payment/callback points when PUBLIC_URL is set).
 */
export function sandboxPageHeaders(publicUrl: string): Record<string, string> {
  const formTargets = publicUrl ? `'self' ${new URL(publicUrl).origin}` : `'self'`;
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

export function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The page for a transaction: the choice while it is open, what became of it otherwise. */
export function checkoutPage(
  tx: SandboxTransaction,
  actionPath: string,
  returnUrl: string,
  csrf?: string,
  transferSeconds = 20,
): string {
  const amount = naira(tx.amount_kobo);
  const csrfField = csrf ? `\n        <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">` : '';
  const details = `
      <dl class="details">
        <div><dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd></div>
        <div><dt>For</dt><dd>Unlocking a job's contact details and chat</dd></div>
        <div><dt>Reference</dt><dd><code>${escapeHtml(tx.reference)}</code></dd></div>
        <div><dt>E-mail</dt><dd>${escapeHtml(tx.email)}</dd></div>
      </dl>`;
  let body: string;
  if (tx.status === 'success') {
    body = `${details}
      <p class="outcome ok" role="status">This test payment is complete.</p>
      <a class="button primary" href="${escapeHtml(returnUrl)}">Return to the marketplace</a>`;
  } else if (tx.status === 'refunded') {
    body = `${details}
      <p class="outcome" role="status">This test payment was refunded.</p>
      <a class="button" href="/">Back to the marketplace</a>`;
  } else if (tx.transfer_sent_at) {
    const how = tx.channel === 'ussd' ? 'USSD payment' : 'transfer';
    body = `${details}
      <p class="outcome" role="status">Waiting for the bank to confirm your test ${how}. The simulated bank
      confirms it about ${transferSeconds} seconds after you said you sent it; you may leave this page.</p>
      <form method="post" action="${escapeHtml(actionPath)}">${csrfField}
        <button class="button" type="submit" name="action" value="confirm-transfer">Confirm the transfer now (test control)</button>
      </form>
      <a class="button primary" href="${escapeHtml(returnUrl)}">Return to the marketplace</a>`;
  } else {
    const note =
      tx.status === 'failed'
        ? '<p class="outcome bad" role="status">The last attempt was declined. You can try again.</p>'
        : '';
    body = `${details}${note}
      <form method="post" action="${escapeHtml(actionPath)}">${
        csrf ? `\n        <input type="hidden" name="csrf" value="${escapeHtml(csrf)}">` : ''
      }
        <button class="button primary" type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
        <button class="button danger" type="submit" name="action" value="decline">Decline</button>
        <button class="button" type="submit" name="action" value="abandon">Abandon</button>
      </form>
      <p class="hint"><strong>Pay</strong> succeeds, <strong>Decline</strong> fails as a declined card would,
      <strong>Abandon</strong> leaves the payment unfinished, as closing the tab would.</p>
      <h2>Or pay by bank transfer or USSD</h2>
      <p>Send exactly <strong>${escapeHtml(amount)}</strong> to this test account, then tell us you did:</p>
      <dl class="details">
        <div><dt>Bank</dt><dd>${escapeHtml(SANDBOX_TRANSFER_ACCOUNT.bankName)}</dd></div>
        <div><dt>Account number</dt><dd class="amount">${escapeHtml(SANDBOX_TRANSFER_ACCOUNT.accountNumber)}</dd></div>
        <div><dt>Account name</dt><dd>${escapeHtml(SANDBOX_TRANSFER_ACCOUNT.accountName)}</dd></div>
        <div><dt>USSD</dt><dd><code>${escapeHtml(SANDBOX_USSD_CODE)}</code></dd></div>
      </dl>
      <form method="post" action="${escapeHtml(actionPath)}">${csrfField}
        <button class="button primary" type="submit" name="action" value="transfer-sent">I have sent the money</button>
        <button class="button" type="submit" name="action" value="ussd-sent">I have paid by USSD</button>
      </form>
      <p class="hint">Nothing is really sent. The simulated bank confirms the payment about ${transferSeconds} seconds
      later; you can leave the page meanwhile and the marketplace tells you when it is confirmed.</p>`;
  }
  return layout('Test payment', body);
}

/** After Abandon: nothing was charged; the payment stays pending until the reconciliation expires it. */
export function abandonedPage(tx: SandboxTransaction, homeUrl: string): string {
  return layout(
    'Payment abandoned',
    `
      <p class="outcome" role="status">You left this test payment. Nothing was charged.</p>
      <p>The payment stays pending for a while; you can start again from the job (${escapeHtml(naira(tx.amount_kobo))},
      reference <code>${escapeHtml(tx.reference)}</code>).</p>
      <a class="button primary" href="${escapeHtml(homeUrl)}">Back to the marketplace</a>`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Test payment not found',
    `<p class="outcome bad" role="status">There is no test payment with this reference.</p>
      <a class="button" href="/">Back to the marketplace</a>`,
  );
}

/** Someone else's payment: the same answer as an unknown one, so references cannot be probed. */
export function notYoursPage(): string {
  return layout(
    'Test payment not found',
    `<p class="outcome bad" role="status">There is no test payment with this reference for your account.
      Sign in as the company that started it.</p>
      <a class="button" href="/">Back to the marketplace</a>`,
  );
}

/** No session (or an expired one): only the paying company may see and settle its payment. */
export function signInPage(reason: string): string {
  return layout(
    'Sign in to pay',
    `<p class="outcome bad" role="status">${escapeHtml(reason)}</p>
      <p>Only the company that started this test payment can see and settle it.</p>
      <a class="button primary" href="/login">Sign in</a>`,
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)} · Sandbox checkout</title>
    <style>
      :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      body { margin: 0; background: #eef2f5; color: #1c2430; }
      main { max-width: 440px; margin: 40px auto; padding: 0 16px; }
      .card { background: #fff; border-radius: 12px; box-shadow: 0 4px 18px rgba(16, 24, 40, .12); overflow: hidden; }
      .test { margin: 0; background: #fff3cd; color: #5c4400; border-bottom: 1px solid #f0d88a; padding: 12px 20px; font-size: 14px; }
      .test strong { letter-spacing: .04em; }
      .content { padding: 20px; }
      h1 { font-size: 20px; margin: 0 0 16px; }
      h2 { font-size: 16px; margin: 24px 0 8px; padding-top: 16px; border-top: 1px solid #edf0f3; }
      .details { margin: 0 0 16px; }
      .details div { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid #edf0f3; }
      dt { color: #5b6675; } dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
      .amount { font-size: 20px; font-weight: 700; }
      form { display: grid; gap: 10px; margin: 16px 0 8px; }
      .button { display: block; box-sizing: border-box; width: 100%; padding: 12px 16px; border-radius: 8px; border: 1px solid #c5ccd6;
        background: #fff; color: #1c2430; font: inherit; font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
      .button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
      .primary { background: #0b7a3e; border-color: #0b7a3e; color: #fff; }
      .danger { color: #a4161a; border-color: #e3a5a7; }
      .outcome { padding: 10px 12px; border-radius: 8px; background: #eef2f5; }
      .ok { background: #e3f4ea; color: #0b5c2f; } .bad { background: #fbe9e9; color: #8a1216; }
      .hint { color: #5b6675; font-size: 13px; line-height: 1.5; }
      footer { text-align: center; color: #5b6675; font-size: 12px; margin-top: 16px; }
    </style>
  </head>
  <body>
    <main>
      <div class="card">
        <p class="test"><strong>TEST PAYMENT</strong> — this is the marketplace's sandbox checkout. No real money moves and no card is charged.</p>
        <div class="content">
          <h1>${escapeHtml(title)}</h1>
          ${body}
        </div>
      </div>
      <footer>Sandbox provider · stands in for Paystack when no Paystack key is configured</footer>
    </main>
  </body>
</html>
`;
}
