import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** API responses smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses dynamic responses (API JSON, proxied or embedded) by the request's Accept-Encoding,
 * brotli first. Static files are not compressed here: the build writes brotli and gzip copies that the
 * static plugin sends as they are (a response that already has a Content-Encoding is left alone).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quick settings: this runs per request (the static copies use the maximum once, at build time).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
