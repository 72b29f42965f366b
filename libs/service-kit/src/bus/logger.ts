/**
 * The few logging calls the bus needs. A pino logger fits as is; without one, warnings and errors go
 * to the console so a failing handler or an unreachable bus is never silent.
 */
export interface BusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A logger that can bind fields to every line (pino's and Fastify's loggers can). */
export type BindableLogger = BusLogger & { child?(bindings: Record<string, unknown>): BusLogger };

/**
 * The logger for handling one event: every line carries the event's correlation id as `reqId` (the
 * same field the request that caused it logged under, so one search follows a request from the
 * ingress into the consumers of every service), the event's id and type and the consumer.
 */
export function eventLogger(
  logger: BindableLogger,
  event: { id: string; type: string; correlationId: string },
  consumer?: string,
): BusLogger {
  const bindings = {
    reqId: event.correlationId,
    eventId: event.id,
    eventType: event.type,
    ...(consumer ? { consumer } : {}),
  };
  if (typeof logger.child === 'function') return logger.child(bindings);
  return {
    debug: (obj, msg) => logger.debug({ ...bindings, ...obj }, msg),
    info: (obj, msg) => logger.info({ ...bindings, ...obj }, msg),
    warn: (obj, msg) => logger.warn({ ...bindings, ...obj }, msg),
    error: (obj, msg) => logger.error({ ...bindings, ...obj }, msg),
  };
}

export const consoleBusLogger: BusLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (obj, msg) => console.warn(`[bus] ${msg ?? ''}`, obj),
  error: (obj, msg) => console.error(`[bus] ${msg ?? ''}`, obj),
};

export function errorInfo(err: unknown): { err: string } {
  return { err: err instanceof Error ? err.message : String(err) };
}
