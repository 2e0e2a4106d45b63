import type { LinkPurpose, OneTimeLink } from './one-time-link-store.port.js';
import type { Repositories } from '../store.port.js';
import { NotFound } from '../shared/errors.js';
import { type CoreDependencies } from '../core-dependencies.js';
import { DAY_MS, HOUR_MS, addMs } from '../shared/time.js';
import type { Account } from './account.js';

/** A setup link stays valid for one week. */
export const SETUP_LINK_LIFETIME_MS = 7 * DAY_MS;
/** A password-reset link: one hour. */
export const RESET_LINK_LIFETIME_MS = HOUR_MS;
/** An address-confirmation link: 7 days. */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * DAY_MS;

const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  setup: SETUP_LINK_LIFETIME_MS,
  reset: RESET_LINK_LIFETIME_MS,
  confirm: CONFIRMATION_LINK_LIFETIME_MS,
};

export interface IssuedLink {
  /** Where the person opens it, relative to the service's base URL. */
  path: string;
  token: string;
  expiresAt: Date;
}

export function setupPath(token: string): string {
  return `/setup/${token}`;
}

/** Where an address-confirmation link opens: a page with one button (mail scanners follow links). */
export function confirmationPath(token: string): string {
  return `/confirm-email/${token}`;
}

const LINK_PATH: Record<LinkPurpose, (token: string) => string> = {
  setup: setupPath,
  // A reset link opens the setup page, which then asks for a new password.
  reset: setupPath,
  confirm: confirmationPath,
};

/** Issues one-time links; only their digests are stored. */
export class OneTimeLinks {
  constructor(private readonly deps: Pick<CoreDependencies, 'clock' | 'secrets' | 'store'>) {}

  /**
   * A fresh link of `purpose` for the account, replacing its open one of that purpose. `address`:
   * the address it will be mailed to, which redeeming it confirms.
   */
  async issue(
    account: Account,
    purpose: LinkPurpose,
    options: { repos?: Pick<Repositories, 'links'>; address?: string | null } = {},
  ): Promise<IssuedLink> {
    const { clock, secrets } = this.deps;
    const repos = options.repos ?? this.deps.store;
    const now = clock.now();
    const token = secrets.randomToken(32);
    const expiresAt = addMs(now, LINK_LIFETIME_MS[purpose]);
    await repos.links.replace({
      tokenDigest: secrets.digest(token),
      accountId: account.id,
      purpose,
      createdAt: now,
      expiresAt,
      usedAt: null,
      address: options.address ?? null,
    });
    return { path: LINK_PATH[purpose](token), token, expiresAt };
  }

  issueSetupLink(
    account: Account,
    repos?: Pick<Repositories, 'links'>,
    address?: string | null,
  ): Promise<IssuedLink> {
    return this.issue(account, 'setup', { ...(repos ? { repos } : {}), address: address ?? null });
  }

  /** The account, purpose and mailed address of an open link of one of `purposes`, or a 404 alike for every dead link. */
  async inspect(
    token: string,
    purposes: readonly LinkPurpose[] = ['setup', 'reset'],
  ): Promise<{ account: Account; purpose: LinkPurpose; address: string | null }> {
    const { store, clock, secrets } = this.deps;
    const link = await store.links.find(secrets.digest(token));
    const now = clock.now();
    if (!isOpenLink(link, now) || !purposes.includes(link.purpose)) throw deadLink();
    const account = await store.accounts.byId(link.accountId);
    if (!account) throw deadLink();
    return { account, purpose: link.purpose, address: link.address };
  }
}

/**
 * A password was set, however it was (by its holder, by an admin, through a setup or reset link):
 * every open link that could set another one is revoked, so a link waiting in a mailbox, an outbox
 * or a log no longer takes the account over.
 */
export function revokePasswordLinks(
  repos: Pick<Repositories, 'links'>,
  accountId: string,
  at: Date,
): Promise<number> {
  return repos.links.revokeOpen(accountId, ['setup', 'reset'], at);
}

/** Whether a link (as found, or not) may still be used at `at`: neither used nor expired. */
export function isOpenLink(link: OneTimeLink | null, at: Date): link is OneTimeLink {
  return link !== null && link.usedAt === null && link.expiresAt > at;
}

export function deadLink(): NotFound {
  return new NotFound('link.not_found', 'This link is unknown, used or expired.');
}
