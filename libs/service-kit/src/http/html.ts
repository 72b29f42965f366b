/** Text as HTML may carry it in an element or a quoted attribute (the five characters that matter). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Headers of a small page a service writes itself (a receipt, an unsubscribe confirmation): no script,
 * its own inline styles, never framed or cached. `formAction`: where its one form may post, if it has one.
 */
export function servicePageHeaders(options: { formAction?: 'self' } = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action ${options.formAction === 'self' ? "'self'" : "'none'"}`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}
