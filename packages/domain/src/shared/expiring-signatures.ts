import type { CoreDependencies } from '../core-dependencies.js';

/** A signed token: its expiry (seconds since 1970, base 36), a dot, and an HMAC-SHA-256 (base64url). */
export const SIGNED_TOKEN_PATTERN = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

/** A token issued, with the moment it stops holding (whole seconds). */
export interface SignedToken {
  token: string;
  expiresAt: Date;
}

/**
 * Short-lived tokens that prove this installation said yes to one thing (a recipe's preview, a
 * draft's photo) until a moment: an HMAC over the purpose, the subject and the expiry, under a key
 * the installation makes once and keeps in the database. Nothing is stored per token, and tokens
 * hold on every app server and across restarts.
 */
export class ExpiringSignatures {
  private key: Promise<string> | undefined;

  /**
   * @param keyName the key's name among the application's secrets
   * @param purpose written into every signature, so a token of one purpose never holds for another
   */
  constructor(
    private readonly deps: Pick<CoreDependencies, 'store' | 'clock' | 'secrets'>,
    private readonly keyName: string,
    private readonly purpose: string,
  ) {}

  /** A token for `subject` that holds until `expiresAt` (rounded up to the second). */
  async issue(subject: string, expiresAt: Date): Promise<SignedToken> {
    const expiry = Math.ceil(expiresAt.getTime() / 1000).toString(36);
    return {
      token: `${expiry}.${await this.signature(subject, expiry)}`,
      expiresAt: new Date(parseInt(expiry, 36) * 1000),
    };
  }

  /** Whether `token` was issued by this installation for `subject` and has not expired. */
  async holds(subject: string, token: unknown): Promise<boolean> {
    if (typeof token !== 'string') return false;
    const match = SIGNED_TOKEN_PATTERN.exec(token);
    if (!match) return false;
    const [, expiry = '', signature = ''] = match;
    if (parseInt(expiry, 36) * 1000 <= this.deps.clock.now().getTime()) return false;
    return this.deps.secrets.sameSecret(signature, await this.signature(subject, expiry));
  }

  private async signature(subject: string, expiry: string): Promise<string> {
    return this.deps.secrets.sign(await this.signingKey(), `${this.purpose}\n${subject}\n${expiry}`);
  }

  /** Made once for the whole installation; read once per process (it never changes). */
  private signingKey(): Promise<string> {
    const { store, clock, secrets } = this.deps;
    this.key ??= store.appSecrets
      .getOrCreate(this.keyName, secrets.randomToken(32), clock.now())
      .catch((error) => {
        this.key = undefined;
        throw error;
      });
    return this.key;
  }
}
