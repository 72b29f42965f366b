import type { BusLogger } from '../bus';

/** A bus logger that says nothing: for tests where NATS going away is the point, and its warnings expected. */
export const silentBusLogger: BusLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
