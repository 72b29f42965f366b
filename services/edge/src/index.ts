export { EdgeConfigSchema, type EdgeConfig } from './config';
export { startEdge, type Edge } from './edge';
export { removeDemoData, DEMO_REMOVED_MARKER } from './demo-data';
