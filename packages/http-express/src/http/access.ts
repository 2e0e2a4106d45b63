import type { Caller, Scope } from '@larder/domain';
import { problem } from './problem.js';

/**
 * What a route demands of its caller:
 * - `public`: nobody needs to sign in;
 * - `session`: a signed-in session (API tokens are refused);
 * - `{ scope }`: a session, or an API token carrying that scope;
 * - `{ tokenScope }`: an API token with that scope, or a session.
 */
export type Access = 'public' | 'session' | { scope: Scope };

export function checkAccess(access: Access, caller: Caller | null): void {
  if (access === 'public') return;
  if (!caller) throw problem(401, 'Sign in, or send an API token.');
  if (access === 'session') {
    if (caller.via !== 'session')
      throw problem(403, 'This operation needs a signed-in session; API tokens cannot use it.');
    return;
  }
  if (caller.via === 'token' && !caller.scopes?.includes(access.scope)) {
    throw problem(403, `This API token lacks the scope ${access.scope}.`);
  }
}

/** The OpenAPI `security` requirement of an access rule. */
export function securityOf(access: Access): Array<Record<string, string[]>> | undefined {
  if (access === 'public') return undefined;
  if (access === 'session') return [{ session: [] }];
  return [{ session: [] }, { token: [access.scope] }];
}
