import { createPublicKey, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SigningKeys {
  privateKey: string;
  publicKey: string;
}

/** Ed25519 keys for EdDSA access tokens: accounts signs with the private key, everyone verifies. */
export function generateSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Embedded topology: keys live in the data folder (git-ignored, mode 600) so sessions survive a
 * restart. Production passes keys through configuration instead.
 */
export function loadOrCreateSigningKeys(dataDir: string): SigningKeys {
  const dir = join(dataDir, 'keys');
  const privatePath = join(dir, 'access-token.private.pem');
  const publicPath = join(dir, 'access-token.public.pem');
  if (existsSync(privatePath) && existsSync(publicPath)) {
    return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = generateSigningKeys();
  writeFileSync(privatePath, keys.privateKey, { mode: 0o600 });
  writeFileSync(publicPath, keys.publicKey, { mode: 0o644 });
  return keys;
}

/** The public key as a JSON Web Key Set, for clients that verify tokens themselves. */
export function publicJwks(publicKeyPem: string, kid = 'access-1') {
  // An exported key always names its type (RFC 7517 `kty`); Node's type leaves it optional.
  const jwk = createPublicKey(publicKeyPem).export({ format: 'jwk' }) as JsonWebKey & { kty: string };
  return { keys: [{ ...jwk, kid, alg: 'EdDSA', use: 'sig' }] };
}
