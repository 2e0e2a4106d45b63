import type { ApiTokens } from '@larder/domain';
import { CreateTokenInputBody } from '../schemas/token.schemas.js';
import { type AnyOperation, SESSION, operation } from './operation.js';
import { idParam } from './params.js';
import { presentToken } from './presenters/token.presenter.js';

export interface TokenServices {
  tokens: ApiTokens;
}

/** API tokens for scripts and assistants: made, listed and revoked by signed-in members. */
export function tokenOperations({ tokens }: TokenServices): AnyOperation[] {
  return [
    operation({
      id: 'create-api-token',
      summary: 'Create an API token',
      description:
        'The raw token is in this answer only; it cannot be read again. Send it as `Authorization: Bearer lrd_…`.',
      tag: 'tokens',
      access: SESSION,
      input: { body: CreateTokenInputBody },
      output: { status: 201, schema: 'CreatedAPIToken' },
      errors: [401, 403, 422],
      run: async ({ caller }, { body }) => {
        const created = await tokens.create(caller, body);
        return { ...presentToken(created), token: created.token };
      },
    }),

    operation({
      id: 'list-api-tokens',
      summary: 'List API tokens',
      description: "A member's own tokens; admins and the owner see every token of the household.",
      tag: 'tokens',
      access: SESSION,
      input: {},
      output: { status: 200, schema: 'APITokenList' },
      errors: [401, 403],
      run: async ({ caller }) => ({ items: (await tokens.list(caller)).map(presentToken) }),
    }),

    operation({
      id: 'delete-api-token',
      summary: 'Revoke an API token',
      description:
        'Revokes a token at once: its next request is a 401. Members revoke their own; admins and the owner those of members they manage.',
      tag: 'tokens',
      access: SESSION,
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404],
      run: async ({ caller }, { id }) => {
        await tokens.revoke(caller, id);
      },
    }),
  ];
}
