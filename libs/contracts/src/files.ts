import { Type } from 'typebox';

/**
 * A file in a multipart form, or bytes answered as they are (OpenAPI's `format: binary`). Typed as
 * bytes, so a route that declares it answers a Buffer.
 */
export const BinaryFileSchema = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });
