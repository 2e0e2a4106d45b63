export * from './smtp-mailer.js';
