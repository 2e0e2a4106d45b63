import { type Account, type Role } from '../src/accounts/account.js';
import { assertMayGrant, assertMayManage, assertMayManageAccounts } from '../src/accounts/account-rules.js';
import { Forbidden } from '../src/shared/errors.js';

function someone(role: Role, id = role): Account {
  return {
    id,
    username: id,
    displayName: id,
    email: null,
    emailVerified: false,
    role,
    color: 'amber',
    locale: 'en',
    avatarId: null,
    canSharePublicly: true,
    passwordHash: null,
    hasIdentity: false,
    createdAt: new Date(0),
  };
}

const owner = someone('superadmin', 'owner');
const admin = someone('admin', 'admin');
const otherAdmin = someone('admin', 'other-admin');
const user = someone('user', 'user');
const otherUser = someone('user', 'other-user');

function outcome(check: () => void): string {
  try {
    check();
    return 'allowed';
  } catch (error) {
    if (error instanceof Forbidden) return error.code;
    throw error;
  }
}

describe('assertMayManageAccounts', () => {
  it('admits admins and the owner, not members', () => {
    expect(outcome(() => assertMayManageAccounts(owner))).toBe('allowed');
    expect(outcome(() => assertMayManageAccounts(admin))).toBe('allowed');
    expect(outcome(() => assertMayManageAccounts(user))).toBe('accounts.admins_only');
  });
});

describe('assertMayManage', () => {
  it('lets admins and the owner manage members', () => {
    expect(outcome(() => assertMayManage(admin, user))).toBe('allowed');
    expect(outcome(() => assertMayManage(owner, user))).toBe('allowed');
  });

  it('lets only the owner manage admins', () => {
    expect(outcome(() => assertMayManage(owner, admin))).toBe('allowed');
    expect(outcome(() => assertMayManage(admin, otherAdmin))).toBe('accounts.owner_manages_admins');
    expect(outcome(() => assertMayManage(admin, admin))).toBe('accounts.owner_manages_admins');
  });

  it('lets nobody manage the owner, not even the owner', () => {
    expect(outcome(() => assertMayManage(owner, owner))).toBe('accounts.owner_untouchable');
    expect(outcome(() => assertMayManage(admin, owner))).toBe('accounts.owner_untouchable');
    expect(outcome(() => assertMayManage(user, owner))).toBe('accounts.admins_only');
  });

  it('lets members manage nobody', () => {
    expect(outcome(() => assertMayManage(user, otherUser))).toBe('accounts.admins_only');
    expect(outcome(() => assertMayManage(user, user))).toBe('accounts.admins_only');
  });
});

describe('assertMayGrant', () => {
  it('never gives the owner role', () => {
    for (const actor of [owner, admin, user]) {
      expect(outcome(() => assertMayGrant(actor, 'superadmin'))).toBe('accounts.owner_not_assignable');
    }
  });

  it('lets only the owner make admins', () => {
    expect(outcome(() => assertMayGrant(owner, 'admin'))).toBe('allowed');
    expect(outcome(() => assertMayGrant(admin, 'admin'))).toBe('accounts.owner_manages_admins');
  });

  it('lets admins and the owner give the member role', () => {
    expect(outcome(() => assertMayGrant(owner, 'user'))).toBe('allowed');
    expect(outcome(() => assertMayGrant(admin, 'user'))).toBe('allowed');
  });
});
