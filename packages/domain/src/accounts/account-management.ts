import { Conflict, IssueList, NotFound, Forbidden } from '../shared/errors.js';
import {
  DISGUISED_NAME_MESSAGE,
  hasControlCharacters,
  hasDisguisingCharacters,
  showsSomething,
} from '../shared/text.js';
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
import {
  assertMayGrant,
  assertMayManage,
  assertMayManageAccounts,
  assertMayRename,
} from './account-rules.js';
import type { Caller } from './caller.js';
import { checkNewPassword } from './passwords.js';
import { type IssuedLink, OneTimeLinks, revokePasswordLinks } from './setup-links.js';
import { normaliseEmail } from '../shared/email-address.js';
import type { AccountMail } from './account-mail.js';
import { CONFIRMATION_RESEND_SPACING_MS } from './address-confirmation.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { Repositories } from '../store.port.js';

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

/** A setup link as the admin gets it: where it was mailed, and whether that failed. */
export interface HandedSetupLink extends IssuedLink {
  mailedTo?: string;
  mailError?: 'send_failed';
  /** The mail server's words when sending failed (for the log, not the answer). */
  mailFailure?: string;
}

export interface CreatedAccount {
  account: Account;
  setupLink: HandedSetupLink | null;
}

/** A fresh setup link: mail it (to `email`, which becomes the account's address first), or not. */
export interface SetupLinkRequest {
  mail?: boolean | undefined;
  email?: string | undefined;
}

/** Least used colour of the palette, so new members are told apart at a glance. */
export function leastUsedColor(usage: Array<{ color: string; count: number }>): Color {
  const count = (c: Color) => usage.find((u) => u.color === c)?.count ?? 0;
  return [...COLORS].sort((a, b) => count(a) - count(b))[0] ?? 'amber';
}

/**
 * A display name is not blank (unless a blank one may fall back to the username), shows something
 * when it is not blank, and holds no control characters.
 */
export function checkDisplayName(
  name: string | undefined,
  location: string,
  issues: IssueList,
  blankAllowed = false,
): void {
  if (name === undefined) return;
  if (name.trim() === '' && !blankAllowed) issues.add(location, 'must not be empty');
  else if (name.trim() !== '' && !showsSomething(name)) issues.add(location, 'must hold a visible character');
  else if (hasControlCharacters(name)) issues.add(location, 'must not contain control characters');
  else if (hasDisguisingCharacters(name)) issues.add(location, DISGUISED_NAME_MESSAGE);
}

export interface AccountManagementDependencies extends CoreDependencies {
  /** Removes the picture file a deleted account's row queued for removal. */
  janitor: Pick<ImageJanitor, 'sweep'>;
  /** Invitations and address confirmations. */
  accountMail: AccountMail;
  outbox: MailOutbox;
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
    // An account without a password is one a setup link opens: that is for a signed-in session.
    if (input.password === undefined && caller.via === 'token') {
      throw new Forbidden(
        'accounts.setup_link_needs_session',
        'An account without a password is created from a signed-in session; an API token must give a password.',
      );
    }
    const issues = new IssueList();
    const username = tidyUsername(input.username);
    if (!USERNAME_PATTERN.test(username)) {
      issues.add('username', 'must be 1 to 64 letters, digits, dots, dashes or underscores');
    }
    const email = normaliseEmail(input.email, 'email', issues);
    checkDisplayName(input.displayName, 'displayName', issues, true);
    if (input.password !== undefined) checkNewPassword(input.password, 'password', issues);
    issues.throwIfAny();

