import { readFileSync, statSync } from 'node:fs';

/**
 * The shell's index.html, read again only when the file changed (a redeployed shell); undefined while
 * there is none.
 */
export function shellIndexReader(file: string): () => string | undefined {
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  return () => {
    try {
      const { mtimeMs, size } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
        cached = { mtimeMs, size, html: readFileSync(file, 'utf8') };
      }
      return cached.html;
    } catch {
      return undefined;
    }
  };
}
