import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { AppError } from '../http/errors';
import { ImageStore, storedImageHeaders } from './image-store';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 30 } } })
    .png()
    .toBuffer();

describe('ImageStore', () => {
  let dir: string;
  let store: ImageStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'image-store-'));
    store = new ImageStore({ dir, urlPrefix: '/api/things/images/', limits: { maxEdge: 100 } });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('re-encodes an upload to WebP within the edge limit under a random name, and reads it back', async () => {
    const name = await store.save(await png(400, 200));
    expect(name).toMatch(/^[a-f0-9]{32}\.webp$/);
    const image = await store.read(name);
    expect(image?.contentType).toBe('image/webp');
    expect(await sharp(image!.body).metadata()).toMatchObject({ format: 'webp', width: 100, height: 50 });
    expect(store.urlFor(name)).toBe(`/api/things/images/${name}`);
    expect(store.nameFromUrl(store.urlFor(name))).toBe(name);
    expect(storedImageHeaders(image!)).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    await store.remove(name);
    expect(await store.read(name)).toBeUndefined();
  });

  it.each([
    ['text that claims to be an image', 'svg'],
    ['a GIF', 'gif'],
    ['a truncated PNG', 'truncated'],
  ])('refuses %s with 415', async (_label, kind) => {
    const upload =
      kind === 'svg'
        ? Buffer.from('<svg onload="alert(1)"></svg>')
        : kind === 'gif'
          ? await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
              .gif()
              .toBuffer()
          : (await png(50, 50)).subarray(0, 60);
    await expect(store.save(upload)).rejects.toMatchObject({ statusCode: 415 });
  });

  it('refuses too many bytes and too many pixels with 413 and its own messages', async () => {
    const small = new ImageStore({
      dir,
      urlPrefix: '/x/',
      limits: { maxBytes: 1000, maxPixels: 10_000 },
      messages: { tooManyBytes: 'bytes!', tooManyPixels: 'pixels!' },
    });
    await expect(small.prepare(Buffer.alloc(1001))).rejects.toEqual(
      new AppError(413, 'IMAGE_TOO_LARGE', 'bytes!'),
    );
    // 40,000 pixels in a 200x200 PNG of a few hundred bytes: the decoded size is what counts.
    const pixels = new ImageStore({
      dir,
      urlPrefix: '/x/',
      limits: { maxPixels: 10_000 },
      messages: { tooManyPixels: 'pixels!' },
    });
    await expect(pixels.prepare(await png(200, 200))).rejects.toEqual(
      new AppError(413, 'IMAGE_TOO_LARGE', 'pixels!'),
    );
  });

  it('reads and removes server-made names only', async () => {
    await writeFile(join(dir, 'secret.txt'), 'no');
    for (const name of ['secret.txt', '../secret.txt', `${'a'.repeat(32)}.png`, '']) {
      expect(await store.read(name)).toBeUndefined();
      await store.remove(name);
    }
    expect(await readdir(dir)).toContain('secret.txt');
    expect(store.nameFromUrl('/api/things/images/../../etc/passwd')).toBeUndefined();
    expect(store.nameFromUrl(null)).toBeUndefined();
  });
});
