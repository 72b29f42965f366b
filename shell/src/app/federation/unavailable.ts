// Marker for the stand-in module the errorLoadRemote plugin returns when a remote fails to load.
// Kept free of React so the runtime plugin (bundled in the entry chunk) can import it statically.
export const REMOTE_UNAVAILABLE = Symbol.for('marketplace.remote-unavailable');

export interface UnavailableMarker {
  [REMOTE_UNAVAILABLE]: true;
  remote: string;
  error: unknown;
}

export function isUnavailableModule(value: unknown): value is UnavailableMarker {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[REMOTE_UNAVAILABLE] === true
  );
}

/** `catalogue/routes` -> `catalogue` */
export function remoteNameFromId(id: string): string {
  return id.split('/')[0] ?? id;
}
