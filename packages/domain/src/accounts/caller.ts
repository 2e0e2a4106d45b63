import type { Scope } from '../tokens/scopes.js';
import type { Account } from './account.js';

/** Who is calling, and how they proved it. */
export interface Caller {
  account: Account;
  via: 'session' | 'token';
  /** Digest of the session token, when signed in with a session. */
  sessionDigest?: string;
  /** Scopes of the API token, when calling with one. */
  scopes?: readonly Scope[];
}
