import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type/core';
import { AppError } from '../http/errors';
import { ImageStore, type ImageLimits } from './image-store';

export interface DocumentMessages {
  /** Not a PNG, JPEG, WebP or PDF (whatever it claims). */
  invalid: string;
  tooManyBytes: string;
}

export interface DocumentStoreOptions {
  dir: string;
  messages: DocumentMessages;
  /** Limits of the images among the documents (default: the kit's, but kept legible at 2000 px). */
  imageLimits?: Partial<ImageLimits>;
}

/** A stored document as served: its bytes, its type and the extension people download it with. */
export interface StoredDocument {
  body: Buffer;
  contentType: 'image/webp' | 'application/pdf';
  extension: 'webp' | 'pdf';
}

/** Server-made names only: 32 hex characters and the stored format. */
export const STORED_DOCUMENT_NAME = /^[a-f0-9]{32}\.(webp|pdf)$/;
/** How far from the end a PDF's end-of-file marker may be (incremental saves add a little after it). */
const PDF_TRAILER_WINDOW = 2048;

/**
 * Uploaded documents (a certificate, a licence): an image or a PDF, on local disk. Images go through the
 * kit's ImageStore checks (type from the bytes, pixel limit, re-encoded to WebP, metadata stripped);
 * a PDF is kept as sent once its bytes say it is one from start to end: the type is read from the magic
 * bytes (file-type), and a file that opens like a PDF but has no end-of-file trailer (a truncated upload,
 * a renamed file with a forged header) is refused. Only names made here are read or removed.
 */
export class DocumentStore {
  readonly dir: string;
  readonly #images: ImageStore;
  readonly #messages: DocumentMessages;

  constructor(options: DocumentStoreOptions) {
    this.dir = options.dir;
    this.#messages = options.messages;
    this.#images = new ImageStore({
      dir: options.dir,
      urlPrefix: '',
      limits: { maxEdge: 2000, ...options.imageLimits },
      messages: { tooManyBytes: options.messages.tooManyBytes },
    });
  }

  get maxBytes(): number {
    return this.#images.limits.maxBytes;
  }

  /** The 413 for an upload over the byte limit (multipart readers stop at `maxBytes`). */
  tooManyBytes(): AppError {
    return new AppError(413, 'FILE_TOO_LARGE', this.#messages.tooManyBytes);
  }

  #invalid(): AppError {
    return new AppError(415, 'INVALID_FILE', this.#messages.invalid);
  }

  /** Checks and stores an upload; returns its new name and its type. Throws 415 / 413 AppErrors. */
  async save(upload: Buffer): Promise<{ name: string; contentType: StoredDocument['contentType'] }> {
    if (upload.length > this.maxBytes) throw this.tooManyBytes();
    const type = await fileTypeFromBuffer(upload);
    if (type?.mime === 'application/pdf') {
      if (!isWholePdf(upload)) throw this.#invalid();
      return { name: await this.#write(upload, 'pdf'), contentType: 'application/pdf' };
    }
    let encoded: Buffer;
    try {
      encoded = await this.#images.prepare(upload);
    } catch (err) {
      // The image store's 415 speaks of images only; a document may also be a PDF.
      if (err instanceof AppError && err.statusCode === 415) throw this.#invalid();
      throw err;
    }
    return { name: await this.#write(encoded, 'webp'), contentType: 'image/webp' };
  }

  async #write(bytes: Buffer, extension: StoredDocument['extension']): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    const target = join(this.dir, name);
    await writeFile(`${target}.tmp`, bytes, { mode: 0o644 });
    await rename(`${target}.tmp`, target);
    return name;
  }

  async read(name: string): Promise<StoredDocument | undefined> {
    const match = STORED_DOCUMENT_NAME.exec(name);
    if (!match) return undefined;
    const extension = match[1] as StoredDocument['extension'];
    try {
      return {
        body: await readFile(join(this.dir, name)),
        contentType: extension === 'pdf' ? 'application/pdf' : 'image/webp',
        extension,
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async remove(name: string | undefined): Promise<void> {
    if (!name || !STORED_DOCUMENT_NAME.test(name)) return;
    await unlink(join(this.dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

/** A PDF header (`%PDF-1.x` / `%PDF-2.x`) and an `%%EOF` trailer near the end. */
function isWholePdf(bytes: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - PDF_TRAILER_WINDOW)).toString('latin1');
  return tail.includes('%%EOF') && bytes.includes('obj');
}
