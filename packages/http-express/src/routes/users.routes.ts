import {
  AccountManagement,
  type AssignableRole,
  ImageJanitor,
  type Color,
  type Locale,
  type NewAccountInput,
} from '@larder/domain';
import {
  presentManaged,
  presentManagedAccount,
  presentPersonEntry,
  presentSetupLink,
} from '../presenters/account.presenter.js';

import { type RouteModule, idParam, signedIn } from './route-module.js';

interface UpdateBody {
  role?: AssignableRole;
  displayName?: string;
  color?: Color;
  email?: string;
  canSharePublicly?: boolean;
  password?: string;
}

export const userRoutes: RouteModule = ({ table, container }) => {
  const accounts = container.resolve(AccountManagement);

  table.add({
    method: 'get',
    path: '/api/v1/users',
    operationId: 'list-users',
    summary: 'List the household accounts (admins)',
    tag: 'users',
    access: { scope: 'users:read' },
    responses: { 200: { schema: 'UserAccountList' } },
    errors: [401, 403],
    handle: async ({ caller }) => ({
      items: (await accounts.list(signedIn(caller))).map(presentManagedAccount),
    }),
  });

  table.add<NewAccountInput & { color?: Color; locale?: Locale }>({
    method: 'post',
    path: '/api/v1/users',
    operationId: 'create-user',
    summary: 'Create an account (admins; only the owner creates admins)',
    description:
      'Without a password the answer carries a one-time setup link valid for one week. API tokens must send a password.',
    tag: 'users',
    access: { scope: 'users:write' },
    body: { schema: 'CreateInputBody' },
    responses: { 201: { schema: 'CreatedUserAccount' } },
    errors: [401, 403, 409, 422],
    handle: async ({ caller, body }) => {
      const created = await accounts.create(signedIn(caller), body);
      const link = created.setupLink;
      return {
        ...presentManaged(created.account, link?.expiresAt ?? null),
        ...(link ? { setupLink: presentSetupLink(link) } : {}),
      };
    },
  });

  table.add<UpdateBody>({
    method: 'patch',
    path: '/api/v1/users/:id',
    operationId: 'update-user',
    summary: "Change an account's role, profile or public sharing, or set its password",
    description:
      'Setting a password ends every session of the account. Nobody changes the owner here; only the owner changes admins.',
    tag: 'users',
    access: { scope: 'users:write' },
    params: { id: idParam },
    body: { schema: 'UpdateInputBody' },
    responses: { 200: { schema: 'UserAccount' } },
    errors: [401, 403, 404, 409, 422],
    handle: async ({ caller, params, body }) => {
      const id = String(params['id']);
      const updated = await accounts.update(signedIn(caller), id, body);
      return presentManaged(updated, await accounts.setupLinkExpiry(id));
    },
  });

  table.add({
    method: 'delete',
    path: '/api/v1/users/:id',
    operationId: 'delete-user',
    summary: 'Delete an account',
    tag: 'users',
    access: { scope: 'users:write' },
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404],
    handle: async ({ caller, params }) => {
      await accounts.delete(signedIn(caller), String(params['id']));
      // The avatar's file was queued for removal with the account; remove it now.
      await container.resolve(ImageJanitor).sweep();
      return undefined;
    },
  });

  table.add<{ mail?: boolean; email?: string }>({
    method: 'post',
    path: '/api/v1/users/:id/setup-link',
    operationId: 'issue-setup-link',
    summary: 'Issue a fresh one-time setup link, replacing any open one',
    tag: 'users',
    access: 'session',
    params: { id: idParam },
    body: { schema: 'IssueSetupLinkInputBody', optional: true },
    responses: { 201: { schema: 'SetupLinkBody' } },
    errors: [401, 403, 404, 409, 422],
    handle: async ({ caller, params }) =>
      presentSetupLink(await accounts.issueSetupLink(signedIn(caller), String(params['id']))),
  });

  table.add({
    method: 'delete',
    path: '/api/v1/users/:id/setup-link',
    operationId: 'revoke-setup-link',
    summary: "Revoke an account's open setup link",
    tag: 'users',
    access: 'session',
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404],
    handle: async ({ caller, params }) => {
      await accounts.revokeSetupLink(signedIn(caller), String(params['id']));
      return undefined;
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/people',
    operationId: 'list-people',
    summary: 'Everyone in the household, for any signed-in member',
    tag: 'users',
    access: { scope: 'users:read' },
    responses: { 200: { schema: 'PersonList' } },
    errors: [401, 403],
    handle: async () => ({ items: (await accounts.people()).map(presentPersonEntry) }),
  });
};
