import { type Caller, Forbidden, NotAuthenticated } from '@larder/domain';
import type { Access } from './operation.js';

/**
 * Refuses a caller the operation's access rule does not let in: nobody signed in or no API token
 * where one is needed (401), an API token where a session is needed, a token without the scope,
 * or a missing role (403).
 */
export function checkAccess(access: Access, caller: Caller | null): void {
  if (access.kind === 'public') return;
  if (!caller) throw new NotAuthenticated('access.sign_in_required', 'Sign in, or send an API token.');
  if (access.kind === 'session' && caller.via !== 'session') {
    throw new Forbidden(
      'access.session_required',
      'This operation needs a signed-in session; API tokens cannot use it.',
    );
  }
  if (access.kind === 'token' && caller.via !== 'token') {
    throw new NotAuthenticated('access.token_required', 'Send an API token (Authorization: Bearer …).');
  }
  if (access.kind !== 'session' && caller.via === 'token' && !caller.scopes?.includes(access.scope)) {
    throw new Forbidden('access.scope_missing', `This API token lacks the scope ${access.scope}.`);
  }
  if (access.roles && !access.roles.includes(caller.account.role)) {
    throw new Forbidden('access.role_required', `This operation is for ${rolesText(access.roles)} only.`);
  }
}

/** Whether a caller could pass the rule at all, judged by how they call (for listing what a token may use). */
export function mayCall(access: Access, caller: Caller): boolean {
  try {
    checkAccess(access, caller);
    return true;
  } catch {
    return false;
  }
}

function rolesText(roles: readonly string[]): string {
  const names = roles.map((r) => (r === 'superadmin' ? 'the owner' : `${r}s`));
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
