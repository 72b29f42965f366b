// Brotli and gzip copies of every text asset of a web build, written next to it (app.js -> app.js.br,
// app.js.gz). The edge serves them by the request's Accept-Encoding (@fastify/static `preCompressed`),
// so the browser gets compressed bytes without the server compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|map)$/;
/** Below this size the headers cost more than the saving. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  rawBytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, rawBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const path of walk(dir)) {
    if (!COMPRESSIBLE.test(path) || path.endsWith('.map')) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gzip = gzipSync(raw, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    result.files += 1;
    result.rawBytes += raw.length;
    result.brotliBytes += brotli.length;
    result.gzipBytes += gzip.length;
  }
  return result;
}
