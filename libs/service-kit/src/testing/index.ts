export * from './test-database';
export * from './test-service';
export * from './free-port';
export * from './pglite-snapshot';
export * from './run-entry';
export * from './scrape-metrics';
export * from '../bus/nats-test-server';
export * from './silent-bus-logger';
