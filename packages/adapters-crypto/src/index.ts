export { BcryptPasswordHasher } from './bcrypt-password-hasher.js';
export { NodeSecrets } from './node-secrets.js';
export { SystemClock } from './system-clock.js';
