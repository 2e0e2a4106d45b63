import { Conflict, IssueList, NotFound, Forbidden } from '../shared/errors.js';
import { hasControlCharacters } from '../shared/text.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { ImageJanitor } from '../photos/image-janitor.js';
import type { ManagedAccount } from './account-store.port.js';
import {
  type Account,
  type AssignableRole,
  COLORS,
  type Color,
  type Locale,
  USERNAME_PATTERN,
  tidyUsername,
} from './account.js';
import { assertMayGrant, assertMayManage, assertMayManageAccounts } from './account-rules.js';
import type { Caller } from './caller.js';
import { checkNewPassword } from './passwords.js';
import { type IssuedLink, OneTimeLinks } from './setup-links.js';

export interface NewAccountInput {
  username: string;
  role: AssignableRole;
  displayName?: string | undefined;
  email?: string | undefined;
  color?: Color | undefined;
  locale?: Locale | undefined;
  password?: string | undefined;
}

export interface AccountUpdate {
  role?: AssignableRole | undefined;
  displayName?: string | undefined;
  color?: Color | undefined;
  email?: string | undefined;
  canSharePublicly?: boolean | undefined;
  password?: string | undefined;
}

export interface CreatedAccount {
  account: Account;
  setupLink: IssuedLink | null;
}

/** Least used colour of the palette, so new members are told apart at a glance. */
export function leastUsedColor(usage: Array<{ color: string; count: number }>): Color {
  const count = (c: Color) => usage.find((u) => u.color === c)?.count ?? 0;
  return [...COLORS].sort((a, b) => count(a) - count(b))[0] ?? 'amber';
}

export function normaliseEmail(
  email: string | undefined,
  location: string,
  issues: IssueList,
): string | null | undefined {
  if (email === undefined) return undefined;
  const trimmed = email.trim();
  if (trimmed === '') return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(trimmed) || hasControlCharacters(trimmed)) {
    issues.add(location, 'must be an email address');
  }
  return trimmed;
}

/** A display name is not blank (unless a blank one may fall back to the username) and holds no control characters. */
export function checkDisplayName(
  name: string | undefined,
  location: string,
  issues: IssueList,
  blankAllowed = false,
): void {
  if (name === undefined) return;
  if (name.trim() === '' && !blankAllowed) issues.add(location, 'must not be empty');
  else if (hasControlCharacters(name)) issues.add(location, 'must not contain control characters');
}

export interface AccountManagementDependencies extends CoreDependencies {
  /** Removes the picture file a deleted account's row queued for removal. */
  janitor: Pick<ImageJanitor, 'sweep'>;
}

/** Admins and the owner manage the household's accounts. */
export class AccountManagement {
  private readonly links: OneTimeLinks;

  constructor(private readonly deps: AccountManagementDependencies) {
    this.links = new OneTimeLinks(deps);
  }

  async list(caller: Caller): Promise<ManagedAccount[]> {
    assertMayManageAccounts(caller.account);
    return this.deps.store.accounts.list(this.deps.clock.now());
  }

  /** Everyone in the household, for any signed-in member to see who takes part. */
  async people(): Promise<Account[]> {
    return this.deps.store.accounts.list(this.deps.clock.now());
  }

