import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bundlePart } from './bundle';

const run = promisify(execFile);

/**
 * The payments image's bundle writes receipt PDFs on its own: pdfkit (which reads its AFM data files from
 * its own folder) and the DejaVu fonts shipped as installed, nothing taken from the repository. The bundle is
 * made outside the repository, so Node cannot find the workspace's node_modules from there.
 */
describe('the payments bundle', () => {
  const out = mkdtempSync(join(tmpdir(), 'payments-bundle-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('ships pdfkit and the receipt fonts as installed and writes a PDF from the bundle’s folder alone', async () => {
    const { packages } = await bundlePart('payments', out, {
      'receipt-sample': 'src/receipts/write-sample.ts',
    });
    expect(packages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^pdfkit@/),
        expect.stringMatching(/^dejavu-fonts-ttf@/),
      ]),
    );
    expect(existsSync(join(out, 'node_modules', 'pdfkit', 'js', 'data', 'Helvetica.afm'))).toBe(true);
    expect(existsSync(join(out, 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSans.ttf'))).toBe(true);
    // main.mjs ships the same PDF code (the route's): pdfkit stays outside the bundle, the font is found by name.
    const main = readFileSync(join(out, 'main.mjs'), 'utf8');
    expect(main).toMatch(/from ["']pdfkit["']|chunks\//);

    const pdfFile = join(out, 'sample.pdf');
    const { stdout } = await run(process.execPath, [join(out, 'receipt-sample.mjs'), pdfFile], {
      cwd: out,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    });
    expect(stdout).toContain('bytes');
    const pdf = readFileSync(pdfFile);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
  }, 120_000);
});
