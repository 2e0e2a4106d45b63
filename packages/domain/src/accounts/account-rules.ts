import { Forbidden } from '../shared/errors.js';
import { type Account, type Role, isAdmin, isOwner, rankOf } from './account.js';

/**
 * Who may manage whom. Admins manage members; only the owner touches admins;
 * nobody changes the owner through account management.
 */
export function assertMayManageAccounts(actor: Account): void {
  if (!isAdmin(actor)) throw new Forbidden('accounts.admins_only', 'Only admins manage accounts.');
}

export function assertMayManage(actor: Account, target: Account): void {
  assertMayManageAccounts(actor);
  if (isOwner(target)) {
    throw new Forbidden('accounts.owner_untouchable', 'The owner account cannot be changed here.');
  }
  if (rankOf(target.role) >= rankOf('admin') && !isOwner(actor)) {
    throw new Forbidden('accounts.owner_manages_admins', 'Only the owner manages admins.');
  }
}

/** Another member's display name and colour are the owner's to change; each member has their profile. */
export function assertMayRename(actor: Account): void {
  if (!isOwner(actor)) {
    throw new Forbidden(
      'accounts.profile_owner_only',
      "Only the owner changes another account's display name and colour.",
    );
  }
}

export function assertMayGrant(actor: Account, role: Role): void {
  if (role === 'superadmin') {
    throw new Forbidden('accounts.owner_not_assignable', 'The owner role cannot be given.');
  }
  if (role === 'admin' && !isOwner(actor)) {
    throw new Forbidden('accounts.owner_manages_admins', 'Only the owner makes admins.');
  }
}
