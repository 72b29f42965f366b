/**
 * Money as the product writes it: naira with the ₦ sign and Nigerian digit grouping. Amounts travel as
 * whole naira (prices, fees) or as kobo (payments, as the provider counts them).
 */

/** '₦2,500' for a whole-naira amount. */
export function formatNaira(naira: number): string {
  return `₦${naira.toLocaleString('en-NG')}`;
}

/** '₦1,000' for 100000 kobo, '₦1,000.50' when there are kobo; another currency as '12.00 USD'. */
export function formatKobo(kobo: number, currency = 'NGN'): string {
  const units = kobo / 100;
  if (currency !== 'NGN') return `${units.toFixed(2)} ${currency}`;
  const fraction = kobo % 100 === 0 ? 0 : 2;
  return `₦${units.toLocaleString('en-NG', { minimumFractionDigits: fraction, maximumFractionDigits: 2 })}`;
}
