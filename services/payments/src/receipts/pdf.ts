import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Receipt } from '@marketplace/contracts';
import PDFDocument from 'pdfkit';
import { receiptLines } from './view';

/**
 * DejaVu Sans, from the installed `dejavu-fonts-ttf` package (shipped as installed in the image,
 * infra/images/bundle.ts): it has ₦ and the letters of Yoruba, Igbo and Hausa names (ẹ, ọ, ṣ, ụ, ị, ɓ, ƙ,
 * ƴ, tone marks) that the PDF's standard fonts lack. Read once, at the first PDF, not at start.
 */
export const RECEIPT_FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

function loadFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  if (!fonts) {
    const resolveFrom = createRequire(import.meta.url);
    fonts = Promise.all([
      readFile(resolveFrom.resolve(RECEIPT_FONT_FILES.regular)),
      readFile(resolveFrom.resolve(RECEIPT_FONT_FILES.bold)),
    ]).then(([regular, bold]) => ({ regular, bold }));
    // A failed read is tried again at the next PDF rather than remembered.
    fonts.catch(() => (fonts = undefined));
  }
  return fonts;
}

const GREEN = '#0b6e4f';
const GREY = '#3a4540';

/** The receipt or credit note as an A4 PDF (pdfkit), with the same words as the printable page. */
export async function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const font = await loadFonts();
  const lines = receiptLines(receipt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${lines.title} ${lines.number}`,
      Author: receipt.seller.name,
      Subject: receipt.description,
      CreationDate: new Date(receipt.issuedAt),
    },
    lang: 'en-NG',
    pdfVersion: '1.7',
  });
  doc.registerFont('body', font.regular);
  doc.registerFont('bold', font.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = width * 0.38;

  doc.font('bold').fontSize(22).fillColor('#1b1f1d').text(lines.title, left, 50);
  doc.font('bold').fontSize(14).fillColor(GREEN).text(lines.number, left, 56, { width, align: 'right' });
  doc
    .moveTo(left, 84)
    .lineTo(left + width, 84)
    .lineWidth(2)
    .strokeColor(GREEN)
    .stroke();
  doc.y = 96;

  const section = (title: string) => {
    doc.moveDown(0.6).font('bold').fontSize(11).fillColor(GREY).text(title, left, doc.y);
    doc.moveDown(0.2);
  };
  const row = (label: string, value: string, options: { bold?: boolean; right?: boolean } = {}) => {
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(options.bold ? 12 : 10)
      .fillColor(GREY)
      .text(label, left, y, { width: labelWidth - 8 });
    const labelBottom = doc.y;
    doc
      .font(options.bold ? 'bold' : 'body')
      .fontSize(options.bold ? 12 : 10)
      .fillColor('#1b1f1d')
      .text(value, left + labelWidth, y, {
        width: width - labelWidth,
        align: options.right ? 'right' : 'left',
      });
    doc.y = Math.max(doc.y, labelBottom) + 4;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor('#e6eae8')
      .stroke();
  };

  section('From');
  for (const [label, value] of lines.seller) row(label, value);
  section('Details');
  for (const [label, value] of lines.details) row(label, value);
  section('Amount');
  for (const [label, value] of lines.amounts) row(label, value, { right: true });
  row(lines.total[0], lines.total[1], { bold: true, right: true });
  doc.moveDown(1).font('body').fontSize(10).fillColor(GREY).text(lines.note, left, doc.y, { width });
  doc.end();
  return done;
}
