import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES } from '@marketplace/contracts';
import { fileTypeFromBuffer } from 'file-type/core';
import sharp from 'sharp';
import { AppError } from '../http/errors';

export interface ImageLimits {
  /** Upload size limit (bytes). */
  maxBytes: number;
  /** Decoded size limit: a small file can still expand to a huge bitmap. */
  maxPixels: number;
  /** Stored images fit within this square. */
  maxEdge: number;
}

export interface ImageMessages {
  tooManyBytes: string;
  tooManyPixels: string;
}

/** The limits of every upload (profile photos, job images): 5 MB, 40 megapixels, stored within 800x800. */
export const IMAGE_LIMITS: ImageLimits = Object.freeze({
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxEdge: 800,
});

export const IMAGE_MESSAGES: ImageMessages = Object.freeze({
  tooManyBytes: 'The image is too large. Please upload an image of at most 5 MB.',
  tooManyPixels: 'The image is too large. Please upload an image of at most 40 megapixels.',
});

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Server-made names only: 32 hex characters and the stored format. Nothing else is ever served. */
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}\.(webp|jpg)$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export const invalidImage = () => new AppError(415, 'INVALID_IMAGE', MESSAGES.pleaseUploadAValidImageFile);
export const imageTooLarge = (message: string) => new AppError(413, 'IMAGE_TOO_LARGE', message);

export interface ImageStoreOptions {
  /** The folder the images live in (created on the first save). */
  dir: string;
  /** The public path the images are served under, e.g. '/api/jobs/images/'. */
  urlPrefix: string;
  limits?: Partial<ImageLimits>;
  messages?: Partial<ImageMessages>;
}

/** A stored image as served: the bytes and their type. */
export interface StoredImage {
  body: Buffer;
  contentType: string;
}

/**
 * Uploaded images on local disk. An upload is trusted by nothing it claims: its type is read from its
 * bytes (PNG, JPEG or WebP only), its pixel count is checked before decoding, and it is re-encoded
 * (auto-rotated, metadata stripped, at most `maxEdge` square, WebP) under a random name made here.
 * Only such names are ever read or removed, so a request can never reach another file.
 */
export class ImageStore {
  readonly dir: string;
  readonly urlPrefix: string;
  readonly limits: ImageLimits;
  readonly messages: ImageMessages;

  constructor(options: ImageStoreOptions) {
    this.dir = options.dir;
    this.urlPrefix = options.urlPrefix;
    this.limits = { ...IMAGE_LIMITS, ...options.limits };
    this.messages = { ...IMAGE_MESSAGES, ...options.messages };
  }

  /** True for a name this store could have made. */
  static isStoredName(name: string): boolean {
    return STORED_IMAGE_NAME.test(name);
  }

  urlFor(name: string): string {
    return `${this.urlPrefix}${name}`;
  }

  /** The stored file behind one of our URLs, or undefined for anything else. */
  nameFromUrl(url: string | null | undefined): string | undefined {
    if (!url?.startsWith(this.urlPrefix)) return undefined;
    const name = url.slice(this.urlPrefix.length);
    return STORED_IMAGE_NAME.test(name) ? name : undefined;
  }

  /** The 413 for an upload over the byte limit (multipart readers stop at `limits.maxBytes`). */
  tooManyBytes(): AppError {
    return imageTooLarge(this.messages.tooManyBytes);
  }

  /**
   * Checks and re-encodes an upload without storing it (so several uploads can all be checked before
   * any is kept). Throws 415 / 413 AppErrors.
   */
  async prepare(upload: Buffer): Promise<Buffer> {
    if (upload.length > this.limits.maxBytes) throw this.tooManyBytes();
    return reencode(upload, this.limits, this.messages);
  }

  /** Stores an image `prepare` made; returns its new random name. */
  async store(encoded: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.webp`;
    const target = join(this.dir, name);
    await writeFile(`${target}.tmp`, encoded, { mode: 0o644 });
    await rename(`${target}.tmp`, target);
    return name;
  }

  /** Checks, re-encodes and stores an upload; returns the stored name. Throws 415 / 413 AppErrors. */
  async save(upload: Buffer): Promise<string> {
    return this.store(await this.prepare(upload));
  }

  async read(name: string): Promise<StoredImage | undefined> {
    const match = STORED_IMAGE_NAME.exec(name);
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
    if (!name || !STORED_IMAGE_NAME.test(name)) return;
    await unlink(join(this.dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  /** Removes several names, never failing: for clean-up after a refused or replaced upload. */
  async removeQuietly(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => this.remove(name).catch(() => undefined)));
  }
}

/** The headers an image is served with: its type, no sniffing, no scripts, cached for good. */
export function storedImageHeaders(image: StoredImage): Record<string, string> {
  return {
    'content-type': image.contentType,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
    'cross-origin-resource-policy': 'same-site',
    // Names are never reused: a new image gets a new name.
    'cache-control': 'public, max-age=31536000, immutable',
  };
}

async function reencode(upload: Buffer, limits: ImageLimits, messages: ImageMessages): Promise<Buffer> {
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
  if (width * height > limits.maxPixels) throw imageTooLarge(messages.tooManyPixels);
  try {
    return await sharp(upload, { limitInputPixels: limits.maxPixels })
      .rotate()
      .resize(limits.maxEdge, limits.maxEdge, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) throw imageTooLarge(messages.tooManyPixels);
    throw invalidImage();
  }
}
