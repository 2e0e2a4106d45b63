import type { SignInFlow, SignInFlowRepository, SignInIntent } from '@larder/domain';
import type { Executor } from './executor.js';

export class PostgresSignInFlowRepository implements SignInFlowRepository {
  constructor(private readonly db: Executor) {}

  async add(flow: SignInFlow): Promise<void> {
    await this.db
      .insertInto('sign_in_flows')
      .values({
        state_digest: flow.stateDigest,
        nonce: flow.nonce,
        code_verifier: flow.codeVerifier,
        intent: flow.intent,
        next_path: flow.nextPath,
        account_id: flow.accountId,
        setup_token_digest: flow.setupTokenDigest,
        browser_digest: flow.browserDigest,
        created_at: flow.createdAt,
        expires_at: flow.expiresAt,
      })
      .execute();
  }

  async take(stateDigest: string): Promise<SignInFlow | null> {
    // Deleting is taking: of two callbacks with one state, exactly one gets the row.
    const row = await this.db
      .deleteFrom('sign_in_flows')
      .where('state_digest', '=', stateDigest)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    return {
      stateDigest: row.state_digest,
      nonce: row.nonce,
      codeVerifier: row.code_verifier,
      intent: row.intent as SignInIntent,
      nextPath: row.next_path,
      accountId: row.account_id,
      setupTokenDigest: row.setup_token_digest,
      browserDigest: row.browser_digest,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    };
  }

  async deleteExpired(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('sign_in_flows')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
