const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The services' ids are uuids: anything else cannot be one of theirs, and is answered as unknown (or
 * bad input) rather than sent to a uuid column, where it would fail as a database error.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
