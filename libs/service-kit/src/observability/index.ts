export * from './metrics';
export * from './plugin';
export * from './exposition';
