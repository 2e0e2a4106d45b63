import type { CoreDependencies } from '../core-dependencies.js';
import { type Account, USERNAME_PATTERN } from './account.js';
import { checkNewPassword } from './passwords.js';
import { IssueList } from '../shared/errors.js';
import { type IssuedLink, OneTimeLinks } from './setup-links.js';

export interface OwnerBootstrapResult {
  created: boolean;
  owner: Account | null;
  /** When the owner was created without a password: the one-time link to choose one. */
  setupLink: IssuedLink | null;
}

/**
 * On an empty instance, creates the owner (with a setup link when no password
 * is configured). Safe when two instances start at
 * once: the database admits a single owner, and the loser creates nothing.
 */
export async function ensureOwner(
  deps: CoreDependencies,
  username: string,
  password: string | undefined,
): Promise<OwnerBootstrapResult> {
  const { store, clock, secrets, hasher } = deps;
  if ((await store.accounts.count()) > 0) {
    // An owner who never chose a password gets a fresh link at every start, so
    // a lost or expired link is never a dead end. Only its digest is stored,
    // which is why the old one cannot simply be shown again.
    const owner = await store.accounts.owner();
    if (!owner || owner.passwordHash) return { created: false, owner, setupLink: null };
    return { created: false, owner, setupLink: await new OneTimeLinks(deps).issueSetupLink(owner) };
  }
  const issues = new IssueList();
  if (!USERNAME_PATTERN.test(username)) issues.add('SERVICE_ADMIN_USER', 'is not a valid username');
  if (password !== undefined) checkNewPassword(password, 'SERVICE_ADMIN_PASSWORD', issues);
  issues.throwIfAny();
  const passwordHash = password === undefined ? null : await hasher.hash(password);
  const links = new OneTimeLinks(deps);
  return store.transaction(async (tx) => {
    const owner: Account = {
      id: secrets.newId(),
      username,
      displayName: username,
      email: null,
      emailVerified: false,
      role: 'superadmin',
      color: 'amber',
      locale: 'en',
      avatarId: null,
      canSharePublicly: true,
      passwordHash,
      hasIdentity: false,
      createdAt: clock.now(),
    };
    if (!(await tx.accounts.insert(owner))) return { created: false, owner: null, setupLink: null };
    const setupLink = passwordHash ? null : await links.issueSetupLink(owner, tx);
    return { created: true, owner, setupLink };
  });
}
