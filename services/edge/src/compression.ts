import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** API responses smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses dynamic responses (API JSON, proxied or embedded) by the request's Accept-Encoding,
 * brotli first. Static files are not compressed here: the build writes brotli and gzip copies that the
 * static plugin sends as they are (a response that already has a Content-Encoding is left alone).
 */
const BROTLI_QUALITY = 4;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quick settings: this runs per request (the static copies use the maximum once, at build time).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

const pageEncodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

/**
 * A page written per request (the shell's HTML carrying a catalogue page) as the browser accepts it. The
 * not-found handler that answers client routes is not a route, so the plugin above never sees its replies;
 * a 15 KB page sent plain costs a phone a second round trip before its first paint.
 */
export function compressedPage(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  // Added to what the page already varies on (a page drawn for the session varies on Cookie).
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  if (Buffer.byteLength(html) < COMPRESS_THRESHOLD_BYTES) return html;
  const encoding = pageEncodings.negotiate(request.headers['accept-encoding'] ?? '');
  if (encoding === 'br') {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
  }
  if (encoding === 'gzip') {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html);
  }
  return html;
}
