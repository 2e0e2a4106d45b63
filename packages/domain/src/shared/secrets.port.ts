export const SECRETS = Symbol('Secrets');

/** Identifiers, unguessable tokens and their one-way digests. */
export interface Secrets {
  /** A new unique identifier for a stored thing (recipe, account, photo …). */
  newId(): string;
  /** A random URL-safe token carrying at least `bytes` × 8 bits of entropy. */
  randomToken(bytes?: number): string;
  /** SHA-256 of a token, hex encoded: what the database keeps instead of the token. */
  digest(token: string): string;
  /** Compares two strings in constant time. */
  sameSecret(a: string, b: string): boolean;
  /** HMAC-SHA-256 of `message` under `key`, base64url encoded. */
  sign(key: string, message: string): string;
}

export const PASSWORD_HASHER = Symbol('PasswordHasher');

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** A hash of nothing anybody knows, verified for unknown users so timing tells nothing. */
  readonly dummyHash: string;
}
