export { EdgeConfigSchema, type EdgeConfig } from './config';
export { startEdge, type Edge } from './edge';
