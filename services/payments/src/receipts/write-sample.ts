// Writes the sample receipt's PDF: `npx tsx services/payments/src/receipts/write-sample.ts out.pdf`.
// The image test runs it from the production bundle (pdfkit and the fonts as shipped), an operator to
// look at the layout with the placeholders. Prints the size.
import { writeFile } from 'node:fs/promises';
import { receiptPdf } from './pdf';
import { sampleReceipt } from './sample';

const out = process.argv[2];
if (!out) {
  console.error('usage: write-sample <out.pdf> [receipt|credit-note]');
  process.exit(2);
}
const pdf = await receiptPdf(sampleReceipt(process.argv[3] === 'credit-note' ? 'credit-note' : 'receipt'));
await writeFile(out, pdf);
console.log(`${out}: ${pdf.length} bytes`);
