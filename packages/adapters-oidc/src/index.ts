export * from './open-id-connect-provider.js';
