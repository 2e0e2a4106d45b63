import type { LinkPurpose } from './one-time-link-store.port.js';
import type { Repositories } from '../store.port.js';
import { NotFound } from '../shared/errors.js';
import { type CoreDependencies } from '../core-dependencies.js';
import { DAY_MS, addMs } from '../shared/time.js';
import type { Account } from './account.js';

/** A setup link stays valid for one week. */
export const SETUP_LINK_LIFETIME_MS = 7 * DAY_MS;

export interface IssuedLink {
  /** Where the invited person opens it, relative to the service's base URL. */
  path: string;
  token: string;
  expiresAt: Date;
}

export function setupPath(token: string): string {
  return `/setup/${token}`;
}

/** Issues one-time links; only their digests are stored. */
export class OneTimeLinks {
  constructor(private readonly deps: Pick<CoreDependencies, 'clock' | 'secrets' | 'store'>) {}

  async issueSetupLink(
    account: Account,
    repos: Pick<Repositories, 'links'> = this.deps.store,
  ): Promise<IssuedLink> {
    const { clock, secrets } = this.deps;
    const now = clock.now();
    const token = secrets.randomToken(32);
    const expiresAt = addMs(now, SETUP_LINK_LIFETIME_MS);
    await repos.links.replace({
      tokenDigest: secrets.digest(token),
      accountId: account.id,
      purpose: 'setup',
      createdAt: now,
      expiresAt,
      usedAt: null,
    });
    return { path: setupPath(token), token, expiresAt };
  }

  /** The account and purpose of an open link, or a 404 alike for every dead link. */
  async inspect(token: string): Promise<{ account: Account; purpose: LinkPurpose }> {
    const { store, clock, secrets } = this.deps;
    const link = await store.links.find(secrets.digest(token));
    const now = clock.now();
    if (!link || link.usedAt || link.expiresAt <= now || link.purpose === 'confirm') throw deadLink();
    const account = await store.accounts.byId(link.accountId);
    if (!account) throw deadLink();
    return { account, purpose: link.purpose };
  }
}

export function deadLink(): NotFound {
  return new NotFound('link.not_found', 'This link is unknown, used or expired.');
}
