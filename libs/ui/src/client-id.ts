/**
 * A random (v4) UUID for a write the server must store once (a chat message, an unlock): the server keeps
 * one per client id, so sending again after a lost connection or a lost answer never makes a second copy.
 * crypto.randomUUID exists only on secure origins; elsewhere (a plain-http LAN address) the same format is
 * built from getRandomValues.
 */
export function newClientId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
