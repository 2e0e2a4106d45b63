import { IdentityProviderFailed } from '@larder/domain';
import { OpenIdConnectProvider } from '@larder/adapters-oidc';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '@larder/adapters-oidc/test-support/oidc-provider.js';

// Larder's callback; nothing listens there: the test carries the callback address by hand.
const redirectUri = 'http://127.0.0.1:8060/api/v1/auth/oidc/callback';

let provider: TestIdentityProvider;
let larder: OpenIdConnectProvider;

beforeAll(async () => {
  provider = await startTestIdentityProvider({ redirectUris: [redirectUri] });
  larder = new OpenIdConnectProvider({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    displayName: 'Test Provider',
  });
});

afterAll(async () => {
  await provider.stop();
});

async function failureOf(work: Promise<unknown>): Promise<IdentityProviderFailed> {
  const error = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(IdentityProviderFailed);
  return error as IdentityProviderFailed;
}

test('a full flow proves who signed in, with the address from userinfo', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);

  const sent = new URL(authorizationUrl);
  expect(sent.origin).toBe(provider.issuer);
  expect(sent.searchParams.get('scope')).toBe('openid email profile');
  expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
  expect(sent.searchParams.get('state')).toBe(secrets.state);
  expect(sent.searchParams.get('nonce')).toBe(secrets.nonce);
  expect(sent.searchParams.get('redirect_uri')).toBe(redirectUri);
  // The verifier stays with Larder; only its hash travels.
  expect(authorizationUrl).not.toContain(secrets.codeVerifier);

  const callback = await provider.signIn(authorizationUrl, {
    as: { subject: 'ada', email: 'ada@example.test', email_verified: true },
  });
  const identity = await larder.finish(callback, redirectUri, secrets);

  expect(identity).toEqual({
    issuer: provider.issuer,
    subject: 'ada',
    email: 'ada@example.test',
    emailVerified: true,
  });
});

test('every flow has its own state, nonce and verifier', async () => {
  const first = await larder.begin(redirectUri);
  const second = await larder.begin(redirectUri);

  expect(second.secrets.state).not.toBe(first.secrets.state);
  expect(second.secrets.nonce).not.toBe(first.secrets.nonce);
  expect(second.secrets.codeVerifier).not.toBe(first.secrets.codeVerifier);
});

test.each([
  ['says it is not verified', { email_verified: false }],
  ['says nothing about it', {}],
  ['calls "true" (a string, not the boolean)', { email_verified: 'true' }],
])('an address the provider %s is not vouched for', async (_, claims) => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl, {
    as: { subject: 'bea', email: 'bea@example.test', ...claims },
  });

  const identity = await larder.finish(callback, redirectUri, secrets);

  expect(identity).toMatchObject({ subject: 'bea', email: 'bea@example.test', emailVerified: false });
});

test.each([
  ['no address', undefined],
  ['something that is not an address', 'not an address'],
  ['an address of 300 characters', `${'a'.repeat(290)}@example.test`],
])('a provider that gives %s yields no address', async (_, email) => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl, {
    as: { subject: 'cy', email_verified: true, ...(email === undefined ? {} : { email }) },
  });

  const identity = await larder.finish(callback, redirectUri, secrets);

  expect(identity).toEqual({ issuer: provider.issuer, subject: 'cy', emailVerified: false });
});

test('a subject longer than OpenID Connect allows (255) is refused', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl, { as: { subject: 's'.repeat(256) } });

  const failure = await failureOf(larder.finish(callback, redirectUri, secrets));

  expect(failure.message).toMatch(/subject of 256 characters/);
});

test('a forged state is refused', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = new URL(await provider.signIn(authorizationUrl));
  callback.searchParams.set('state', 'forged-by-someone-else');

  const failure = await failureOf(larder.finish(callback.href, redirectUri, secrets));

  expect(failure.message).toMatch(/state/);
});

test('a callback used twice is refused the second time', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl);
  await larder.finish(callback, redirectUri, secrets);

  const failure = await failureOf(larder.finish(callback, redirectUri, secrets));

  expect(failure.message).toMatch(/invalid_grant/);
  // The message is for the log: no code, no secret.
  const code = new URL(callback).searchParams.get('code')!;
  expect(failure.message).not.toContain(code);
  expect(failure.message).not.toContain(provider.clientSecret);
  expect(failure.message).not.toContain(secrets.codeVerifier);
});

test('an ID token carrying another nonce is refused', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  // The provider honestly signs the nonce it was sent; it is not the one Larder remembered.
  const callback = await provider.signIn(authorizationUrl, { replaceNonce: 'the-attackers-nonce' });

  const failure = await failureOf(larder.finish(callback, redirectUri, secrets));

  expect(failure.message).toMatch(/nonce/);
});

