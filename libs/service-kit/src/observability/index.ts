export * from './metrics';
export * from './plugin';
