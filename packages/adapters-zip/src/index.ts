export * from './entry-names.js';
export * from './yazl-zip-archives.js';