test('a code redeemed with another flow’s verifier is refused (PKCE)', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const other = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl);

  const failure = await failureOf(
    larder.finish(callback, redirectUri, { ...secrets, codeVerifier: other.secrets.codeVerifier }),
  );

  expect(failure.message).toMatch(/invalid_grant/);
});

test('a person who cancels at the provider (error=access_denied) is a failure', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl, { refuse: true });
  expect(new URL(callback).searchParams.get('error')).toBe('access_denied');

  const failure = await failureOf(larder.finish(callback, redirectUri, secrets));

  expect(failure.message).toMatch(/error=access_denied/);
});

test('provider text in a failure is kept to one short line', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = new URL(await provider.signIn(authorizationUrl, { refuse: true }));
  callback.searchParams.set('error_description', `line one\nline two ${'x'.repeat(1000)}`);

  const failure = await failureOf(larder.finish(callback.href, redirectUri, secrets));

  expect(failure.message).not.toMatch(/\n/);
  expect(failure.message.length).toBeLessThan(400);
});

test('a callback address that is not an address is a failure', async () => {
  const { secrets } = await larder.begin(redirectUri);

  await failureOf(larder.finish('http://[not an address', redirectUri, secrets));
});

test('the callback may arrive under another host name: the registered address is what counts', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = new URL(await provider.signIn(authorizationUrl, { as: { subject: 'dee' } }));
  // As a reverse proxy may present it to Larder.
  const asSeenBehindAProxy = `http://larder.internal:8060${callback.pathname}${callback.search}`;

  const identity = await larder.finish(asSeenBehindAProxy, redirectUri, secrets);

  expect(identity.subject).toBe('dee');
});

test('a provider down between begin and finish is a failure, not a crash', async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl);
  await provider.stop();
  try {
    const failure = await failureOf(larder.finish(callback, redirectUri, secrets));

    expect(failure.message).toMatch(/fetch failed/);
  } finally {
    await provider.start();
  }
});

test('a provider that takes the secret only in the form body is given it there', async () => {
  const postOnly = await startTestIdentityProvider({
    redirectUris: [redirectUri],
    clientAuthMethod: 'client_secret_post',
  });
  try {
    const adapter = new OpenIdConnectProvider({
      issuer: postOnly.issuer,
      clientId: postOnly.clientId,
      clientSecret: postOnly.clientSecret,
      displayName: 'Post Only',
    });
    const { authorizationUrl, secrets } = await adapter.begin(redirectUri);
    const callback = await postOnly.signIn(authorizationUrl, { as: { subject: 'eve' } });

    await expect(adapter.finish(callback, redirectUri, secrets)).resolves.toMatchObject({ subject: 'eve' });
  } finally {
    await postOnly.stop();
  }
});

test('without a secret, Larder is a public client proven by PKCE alone', async () => {
  const publicOnly = await startTestIdentityProvider({
    redirectUris: [redirectUri],
    clientAuthMethod: 'none',
  });
  try {
    const adapter = new OpenIdConnectProvider({
      issuer: publicOnly.issuer,
      clientId: publicOnly.clientId,
      displayName: 'Public',
    });
    const { authorizationUrl, secrets } = await adapter.begin(redirectUri);
    const callback = await publicOnly.signIn(authorizationUrl, { as: { subject: 'gus' } });

    await expect(adapter.finish(callback, redirectUri, secrets)).resolves.toMatchObject({ subject: 'gus' });
  } finally {
    await publicOnly.stop();
  }
});

test('a wrong client secret is a failure', async () => {
  const adapter = new OpenIdConnectProvider({
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: 'not-the-secret',
    displayName: 'Test Provider',
  });
  const { authorizationUrl, secrets } = await adapter.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl);

  const failure = await failureOf(adapter.finish(callback, redirectUri, secrets));

  expect(failure.message).toMatch(/invalid_client/);
  expect(failure.message).not.toContain('not-the-secret');
});

test('the display name is the one configured', () => {
  expect(larder.displayName).toBe('Test Provider');
});

test("an ID token not signed with the provider's keys is refused, whatever its claims", async () => {
  const { authorizationUrl, secrets } = await larder.begin(redirectUri);
  const callback = await provider.signIn(authorizationUrl, { as: { subject: 'forged-person' } });
  provider.forgeIdTokens(true);
  try {
    const failure = await failureOf(larder.finish(callback, redirectUri, secrets));
    expect(failure.message).toMatch(/^the sign-in was not accepted/);
  } finally {
    provider.forgeIdTokens(false);
  }
  expect(provider.requests).toContain('GET /jwks');
});

test('a subject with control characters or half characters is refused', async () => {
  for (const subject of ['nul\u0000inside', 'half\uD800', 'line\nbreak']) {
    const { authorizationUrl, secrets } = await larder.begin(redirectUri);
    const callback = await provider.signIn(authorizationUrl, { as: { subject } });
    const failure = await failureOf(larder.finish(callback, redirectUri, secrets));
    expect(failure.message).toMatch(/subject with characters that are not text/);
  }
});
