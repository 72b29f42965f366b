// The runtime list of remotes, served by the edge at /remotes/manifest.json:
//   { "remotes": [ { "name": "catalogue", "entry": "/remotes/catalogue/mf-manifest.json" }, ... ] }
// Moving or versioning a remote means editing that file; the shell is never rebuilt for it.
import { isRemoteName, type RemoteName } from '@marketplace/ui';

export const REMOTE_MANIFEST_URL = '/remotes/manifest.json';

export interface RemoteManifestEntry {
  name: RemoteName;
  /** Absolute URL of the remote's mf-manifest.json (or remoteEntry.js). */
  entry: string;
}

export interface RemoteManifest {
  remotes: RemoteManifestEntry[];
}

export class RemoteManifestError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RemoteManifestError';
  }
}

/**
 * Validates the manifest. Entries are resolved against the manifest's own URL, so both
 * "/remotes/catalogue/mf-manifest.json" and "catalogue/mf-manifest.json" work. Unknown remote names
 * are skipped (a newer edge may list remotes this shell does not route to yet).
 */
export function parseRemoteManifest(json: unknown, manifestUrl: string): RemoteManifest {
  const list = (json as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(list)) throw new RemoteManifestError('Remote manifest has no "remotes" list');
  const remotes: RemoteManifestEntry[] = [];
  for (const item of list) {
    const { name, entry } = (item ?? {}) as { name?: unknown; entry?: unknown };
    if (typeof name !== 'string' || typeof entry !== 'string' || entry === '') {
      throw new RemoteManifestError(`Remote manifest entry is invalid: ${JSON.stringify(item)}`);
    }
    if (!isRemoteName(name)) continue;
    remotes.push({ name, entry: new URL(entry, manifestUrl).href });
  }
  return { remotes };
}

export async function fetchRemoteManifest(
  url: string = REMOTE_MANIFEST_URL,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<RemoteManifest> {
  const absolute = new URL(url, window.location.href).href;
  let response: Response;
  try {
    response = await fetchImpl(absolute, { cache: 'no-cache', headers: { accept: 'application/json' } });
  } catch (cause) {
    throw new RemoteManifestError(`Remote manifest ${absolute} could not be fetched`, { cause });
  }
  if (!response.ok) throw new RemoteManifestError(`Remote manifest ${absolute} answered ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    throw new RemoteManifestError(`Remote manifest ${absolute} is not JSON`, { cause });
  }
  return parseRemoteManifest(json, absolute);
}
