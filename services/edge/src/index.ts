export { EdgeConfigSchema, type EdgeConfig } from './config';
export { startEdge, type Edge, type EdgeOptions, type EmbeddedHost, type StartTask } from './edge';
