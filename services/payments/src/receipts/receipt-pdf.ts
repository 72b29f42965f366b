// What the payments package offers outside the service for receipts: the PDF of a receipt and a sample
// receipt to make it from (bench/receipt-pdf.ts measures it).
export { receiptPdf, RECEIPT_FONT_FILES } from './pdf';
export { sampleReceipt } from './sample';
