import type { Account, HandedSetupLink, ManagedAccount } from '@larder/domain';

/** The signed-in account (`UserResponse`); `confirmationPending` from `OwnAccount.confirmationPending`. */
export function presentSelf(account: Account, confirmationPending: boolean) {
  return { ...presentAccount(account), emailConfirmationPending: confirmationPending };
}

function presentAccount(account: Account) {
  return {
    id: account.id,
    username: account.username,
    displayName: account.displayName,
    role: account.role,
    color: account.color,
    locale: account.locale,
    canSharePublicly: account.canSharePublicly,
    avatarId: account.avatarId,
    email: account.email ?? '',
    emailVerified: account.emailVerified,
    hasPassword: account.passwordHash !== null,
  };
}

/** An account as account management shows it (`UserAccount`). */
export function presentManaged(account: Account, setupLinkExpiresAt: Date | null) {
  return {
    ...presentAccount(account),
    hasIdentity: account.hasIdentity,
    createdAt: account.createdAt.toISOString(),
    ...(setupLinkExpiresAt ? { setupLinkExpiresAt: setupLinkExpiresAt.toISOString() } : {}),
  };
}

export function presentManagedAccount(account: ManagedAccount) {
  return presentManaged(account, account.setupLinkExpiresAt);
}

export function presentSetupLink(link: HandedSetupLink) {
  return {
    path: link.path,
    expiresAt: link.expiresAt.toISOString(),
    ...(link.mailedTo ? { mailedTo: link.mailedTo } : {}),
    ...(link.mailError ? { mailError: link.mailError } : {}),
  };
}

export function presentPersonEntry(account: Account) {
  return {
    id: account.id,
    username: account.username,
    displayName: account.displayName,
    color: account.color,
    role: account.role,
    avatarId: account.avatarId,
  };
}