    const passwordHash = input.password === undefined ? null : await hasher.hash(input.password);
    const created = await store.transaction(async (tx) => {
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
      // Without a password the account gets a setup link (mailed below, when it can be); with one,
      // an address the admin set is confirmed through its own mail.
      const setupLink = passwordHash ? null : await this.links.issueSetupLink(account, tx, account.email);
      if (passwordHash && account.email) await this.queueConfirmation(tx, account);
      return { account, setupLink };
    });
    if (passwordHash) this.deps.outbox.deliverSoon();
    if (!created.setupLink || !created.account.email) return created;
    return {
      account: created.account,
      setupLink: await this.mailSetupLink(created.account, created.setupLink, created.account.email, caller),
    };
  }

  async update(caller: Caller, id: string, change: AccountUpdate): Promise<Account> {
    const { store, clock, hasher } = this.deps;
    const target = await this.find(id);
    assertMayManage(caller.account, target);
    if (change.role !== undefined) assertMayGrant(caller.account, change.role);
    if (change.displayName !== undefined || change.color !== undefined) assertMayRename(caller.account);
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
    const addressChanged = email !== undefined && email !== target.email;
    const result = await store.transaction(async (tx) => {
      const updated = await tx.accounts.update(id, {
        role: change.role,
        displayName: change.displayName?.trim(),
        color: change.color,
        canSharePublicly: change.canSharePublicly,
        passwordHash,
        ...(email !== undefined && email !== target.email ? { email, emailVerified: false } : {}),
      });
      if (!updated) throw accountNotFound();
      // A password set by an admin signs the account out everywhere and ends its open setup and reset links.
      if (passwordHash) {
        await tx.sessions.deleteAllOf(id);
        await revokePasswordLinks(tx, id, clock.now());
      }
      if (addressChanged) await tx.links.revokeMailed(id, clock.now());
      if (addressChanged && updated.email) await this.queueConfirmation(tx, updated);
      return updated;
    });
    if (addressChanged) this.deps.outbox.deliverSoon();
    return result;
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

  /**
   * A fresh setup link, replacing any open one. `email` sets the person's address first (under the
   * same rank rule; a changed address is unconfirmed). Unless `mail` is false, and when mail can go
   * out, the link is mailed to the account's address, and redeeming it confirms that address;
   * with `mail: false` a changed address gets a confirmation mail instead.
   */
  async issueSetupLink(caller: Caller, id: string, request: SetupLinkRequest = {}): Promise<HandedSetupLink> {
    const { store, clock } = this.deps;
    let target = await this.find(id);
    assertMayManage(caller.account, target);
    if (target.passwordHash) {
      throw new Conflict('accounts.has_password', 'This account already has a password.');
    }
    const issues = new IssueList();
    const email = normaliseEmail(request.email, 'email', issues);
    issues.throwIfAny();
    const mailIt = request.mail !== false;
    const addressChanged = email !== undefined && email !== target.email;
    const link = await store.transaction(async (tx) => {
      if (addressChanged) {
        target = (await tx.accounts.update(id, { email, emailVerified: false })) ?? target;
        await tx.links.revokeMailed(id, clock.now());
        if (!mailIt && target.email) await this.queueConfirmation(tx, target);
      }
      return this.links.issueSetupLink(target, tx, mailIt ? target.email : null);
    });
    if (addressChanged && !mailIt) this.deps.outbox.deliverSoon();
    if (!mailIt || !target.email) return link;
    return this.mailSetupLink(target, link, target.email, caller);
  }

  /** Mails a setup link while the admin waits; the link is theirs to copy whatever happens. */
  private async mailSetupLink(
    account: Account,
    link: IssuedLink,
    to: string,
    caller: Caller,
  ): Promise<HandedSetupLink> {
    const sent = await this.deps.accountMail.sendInvitation(account, link, to, caller.account);
    // A link that was not mailed vouches for no address: opened by hand, it confirms nothing.
    if (!sent || sent.mailError)
      await this.deps.store.links.setAddress(this.deps.secrets.digest(link.token), null);
    if (!sent) return link;
    return {
      ...link,
      mailedTo: sent.mailedTo,
      ...(sent.mailError ? { mailError: sent.mailError } : {}),
      ...(sent.failure ? { mailFailure: sent.failure } : {}),
    };
  }

  /** Queues a confirmation for an address an admin set, at most one a minute per account. */
  private async queueConfirmation(tx: Repositories, account: Account): Promise<void> {
    const now = this.deps.clock.now();
    if (
      await tx.accounts.claimMailSlot(account.id, 'address_confirmation', now, CONFIRMATION_RESEND_SPACING_MS)
    ) {
      return;
    }
    await this.deps.accountMail.queueConfirmation(tx, account);
  }

  /**
   * Closes the account's open setup link, if there is one: the contract's DELETE answers its empty
   * 204 always, so a revoke repeated (or after the link was used or lapsed) is no error.
   */
  async revokeSetupLink(caller: Caller, id: string): Promise<void> {
    const target = await this.find(id);
    assertMayManage(caller.account, target);
    await this.deps.store.links.revokeOpen(id, ['setup'], this.deps.clock.now());
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
