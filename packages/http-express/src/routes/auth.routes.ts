import { AccountSetup, OwnAccount, SignInService } from '@larder/domain';
import { presentSelf } from '../presenters/account.presenter.js';
import { clearSessionCookie, setSessionCookie } from '../http/session-cookie.js';
import { type RouteModule, signedIn } from './route-module.js';

interface LoginBody {
  username: string;
  password: string;
}

export const authRoutes: RouteModule = ({ table, container, config }) => {
  const signIn = container.resolve(SignInService);
  const own = container.resolve(OwnAccount);
  const setup = container.resolve(AccountSetup);

  table.add<LoginBody>({
    method: 'post',
    path: '/api/v1/auth/login',
    operationId: 'login',
    summary: 'Sign in with username and password',
    description:
      'Sets the `service_session` cookie. Wrong passwords and unknown users answer the same 401; repeated failures for one username answer 429 with Retry-After.',
    tag: 'auth',
    access: 'public',
    body: { schema: 'LoginInputBody' },
    responses: { 200: { schema: 'UserResponse', headers: ['Set-Cookie'] } },
    errors: [401, 422, 429],
    handle: async ({ body, res }) => {
      const signedIn = await signIn.login(body.username, body.password);
      setSessionCookie(res, signedIn.sessionToken, signedIn.expiresAt, config.secureCookies);
      return presentSelf(signedIn.account);
    },
  });

  table.add({
    method: 'post',
    path: '/api/v1/auth/logout',
    operationId: 'logout',
    summary: 'End the current session',
    tag: 'auth',
    access: 'session',
    responses: { 204: { empty: true, headers: ['Set-Cookie'] } },
    errors: [401],
    handle: async ({ caller, res }) => {
      await signIn.logout(signedIn(caller).sessionDigest ?? '');
      clearSessionCookie(res, config.secureCookies);
      return undefined;
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/auth/me',
    operationId: 'me',
    summary: 'The signed-in account',
    tag: 'auth',
    access: 'session',
    responses: { 200: { schema: 'UserResponse' } },
    errors: [401, 403],
    handle: async ({ caller }) => presentSelf(signedIn(caller).account),
  });

  table.add<{ currentPassword?: string; password: string }>({
    method: 'patch',
    path: '/api/v1/auth/me',
    operationId: 'change-own-password',
    summary: "Change the signed-in account's password",
    description:
      'Needs the current password unless the account has none yet. Ends every other session of the account; this one stays. Wrong current passwords count in the login throttle of the username: past the limit it answers 429 with Retry-After.',
    tag: 'auth',
    access: 'session',
    body: { schema: 'ChangePasswordInputBody' },
    responses: { 204: { empty: true } },
    errors: [401, 403, 422, 429],
    handle: async ({ caller, body }) => {
      await own.changePassword(signedIn(caller), body.currentPassword, body.password);
      return undefined;
    },
  });

  table.add<{ displayName?: string; color?: never; locale?: never; email?: string }>({
    method: 'patch',
    path: '/api/v1/auth/me/profile',
    operationId: 'update-own-profile',
    summary: 'Change display name, colour, language or address',
    tag: 'auth',
    access: 'session',
    body: { schema: 'UpdateProfileInputBody' },
    responses: { 200: { schema: 'UserResponse' } },
    errors: [401, 403, 422],
    handle: async ({ caller, body }) => presentSelf(await own.updateProfile(signedIn(caller), body)),
  });

  table.add({
    method: 'get',
    path: '/api/v1/auth/me/colors',
    operationId: 'list-color-usage',
    summary: 'The colour palette and how many accounts hold each colour',
    tag: 'auth',
    access: 'session',
    responses: { 200: { schema: 'ColorUsageOutputBody' } },
    errors: [401, 403],
    handle: async () => ({ items: await own.colorUsage() }),
  });

  table.add<{ token: string }>({
    method: 'post',
    path: '/api/v1/auth/setup/inspect',
    operationId: 'inspect-setup-link',
    summary: 'Look up whom a setup link belongs to, without using it',
    tag: 'auth',
    access: 'public',
    body: { schema: 'SetupTokenBody' },
    responses: { 200: { schema: 'InvitedAccount' } },
    errors: [404, 422],
    handle: async ({ body }) => {
      const { account, purpose } = await setup.inspect(body.token);
      return { username: account.username, displayName: account.displayName, purpose };
    },
  });

  table.add<{ token: string; password: string }>({
    method: 'post',
    path: '/api/v1/auth/setup/password',
    operationId: 'redeem-setup-link',
    summary: 'Choose a password through a setup link, and sign in',
    description: 'Works once. Ends every other session of the account.',
    tag: 'auth',
    access: 'public',
    body: { schema: 'SetupRedemption' },
    responses: { 200: { schema: 'UserResponse', headers: ['Set-Cookie'] } },
    errors: [404, 422],
    handle: async ({ body, res }) => {
      const signedIn = await setup.redeem(body.token, body.password);
      setSessionCookie(res, signedIn.sessionToken, signedIn.expiresAt, config.secureCookies);
      return presentSelf(signedIn.account);
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/auth/password',
    operationId: 'password-reset-config',
    summary: 'Whether a forgotten password can be reset by mail',
    tag: 'auth',
    access: 'public',
    responses: { 200: { schema: 'PasswordResetInfo' } },
    // Mail is not configured in this release, so reset by mail is never offered.
    handle: async () => ({ available: false }),
  });

  table.add({
    method: 'get',
    path: '/api/v1/auth/oidc',
    operationId: 'get-oidc',
    summary: 'Whether sign-in through an identity provider is offered',
    tag: 'auth',
    access: 'public',
    responses: { 200: { schema: 'ProviderInfo' } },
    // Single sign-on arrives with its own issue; until then it is never offered.
    handle: async () => ({ enabled: false }),
  });
};
