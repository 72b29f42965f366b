/**
 * `npx tsx bench/receipt-pdf.ts [runs]`: the figure "receipt PDF generation time and size" (issue 28).
 * Makes the PDF of a receipt and of a credit note (the sample, with Yoruba, Igbo and Hausa letters and ₦)
 * the way GET /api/payments/receipts/:number/pdf does, `runs` times each after a warm-up, and prints the
 * median and p95 wall time, the CPU time per PDF (user + system, from process.cpuUsage), the size, and the
 * first PDF's time (the font read from disk once, lazily).
 */
import { performance } from 'node:perf_hooks';
import { receiptPdf, sampleReceipt } from '@marketplace/payments-service/receipt-pdf';

const RUNS = Number(process.argv[2] ?? 200);
if (!Number.isInteger(RUNS) || RUNS < 10) {
  console.error('usage: tsx bench/receipt-pdf.ts [runs >= 10]');
  process.exit(2);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const firstStarted = performance.now();
await receiptPdf(sampleReceipt('receipt'));
const firstMs = performance.now() - firstStarted;

for (const kind of ['receipt', 'credit-note'] as const) {
  const receipt = sampleReceipt(kind);
  for (let i = 0; i < 10; i += 1) await receiptPdf(receipt); // warm-up
  const wall: number[] = [];
  const sizes = new Set<number>();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const pdf = await receiptPdf(receipt);
    wall.push(performance.now() - started);
    sizes.add(pdf.length);
  }
  const cpu = process.cpuUsage(cpuBefore);
  wall.sort((a, b) => a - b);
  const cpuMsPerPdf = (cpu.user + cpu.system) / 1000 / RUNS;
  console.log(
    `${kind}: ${RUNS} PDFs, median ${percentile(wall, 50).toFixed(2)} ms, p95 ${percentile(wall, 95).toFixed(2)} ms, ` +
      `CPU ${cpuMsPerPdf.toFixed(2)} ms per PDF, size ${[...sizes].map((s) => `${(s / 1024).toFixed(1)} KB (${s} bytes)`).join(', ')}`,
  );
}
console.log(`first PDF of the process (fonts read from disk): ${firstMs.toFixed(1)} ms`);
