export * from './image-header.js';
export * from './disk-image-store.js';
export * from './s3-image-store.js';
export * from './create-image-store.js';
export * from './worker-pool.js';
export * from './jimp-image-renderer.js';
export * from './sharp-image-renderer.js';
export * from './create-image-renderer.js';
