export const IDENTITY_PROVIDER = Symbol('IdentityProvider');

/** What a flow under way must remember until the browser comes back (kept in the database). */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in. */
export interface ProvenIdentity {
  /** The provider's issuer URL. */
  issuer: string;
  /** The provider's stable id of the person (`sub`). */
  subject: string;
  /** From userinfo (or the ID token); absent when the provider gives none. */
  email?: string | undefined;
  /** Whether the provider vouches for that address. */
  emailVerified: boolean;
}

/**
 * One OpenID Connect provider: authorization code flow with PKCE (S256), state and nonce, ID
 * token validation, and userinfo for the address. Discovery happens on first use and is retried
 * on later uses while it fails.
 *
 * Errors: `IdentityProviderFailed` for anything that goes wrong (provider down or misconfigured,
 * a state or nonce that does not match, an invalid token); its message is for the log only.
 */
export interface IdentityProvider {
  /** The name shown on the sign-in button. */
  readonly displayName: string;
  /** New secrets for a flow, and the provider address to send the browser to. */
  begin(redirectUri: string): Promise<{ authorizationUrl: string; secrets: FlowSecrets }>;
  /**
   * Finishes a flow from the full callback address the browser came back to, with the secrets
   * remembered for its `state`.
   */
  finish(callbackUrl: string, redirectUri: string, secrets: FlowSecrets): Promise<ProvenIdentity>;
}

export class IdentityProviderFailed extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityProviderFailed';
  }
}
