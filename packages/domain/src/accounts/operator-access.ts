import type { CoreDependencies } from '../core-dependencies.js';
import { NotFound } from '../shared/errors.js';
import type { Account } from './account.js';
import type { ManagedAccount } from './account-store.port.js';
import type { LinkPurpose } from './one-time-link-store.port.js';
import { type IssuedLink, OneTimeLinks } from './setup-links.js';

/** A link the operator hands to a member who cannot get in otherwise. */
export interface HandedLink {
  account: Account;
  /** `setup` (one week) for an account without a password, `reset` (one hour) for one with. */
  purpose: Extract<LinkPurpose, 'setup' | 'reset'>;
  link: IssuedLink;
}

/**
 * What the operator does from the server's command line when no web page can help: see who has an
 * account, and hand a member (the owner above all, with a lost password and mail off) a fresh link
 * to choose a password. Whoever runs the command on the server already holds the database, so no
 * caller is checked here; the command line is the door.
 */
export class OperatorAccess {
  private readonly links: OneTimeLinks;

  constructor(private readonly deps: Pick<CoreDependencies, 'store' | 'clock' | 'secrets'>) {
    this.links = new OneTimeLinks(deps);
  }

  /** Every account, the owner first, with the expiry of an open setup link. */
  async accounts(): Promise<ManagedAccount[]> {
    const all = await this.deps.store.accounts.list(this.deps.clock.now());
    return [...all].sort((a, b) => Number(b.role === 'superadmin') - Number(a.role === 'superadmin'));
  }

  async linkForOwner(): Promise<HandedLink> {
    const owner = await this.deps.store.accounts.owner();
    if (!owner)
      throw new NotFound('accounts.no_owner', 'There is no owner yet: start the service once to create it.');
    return this.linkFor(owner);
  }

  async linkForUser(username: string): Promise<HandedLink> {
    const account = await this.deps.store.accounts.byUsername(username);
    if (!account) throw new NotFound('accounts.not_found', `No account is called ${username}.`);
    return this.linkFor(account);
  }

  /** A setup link for an account without a password; a reset link (shorter-lived) for one with. */
  private async linkFor(account: Account): Promise<HandedLink> {
    const purpose = account.passwordHash ? 'reset' : 'setup';
    return { account, purpose, link: await this.links.issue(account, purpose) };
  }
}
