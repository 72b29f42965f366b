// Uploaded images (profile photos, job images): a separate entry point, so that only the services that
// take uploads load sharp and file-type.
export * from './image-store';
export * from './document-store';
