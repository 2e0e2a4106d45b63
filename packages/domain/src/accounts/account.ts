/** A member of the household and what they may do. */
export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that can be given through the API; the owner (`superadmin`) is created once, at first start. */
export const ASSIGNABLE_ROLES = ['user', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const COLORS = ['amber', 'clay', 'rose', 'plum', 'sage', 'olive', 'teal', 'slate'] as const;
export type Color = (typeof COLORS)[number];

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export interface Account {
  id: string;
  username: string;
  displayName: string;
  email: string | null;
  emailVerified: boolean;
  role: Role;
  color: Color;
  locale: Locale;
  avatarId: string | null;
  canSharePublicly: boolean;
  passwordHash: string | null;
  hasIdentity: boolean;
  createdAt: Date;
}

/** An account as the rest of the household sees it next to a recipe or comment. */
export interface PersonRef {
  id: string;
  username: string;
  displayName: string;
  color: string;
  avatarId: string | null;
}

export function personOf(account: Account): PersonRef {
  return {
    id: account.id,
    username: account.username,
    displayName: account.displayName,
    color: account.color,
    avatarId: account.avatarId,
  };
}

const RANK: Record<Role, number> = { user: 0, admin: 1, superadmin: 2 };

export function rankOf(role: Role): number {
  return RANK[role];
}

export function isOwner(account: { role: Role }): boolean {
  return account.role === 'superadmin';
}

export function isAdmin(account: { role: Role }): boolean {
  return RANK[account.role] >= RANK.admin;
}

/** Usernames: 1–64 letters, digits, dot, dash or underscore; compared without case. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{1,64}$/u;

/** A username as stored: composed (NFC), so `e` + U+0301 and `é` are one name. */
export function tidyUsername(username: string): string {
  return username.normalize('NFC').trim();
}

/**
 * What makes two usernames the same: compatibility forms folded (NFKC, so
 * full-width `ＯＷＮＥＲ` is `owner`) and case ignored.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}

/** Two addresses are the same when they differ only in letter case. */
export function sameAddress(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
}
