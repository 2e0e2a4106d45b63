import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '@larder/domain';

/** Identifiers, tokens and digests from `node:crypto`. */
export class NodeSecrets implements Secrets {
  newId(): string {
    return randomUUID();
  }

  randomToken(bytes = 32): string {
    return randomBytes(Math.max(16, bytes)).toString('base64url');
  }

  digest(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }

  sameSecret(a: string, b: string): boolean {
    const left = Buffer.from(a, 'utf8');
    const right = Buffer.from(b, 'utf8');
    return left.length === right.length && timingSafeEqual(left, right);
  }

  sign(key: string, message: string): string {
    return createHmac('sha256', key).update(message, 'utf8').digest('base64url');
  }
}
