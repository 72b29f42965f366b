import { PAYMENT_API, type Receipt } from '@marketplace/contracts';
import { escapeHtml, servicePageHeaders } from '@marketplace/service-kit';
import { receiptLines } from './view';

/** Headers of the printable page: no script at all, its own styles only, never cached (personal data). */
export const RECEIPT_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze(servicePageHeaders());

const rows = (pairs: Array<[string, string]>) =>
  pairs
    .map(
      ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');

/**
 * The printable page of a receipt or credit note: server-made HTML (no script), one A4 page when printed
 * (the print styles drop the links and the page's shading). Same words as the PDF (receiptLines).
 */
export function receiptPage(receipt: Receipt, viewer: 'company' | 'admin'): string {
  const back =
    viewer === 'admin' ? ['/allpayments', 'Back to payments'] : ['/dashboard', 'Back to your dashboard'];
  const lines = receiptLines(receipt);
  const heading = `${lines.title} ${lines.number}`;
  return `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
<style>
  :root { color-scheme: light; font-family: "DejaVu Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f3f5f4; color: #1b1f1d; }
  main { max-width: 46rem; margin: 1.5rem auto; background: #fff; border: 1px solid #d5dbd8; border-radius: 8px; padding: 1.5rem; }
  header { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .5rem 1rem; border-bottom: 2px solid #0b6e4f; padding-bottom: .75rem; }
  h1 { font-size: 1.5rem; margin: 0; }
  .number { font-size: 1.1rem; font-weight: 700; color: #0b6e4f; margin: 0; }
  h2 { font-size: 1rem; margin: 1.25rem 0 .5rem; color: #3a4540; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; vertical-align: top; padding: .4rem .25rem; border-bottom: 1px solid #e6eae8; overflow-wrap: anywhere; }
  th { font-weight: 600; width: 40%; color: #3a4540; }
  .amounts td { text-align: right; font-variant-numeric: tabular-nums; }
  .total th, .total td { font-size: 1.1rem; font-weight: 700; border-bottom: 2px solid #1b1f1d; }
  .note { margin-top: 1rem; color: #3a4540; }
  nav { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; }
  nav a { display: inline-block; padding: .6rem 1rem; border-radius: 6px; border: 1px solid #0b6e4f; color: #0b6e4f; font-weight: 600; text-decoration: none; }
  nav a.primary { background: #0b6e4f; color: #fff; }
  nav a:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
  .hint { color: #3a4540; font-size: .9rem; margin: .75rem 0 0; }
  @media (max-width: 30rem) { main { margin: 0; border-radius: 0; border-left: 0; border-right: 0; padding: 1rem; } th { width: 45%; } }
  @media print {
    @page { size: A4; margin: 16mm; }
    body { background: #fff; }
    main { border: 0; margin: 0; padding: 0; max-width: none; }
    nav, .hint { display: none; }
  }
</style>
</head>
<body>
<main>
  <header>
    <h1>${escapeHtml(lines.title)}</h1>
    <p class="number">${escapeHtml(lines.number)}</p>
  </header>
  <h2>From</h2>
  <table>${rows(lines.seller)}</table>
  <h2>Details</h2>
  <table>${rows(lines.details)}</table>
  <h2>Amount</h2>
  <table class="amounts">${rows(lines.amounts)}<tr class="total"><th scope="row">${escapeHtml(lines.total[0])}</th><td>${escapeHtml(lines.total[1])}</td></tr></table>
  <p class="note">${escapeHtml(lines.note)}</p>
  <nav aria-label="Receipt">
    <a class="primary" href="${escapeHtml(PAYMENT_API.receiptPdf(receipt.number))}" download="${escapeHtml(receipt.number)}.pdf">Download PDF</a>
    <a href="${back[0]}">${back[1]}</a>
  </nav>
  <p class="hint">To print, use your browser's Print command (Ctrl+P, or Share then Print on a phone).</p>
</main>
</body>
</html>
`;
}
