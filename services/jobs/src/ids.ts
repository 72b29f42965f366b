const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in this service are uuids; anything else cannot be ours (and would fail a uuid column). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
