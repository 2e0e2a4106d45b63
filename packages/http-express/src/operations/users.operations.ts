import type { AccountManagement } from '@larder/domain';
import {
  CreateUserInputBody,
  IssueSetupLinkInputBody,
  UpdateUserInputBody,
} from '../schemas/account.schemas.js';
import { type AnyOperation, SESSION, operation, scoped } from './operation.js';
import { idParam } from './params.js';
import {
  presentManaged,
  presentManagedAccount,
  presentPersonEntry,
  presentSetupLink,
} from './presenters/account.presenter.js';

export interface UserServices {
  accounts: AccountManagement;
}

/** The household's accounts, as admins and the owner manage them, and everyone as others see them. */
export function userOperations({ accounts }: UserServices): AnyOperation[] {
  return [
    operation({
      id: 'list-users',
      summary: 'List the household accounts (admins)',
      description:
        "Every account with its role, address, sign-in methods and any open setup link's expiry. Admins and the owner; an API token needs users:read.",
      tag: 'users',
      access: scoped('users:read'),
      input: {},
      output: { status: 200, schema: 'UserAccountList' },
      errors: [401, 403],
      run: async ({ caller }) => ({ items: (await accounts.list(caller)).map(presentManagedAccount) }),
    }),

    operation({
      id: 'create-user',
      summary: 'Create an account (admins; only the owner creates admins)',
      description:
        'Without a password the answer carries a one-time setup link valid for one week; that is for a signed-in session, and an API token sending no password gets 403.',
      tag: 'users',
      access: scoped('users:write'),
      input: { body: CreateUserInputBody },
      output: { status: 201, schema: 'CreatedUserAccount' },
      errors: [401, 403, 409, 422],
      run: async ({ caller, log }, { body }) => {
        const created = await accounts.create(caller, body);
        const link = created.setupLink;
        if (link?.mailFailure)
          log.warn({ mailedTo: link.mailedTo, reply: link.mailFailure }, 'invitation not sent');
        return {
          ...presentManaged(created.account, link?.expiresAt ?? null),
          ...(link ? { setupLink: presentSetupLink(link) } : {}),
        };
      },
    }),

    operation({
      id: 'update-user',
      summary: "Change an account's role, profile or public sharing, or set its password",
      description:
        'Setting a password ends every session of the account and its open setup and reset links; changing the address revokes the links mailed to the old one. Nobody changes the owner here; only the owner changes admins, and display names and colours.',
      tag: 'users',
      access: scoped('users:write'),
      input: { path: { id: idParam }, body: UpdateUserInputBody },
      output: { status: 200, schema: 'UserAccount' },
      errors: [401, 403, 404, 409, 422],
      run: async ({ caller }, { id, body }) => {
        const updated = await accounts.update(caller, id, body);
        return presentManaged(updated, await accounts.setupLinkExpiry(id));
      },
    }),

    operation({
      id: 'delete-user',
      summary: 'Delete an account',
      description:
        "Deletes an account and its sessions, tokens and picture; its recipes and comments stay, shown as a former member's. Only ranks above the account may; nobody deletes the owner or themselves.",
      tag: 'users',
      access: scoped('users:write'),
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404],
      run: async ({ caller }, { id }) => {
        await accounts.delete(caller, id);
      },
    }),

    operation({
      id: 'issue-setup-link',
      summary: 'Issue a fresh one-time setup link, replacing any open one',
      description:
        'The body is optional. email sets the account’s address first (unconfirmed when it changes). Unless mail is false, ' +
        'and while mail with links can go out, the link is mailed to the account’s address while the request waits: ' +
        'mailedTo names it, and mailError is send_failed when sending failed (the link works by hand either way); ' +
        'redeeming a mailed link confirms the address. With mail false a changed address gets a confirmation mail instead.',
      tag: 'users',
      access: SESSION,
      input: { path: { id: idParam }, body: { ...IssueSetupLinkInputBody, optional: true } },
      output: { status: 201, schema: 'SetupLinkBody' },
      errors: [401, 403, 404, 409, 422],
      run: async ({ caller, log }, { id, body }) => {
        const link = await accounts.issueSetupLink(caller, id, body ?? {});
        if (link.mailFailure)
          log.warn({ mailedTo: link.mailedTo, reply: link.mailFailure }, 'invitation not sent');
        return presentSetupLink(link);
      },
    }),

    operation({
      id: 'revoke-setup-link',
      summary: "Revoke an account's open setup link",
      description:
        "Makes the account's open setup link useless at once; a new one can be issued. Answers 204 whether or not a link was open (a repeated revoke is no error); 404 only for an unknown account.",
      tag: 'users',
      access: SESSION,
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404],
      run: async ({ caller }, { id }) => {
        await accounts.revokeSetupLink(caller, id);
      },
    }),

    operation({
      id: 'list-people',
      summary: 'Everyone in the household, for any signed-in member',
      description:
        'Everyone in the household (username, display name, colour, role, avatar), for any signed-in member: who wrote what, who commented.',
      tag: 'users',
      access: scoped('users:read'),
      input: {},
      output: { status: 200, schema: 'PersonList' },
      errors: [401, 403],
      run: async () => ({ items: (await accounts.people()).map(presentPersonEntry) }),
    }),
  ];
}
