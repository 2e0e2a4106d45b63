import { IssueList } from '../shared/errors.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { LinkPurpose } from './one-time-link-store.port.js';
import { type Account, sameAddress } from './account.js';
import { checkNewPassword } from './passwords.js';
import { OneTimeLinks, deadLink, revokePasswordLinks } from './setup-links.js';
import { type SignedIn, SignInService } from '../sessions/sign-in.js';

/** Redeeming a setup (or reset) link: choose a password, and be signed in. */
export class AccountSetup {
  private readonly links: OneTimeLinks;
  private readonly signIn: SignInService;

  constructor(private readonly deps: CoreDependencies) {
    this.links = new OneTimeLinks(deps);
    this.signIn = new SignInService(deps);
  }

  async inspect(token: string): Promise<{ account: Account; purpose: LinkPurpose }> {
    const { account, purpose } = await this.links.inspect(token);
    return { account, purpose };
  }

  /**
   * Sets the password and signs in. The link is used once: of two concurrent
   * redemptions exactly one wins; the other sees a dead link. Every other
   * session of the account ends, and every other open setup or reset link; a
   * reset link ends the account's API tokens too (an ordinary password change
   * keeps them). A link mailed to the account's address (an invitation)
   * confirms that address, while it is still the account's.
   */
  async redeem(token: string, password: string): Promise<SignedIn> {
    const { store, clock, secrets, hasher } = this.deps;
    const issues = new IssueList();
    checkNewPassword(password, 'password', issues);
    issues.throwIfAny();
    const { account, purpose, address } = await this.links.inspect(token);
    const passwordHash = await hasher.hash(password);
    const updated = await store.transaction(async (tx) => {
      if (!(await tx.links.consume(secrets.digest(token), clock.now()))) throw deadLink();
      await tx.sessions.deleteAllOf(account.id);
      await revokePasswordLinks(tx, account.id, clock.now());
      // A reset is how a member takes back an account somebody else may hold: what they may have
      // made to get back in without the password goes too.
      if (purpose === 'reset') await tx.apiTokens.deleteAllOf(account.id);
      const current = await tx.accounts.byId(account.id);
      const confirms = address !== null && sameAddress(address, current?.email ?? null);
      const changed = await tx.accounts.update(account.id, {
        passwordHash,
        ...(confirms ? { emailVerified: true } : {}),
      });
      if (!changed) throw deadLink();
      return changed;
    });
    return this.signIn.startSession(updated);
  }
}
