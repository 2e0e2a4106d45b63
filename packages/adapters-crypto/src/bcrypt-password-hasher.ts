import { hash, hashSync, verify } from '@node-rs/bcrypt';
import type { PasswordHasher } from '@larder/domain';

const MAX_BYTES = 72;

/**
 * bcrypt through `@node-rs/bcrypt`, hashing off the event loop. Inputs over
 * 72 bytes never match instead of being cut silently.
 */
export class BcryptPasswordHasher implements PasswordHasher {
  readonly dummyHash: string;

  constructor(private readonly cost = 10) {
    if (cost < 10) throw new Error('bcrypt cost must be at least 10');
    this.dummyHash = hashSync('larder-dummy-password-nobody-knows', cost);
  }

  async hash(password: string): Promise<string> {
    if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) throw new Error('password over 72 bytes');
    return hash(password, this.cost);
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) {
      await verify('', this.dummyHash);
      return false;
    }
    try {
      return await verify(password, encoded);
    } catch {
      return false;
    }
  }
}
