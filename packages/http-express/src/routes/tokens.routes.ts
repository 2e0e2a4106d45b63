import { ApiTokens, type NewApiToken } from '@larder/domain';

import { presentToken } from '../presenters/token.presenter.js';
import { type RouteModule, idParam, signedIn } from './route-module.js';

export const tokenRoutes: RouteModule = ({ table, container }) => {
  const tokens = container.resolve(ApiTokens);

  table.add<NewApiToken>({
    method: 'post',
    path: '/api/v1/tokens',
    operationId: 'create-api-token',
    summary: 'Create an API token',
    description:
      'The raw token is in this answer only; it cannot be read again. Send it as `Authorization: Bearer lrd_…`.',
    tag: 'tokens',
    access: 'session',
    body: { schema: 'CreateInputBody1' },
    responses: { 201: { schema: 'CreatedAPIToken' } },
    errors: [401, 403, 422],
    handle: async ({ caller, body }) => {
      const created = await tokens.create(signedIn(caller), body);
      return { ...presentToken(created), token: created.token };
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/tokens',
    operationId: 'list-api-tokens',
    summary: 'List API tokens',
    description: "A member's own tokens; admins and the owner see every token of the household.",
    tag: 'tokens',
    access: 'session',
    responses: { 200: { schema: 'APITokenList' } },
    errors: [401, 403],
    handle: async ({ caller }) => ({ items: (await tokens.list(signedIn(caller))).map(presentToken) }),
  });

  table.add({
    method: 'delete',
    path: '/api/v1/tokens/:id',
    operationId: 'delete-api-token',
    summary: 'Revoke an API token',
    tag: 'tokens',
    access: 'session',
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404],
    handle: async ({ caller, params }) => {
      await tokens.revoke(signedIn(caller), String(params['id']));
      return undefined;
    },
  });
};
