import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DocumentStore } from './document-store';

const MESSAGES = { invalid: 'Not a document we take.', tooManyBytes: 'Too big.' };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

describe('DocumentStore', () => {
  let dir: string;
  let store: DocumentStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'document-store-'));
    store = new DocumentStore({ dir, messages: MESSAGES, imageLimits: { maxEdge: 100 } });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('re-encodes an image to WebP through the image rules, and keeps a whole PDF as sent', async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const image = await store.save(png);
    expect(image).toEqual({ name: expect.stringMatching(/^[a-f0-9]{32}\.webp$/), contentType: 'image/webp' });
    const stored = await store.read(image.name);
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: 'webp', width: 100, height: 50 });

    const pdf = await store.save(PDF);
    expect(pdf).toEqual({
      name: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
      contentType: 'application/pdf',
    });
    expect(await store.read(pdf.name)).toEqual({
      body: PDF,
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    await store.remove(pdf.name);
    expect(await store.read(pdf.name)).toBeUndefined();
  });

  it.each([
    ['a PDF header with no trailer', Buffer.from('%PDF-1.7\n<script>alert(1)</script>\n', 'latin1')],
    ['a truncated PDF', PDF.subarray(0, 50)],
    ['a trailer with nothing before it', Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s with 415 and its own message, storing nothing', async (_label, bytes) => {
    const before = await readdir(dir);
    await expect(store.save(bytes)).rejects.toMatchObject({ statusCode: 415, message: MESSAGES.invalid });
    expect(await readdir(dir)).toEqual(before);
  });

  it('refuses too many bytes with 413', async () => {
    const small = new DocumentStore({ dir, messages: MESSAGES, imageLimits: { maxBytes: 100 } });
    await expect(small.save(Buffer.concat([PDF, Buffer.alloc(100)]))).rejects.toMatchObject({
      statusCode: 413,
      message: MESSAGES.tooManyBytes,
    });
  });

  it('reads and removes server-made names only', async () => {
    await writeFile(join(dir, 'secret.pdf'), 'no');
    for (const name of ['secret.pdf', '../secret.pdf', `${'a'.repeat(32)}.png`, '']) {
      expect(await store.read(name)).toBeUndefined();
      await store.remove(name);
    }
    expect(await readdir(dir)).toContain('secret.pdf');
  });
});
