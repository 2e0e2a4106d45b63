/** An account's identity at the household's provider. */
export interface ConnectedIdentity {
  accountId: string;
  issuer: string;
  subject: string;
  linkedAt: Date;
}

/** Accounts and their provider identities: at most one per account, one account per identity. */
export interface IdentityRepository {
  byIdentity(issuer: string, subject: string): Promise<ConnectedIdentity | null>;
  ofAccount(accountId: string): Promise<ConnectedIdentity | null>;
  /** Connects; false when the account or the identity is connected already. */
  connect(identity: ConnectedIdentity): Promise<boolean>;
  /** Disconnects the account; false when it had no identity. */
  disconnect(accountId: string): Promise<boolean>;
}
