import type { FlowSecrets } from './identity-provider.port.js';

export const SIGN_IN_INTENTS = ['login', 'link', 'setup'] as const;
/** login: sign a connected account in; link: connect the signed-in account; setup: finish an invited account. */
export type SignInIntent = (typeof SIGN_IN_INTENTS)[number];

/** A sign-in through the provider under way, remembered until the browser comes back. */
export interface SignInFlow {
  /** SHA-256 of the flow's `state`: what the callback is matched by. */
  stateDigest: string;
  nonce: FlowSecrets['nonce'];
  codeVerifier: FlowSecrets['codeVerifier'];
  intent: SignInIntent;
  /** The local path to return to. */
  nextPath: string;
  /** `link`: the account to connect. */
  accountId: string | null;
  /** `setup`: the digest of the setup link the account is finished through. */
  setupTokenDigest: string | null;
  /**
   * SHA-256 of the value the starting browser holds (its flow cookie): only that browser finishes
   * the flow, so nobody can hand theirs to another (signing a victim into the attacker's account,
   * or connecting the attacker's identity to the victim's).
   */
  browserDigest: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface SignInFlowRepository {
  add(flow: SignInFlow): Promise<void>;
  /** Takes the flow out (once: of two callbacks with one state, one gets it), whatever its expiry. */
  take(stateDigest: string): Promise<SignInFlow | null>;
  /** Removes flows that expired before `before`; answers how many. */
  deleteExpired(before: Date): Promise<number>;
}