  async create(caller: Caller, input: NewAccountInput): Promise<CreatedAccount> {
    const { store, clock, secrets, hasher } = this.deps;
    assertMayManageAccounts(caller.account);
    assertMayGrant(caller.account, input.role);
    const issues = new IssueList();
    const username = tidyUsername(input.username);
    if (!USERNAME_PATTERN.test(username)) {
      issues.add('username', 'must be 1 to 64 letters, digits, dots, dashes or underscores');
    }
    const email = normaliseEmail(input.email, 'email', issues);
    checkDisplayName(input.displayName, 'displayName', issues, true);
    if (input.password !== undefined) checkNewPassword(input.password, 'password', issues);
    if (input.password === undefined && caller.via === 'token') {
      issues.add('password', 'is required when an API token creates an account');
    }
    issues.throwIfAny();

    const passwordHash = input.password === undefined ? null : await hasher.hash(input.password);
    return store.transaction(async (tx) => {
      const account: Account = {
        id: secrets.newId(),
        username,
        displayName: input.displayName?.trim() || username,
        email: email ?? null,
        emailVerified: false,
        role: input.role,
        color: input.color ?? leastUsedColor(await tx.accounts.colorUsage()),
        locale: input.locale ?? 'en',
        avatarId: null,
        canSharePublicly: true,
        passwordHash,
        hasIdentity: false,
        createdAt: clock.now(),
      };
      if (!(await tx.accounts.insert(account))) {
        throw new Conflict('accounts.username_taken', `The username "${username}" is taken.`);
      }
      const setupLink = passwordHash ? null : await this.links.issueSetupLink(account, tx);
      return { account, setupLink };
    });
  }

  async update(caller: Caller, id: string, change: AccountUpdate): Promise<Account> {
    const { store, hasher } = this.deps;
    const target = await this.find(id);
    assertMayManage(caller.account, target);
    if (change.role !== undefined) assertMayGrant(caller.account, change.role);
    if (change.email !== undefined && caller.via !== 'session') {
      throw new Forbidden(
        'accounts.email_needs_session',
        'An address is set from a signed-in session, not with an API token.',
      );
    }
    const issues = new IssueList();
    const email = normaliseEmail(change.email, 'email', issues);
    if (change.password !== undefined) checkNewPassword(change.password, 'password', issues);
    checkDisplayName(change.displayName, 'displayName', issues);
    issues.throwIfAny();
    const passwordHash = change.password === undefined ? undefined : await hasher.hash(change.password);
    return store.transaction(async (tx) => {
      const updated = await tx.accounts.update(id, {
        role: change.role,
        displayName: change.displayName?.trim(),
        color: change.color,
        canSharePublicly: change.canSharePublicly,
        passwordHash,
        ...(email !== undefined && email !== target.email ? { email, emailVerified: false } : {}),
      });
      if (!updated) throw accountNotFound();
      // A password set by an admin signs the account out everywhere.
      if (passwordHash) await tx.sessions.deleteAllOf(id);
      return updated;
    });
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const target = await this.find(id);
    assertMayManage(caller.account, target);
    if (target.id === caller.account.id) {
      throw new Forbidden('accounts.self_delete', 'You cannot delete your own account.');
    }
    if (!(await this.deps.store.accounts.delete(id))) throw accountNotFound();
    // The avatar's file was queued for removal with the account; it goes now (or with a later sweep).
    await this.deps.janitor.sweep();
  }

  async issueSetupLink(caller: Caller, id: string): Promise<IssuedLink> {
    const target = await this.find(id);
    assertMayManage(caller.account, target);
    if (target.passwordHash) {
      throw new Conflict('accounts.has_password', 'This account already has a password.');
    }
    return this.links.issueSetupLink(target);
  }

  async revokeSetupLink(caller: Caller, id: string): Promise<void> {
    const target = await this.find(id);
    assertMayManage(caller.account, target);
    const revoked = await this.deps.store.links.revokeOpen(id, 'setup', this.deps.clock.now());
    if (revoked === 0) throw new NotFound('accounts.no_setup_link', 'This account has no open setup link.');
  }

  async setupLinkExpiry(id: string): Promise<Date | null> {
    return this.deps.store.links.openExpiry(id, 'setup', this.deps.clock.now());
  }

  private async find(id: string): Promise<Account> {
    const account = await this.deps.store.accounts.byId(id);
    if (!account) throw accountNotFound();
    return account;
  }
}

export function accountNotFound(): NotFound {
  return new NotFound('accounts.not_found', 'No such account.');
}
