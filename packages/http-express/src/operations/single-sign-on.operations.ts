import type { SingleSignOn } from '@larder/domain';
import { type AnyOperation, PUBLIC, SESSION, operation } from './operation.js';
import { idParam } from './params.js';

export interface SingleSignOnServices {
  singleSignOn: SingleSignOn;
}

/**
 * Single sign-on as far as no browser travels: whether it is offered, and the account's
 * connection. The flow itself (start, callback) is a pair of REST redirects.
 */
export function singleSignOnOperations({ singleSignOn }: SingleSignOnServices): AnyOperation[] {
  return [
    operation({
      id: 'get-oidc',
      summary: 'Whether sign-in through an identity provider is offered',
      description:
        'Public: the sign-in page asks before anyone is signed in. The flow runs through POST /api/v1/auth/oidc/start, a form post the browser follows to the provider.',
      tag: 'auth',
      access: PUBLIC,
      input: {},
      output: { status: 200, schema: 'ProviderInfo' },
      errors: [],
      run: async () => singleSignOn.info(),
    }),

    operation({
      id: 'get-own-identity',
      summary: 'Whether the signed-in account is connected to the identity provider',
      description: 'When it was connected; 404 when it is not.',
      tag: 'auth',
      access: SESSION,
      input: {},
      output: { status: 200, schema: 'LinkedIdentity' },
      errors: [401, 403, 404],
      run: async ({ caller }) => ({
        linkedAt: (await singleSignOn.identityOf(caller)).linkedAt.toISOString(),
      }),
    }),

    operation({
      id: 'unlink-own-identity',
      summary: 'Disconnect the signed-in account from the identity provider',
      description:
        'Ends every other session of the account; this one stays. 409 while the account has no password: it would have no way left to sign in. 404 when it is not connected.',
      tag: 'auth',
      access: SESSION,
      input: {},
      output: { status: 204 },
      errors: [401, 403, 404, 409],
      run: async ({ caller }) => {
        await singleSignOn.disconnectOwn(caller);
      },
    }),

    operation({
      id: 'unlink-user-identity',
      summary: "Disconnect a member's account from the identity provider (admins)",
      description:
        'Under the rank rules of account management. Ends every session of the account. Allowed without a password: issue a setup link afterwards so they can sign in again.',
      tag: 'users',
      access: SESSION,
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404],
      run: async ({ caller }, { id }) => {
        await singleSignOn.disconnectAccount(caller, id);
      },
    }),
  ];
}
