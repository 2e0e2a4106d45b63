import type { Account, AccountSetup, OwnAccount, SignInService } from '@larder/domain';
import {
  ChangePasswordInputBody,
  LoginInputBody,
  SetupRedemptionBody,
  SetupTokenBody,
  UpdateProfileInputBody,
} from '../schemas/account.schemas.js';
import { str } from '../schemas/json-schema.js';
import { type AnyOperation, PUBLIC, SESSION, operation } from './operation.js';
import { presentSelf } from './presenters/account.presenter.js';

export interface AuthServices {
  signIn: SignInService;
  own: OwnAccount;
  setup: AccountSetup;
}

/** Signing in and out, the signed-in account itself, and redeeming setup links. */
export function authOperations({ signIn, own, setup }: AuthServices): AnyOperation[] {
  /** Whose a setup or reset link is, and what for. */
  const inspectLink = async (token: string) => {
    const { account, purpose } = await setup.inspect(token);
    return { username: account.username, displayName: account.displayName, purpose };
  };
  const self = async (account: Account) => presentSelf(account, await own.confirmationPending(account));
  return [
    operation({
      id: 'login',
      summary: 'Sign in with username and password',
      description:
        'Sets the `service_session` cookie, and `service_device`, which makes this device known to the username: brought to a later sign-in, it goes before guesses from elsewhere. Wrong passwords and unknown users answer the same 401; repeated failures for one username answer 429 with Retry-After.',
      tag: 'auth',
      access: PUBLIC,
      input: { body: LoginInputBody },
      output: { status: 200, schema: 'UserResponse', headers: ['Set-Cookie'] },
      errors: [401, 422, 429],
      run: async ({ session, clientAddress }, { body }) => {
        const signedIn = await signIn.login(body.username, body.password, clientAddress, session.knownDevice);
        session.start(signedIn);
        return self(signedIn.account);
      },
    }),

    operation({
      id: 'logout',
      summary: 'End the current session',
      description:
        'Deletes the session on the server and clears the cookie; the same cookie is refused from then on. Sessions only.',
      tag: 'auth',
      access: SESSION,
      input: {},
      output: { status: 204, headers: ['Set-Cookie'] },
      errors: [401],
      run: async ({ caller, session }) => {
        await signIn.logout(caller.sessionDigest ?? '');
        session.end();
      },
    }),

    operation({
      id: 'me',
      summary: 'The signed-in account',
      description:
        'The account of the session or token: username, role, names, colour, language, address and whether it is confirmed, avatar, and how it signs in.',
      tag: 'auth',
      access: SESSION,
      input: {},
      output: { status: 200, schema: 'UserResponse' },
      errors: [401, 403],
      run: async ({ caller }) => self(caller.account),
    }),

    operation({
      id: 'change-own-password',
      summary: "Change the signed-in account's password",
      description:
        'Needs the current password unless the account has none yet. Ends every other session of the account (this one stays) and its open setup and reset links. Wrong current passwords count in the login throttle of the username: past the limit it answers 429 with Retry-After.',
      tag: 'auth',
      access: SESSION,
      input: { body: ChangePasswordInputBody },
      output: { status: 204 },
      errors: [401, 403, 422, 429],
      run: async ({ caller, clientAddress }, { body }) => {
        await own.changePassword(caller, body.currentPassword, body.password, clientAddress);
      },
    }),

    operation({
      id: 'update-own-profile',
      summary: 'Change display name, colour, language or address',
      description:
        'Any of display name, colour, language and address, from a session. A new address is unconfirmed until its confirmation link (mailed when mail works) is used; an empty address removes it. A changed address revokes the links mailed to the old one (confirmation, reset, invitation).',
      tag: 'auth',
      access: SESSION,
      input: { body: UpdateProfileInputBody },
      output: { status: 200, schema: 'UserResponse' },
      errors: [401, 403, 422],
      run: async ({ caller }, { body }) => self(await own.updateProfile(caller, body)),
    }),

    operation({
      id: 'list-color-usage',
      summary: 'The colour palette and how many accounts hold each colour',
      description:
        'Every colour a member may take, with how many accounts have it, so a new member can pick one few others use.',
      tag: 'auth',
      access: SESSION,
      input: {},
      output: { status: 200, schema: 'ColorUsageOutputBody' },
      errors: [401, 403],
      run: async () => ({ items: await own.colorUsage() }),
    }),

    operation({
      id: 'inspect-setup-link',
      summary: 'Look up whom a setup link belongs to, without using it',
      description:
        'Says whose a setup or reset link is and what it is for (`setup` or `reset`) without using it; a used, expired or unknown link is a 404 alike.',
      tag: 'auth',
      access: PUBLIC,
      input: { body: SetupTokenBody },
      output: { status: 200, schema: 'InvitedAccount' },
      errors: [404, 422],
      run: async (_call, { body }) => inspectLink(body.token),
    }),

    operation({
      id: 'inspect-setup-link-by-address',
      summary: 'Look up whom a setup link belongs to, by an address',
      description:
        'The same answer as POST /api/v1/auth/setup/inspect, for the link whose token is in the query (the last part of the link).',
      tag: 'auth',
      access: PUBLIC,
      input: {
        query: {
          token: {
            schema: str({ minLength: 1, maxLength: 128 }),
            required: true,
            description: 'The token: the last part of the setup or reset link',
          },
        },
      },
      output: { status: 200, schema: 'InvitedAccount' },
      errors: [404, 422],
      run: async (_call, { token }) => inspectLink(token),
    }),

    operation({
      id: 'redeem-setup-link',
      summary: 'Choose a password through a setup link, and sign in',
      description:
        "Works once. Ends every other session of the account and its other open setup and reset links; a reset link (purpose reset) also revokes the account's API tokens, since a reset is how a member takes back an account somebody else may hold.",
      tag: 'auth',
      access: PUBLIC,
      input: { body: SetupRedemptionBody },
      output: { status: 200, schema: 'UserResponse', headers: ['Set-Cookie'] },
      errors: [404, 422],
      run: async ({ session }, { body }) => {
        const signedIn = await setup.redeem(body.token, body.password);
        session.start(signedIn);
        return self(signedIn.account);
      },
    }),
  ];
}
