import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES } from '@marketplace/contracts';
import { AppError } from '@marketplace/service-kit';
import { fileTypeFromBuffer } from 'file-type/core';
import sharp from 'sharp';

export const PHOTO_LIMITS = Object.freeze({
  /** Upload size limit (bytes). */
  maxBytes: 5 * 1024 * 1024,
  /** Decoded size limit: a small file can still expand to a huge bitmap. */
  maxPixels: 40_000_000,
  /** Stored photos fit within this square. */
  maxEdge: 800,
});

export const PHOTO_MESSAGES = Object.freeze({
  tooManyBytes: 'The photo is too large. Please upload an image of at most 5 MB.',
  tooManyPixels: 'The photo is too large. Please upload an image of at most 40 megapixels.',
});

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Server-made names only: 32 hex characters and the stored format. Nothing else is ever served. */
const STORED_NAME = /^[a-f0-9]{32}\.(webp|jpg)$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };
export const PHOTO_URL_PREFIX = '/api/user/photos/';

export const invalidImage = () => new AppError(415, 'INVALID_IMAGE', MESSAGES.pleaseUploadAValidImageFile);
export const photoTooLarge = (message: string) => new AppError(413, 'IMAGE_TOO_LARGE', message);

/**
 * Profile photos on local disk (`<DATA_DIR>/uploads/profile/`). An upload is trusted by nothing it
 * claims: its type is read from its bytes (PNG, JPEG or WebP only), its pixel count is checked before
 * decoding, and it is re-encoded (auto-rotated, metadata stripped, at most 800x800, WebP) under a random
 * name made here.
 */
export class PhotoStore {
  constructor(readonly dir: string) {}

  static urlFor(name: string): string {
    return `${PHOTO_URL_PREFIX}${name}`;
  }

  /** The stored file behind a photo URL of ours, or undefined for anything else. */
  static nameFromUrl(url: string | null): string | undefined {
    if (!url?.startsWith(PHOTO_URL_PREFIX)) return undefined;
    const name = url.slice(PHOTO_URL_PREFIX.length);
    return STORED_NAME.test(name) ? name : undefined;
  }

  /** Checks, re-encodes and stores an upload; returns the stored name. Throws 415 / 413 AppErrors. */
  async save(upload: Buffer): Promise<string> {
    const encoded = await reencode(upload);
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const target = join(this.dir, name);
    await writeFile(`${target}.tmp`, encoded, { mode: 0o644 });
    await rename(`${target}.tmp`, target);
    return name;
  }

  async read(name: string): Promise<{ body: Buffer; contentType: string } | undefined> {
    const match = STORED_NAME.exec(name);
    if (!match) return undefined;
    try {
      return {
        body: await readFile(join(this.dir, name)),
        contentType: CONTENT_TYPES[match[1] as string] as string,
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async remove(name: string | undefined): Promise<void> {
    if (!name || !STORED_NAME.test(name)) return;
    await unlink(join(this.dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

async function reencode(upload: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED.has(type.mime)) throw invalidImage();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(upload).metadata());
  } catch {
    throw invalidImage();
  }
  if (!width || !height) throw invalidImage();
  if (width * height > PHOTO_LIMITS.maxPixels) throw photoTooLarge(PHOTO_MESSAGES.tooManyPixels);
  try {
    return await sharp(upload, { limitInputPixels: PHOTO_LIMITS.maxPixels })
      .rotate()
      .resize(PHOTO_LIMITS.maxEdge, PHOTO_LIMITS.maxEdge, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message)))
      throw photoTooLarge(PHOTO_MESSAGES.tooManyPixels);
    throw invalidImage();
  }
}
