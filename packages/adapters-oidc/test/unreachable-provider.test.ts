import { IdentityProviderFailed, type Clock } from '@larder/domain';
import { OpenIdConnectProvider, type OpenIdConnectProviderOptions } from '@larder/adapters-oidc';
import {
  startBrokenProvider,
  startTestIdentityProvider,
  type Breakage,
  type TestIdentityProvider,
} from '@larder/adapters-oidc/test-support/oidc-provider.js';

const redirectUri = 'http://127.0.0.1:8060/api/v1/auth/oidc/callback';

function adapterFor(
  provider: { issuer: string; clientId?: string; clientSecret?: string },
  options: Partial<OpenIdConnectProviderOptions> = {},
): OpenIdConnectProvider {
  return new OpenIdConnectProvider({
    issuer: provider.issuer,
    clientId: provider.clientId ?? 'larder',
    clientSecret: provider.clientSecret ?? 'secret',
    displayName: 'Test Provider',
    ...options,
  });
}

async function failureOf(work: Promise<unknown>): Promise<IdentityProviderFailed> {
  const error = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(IdentityProviderFailed);
  return error as IdentityProviderFailed;
}

function discoveries(provider: TestIdentityProvider): number {
  return provider.requests.filter((request) => request === 'GET /.well-known/openid-configuration').length;
}

/** A clock the test moves by hand. */
function handClock(): Clock & { advance(ms: number): void } {
  let now = Date.parse('2026-11-23T12:00:00Z');
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

describe('a provider that is down', () => {
  let provider: TestIdentityProvider;

  beforeEach(async () => {
    provider = await startTestIdentityProvider({ redirectUris: [redirectUri] });
    await provider.stop();
  });

  afterEach(async () => {
    await provider.stop();
  });

  test('fails the first begin, and a later begin succeeds once it is back, without a new adapter', async () => {
    const larder = adapterFor(provider, { retryDiscoveryAfterMs: 0 });

    const failure = await failureOf(larder.begin(redirectUri));
    expect(failure.message).toMatch(/^discovery at http:\/\/127\.0\.0\.1:\d+\/ failed: .*ECONNREFUSED/);

    await provider.start();
    const { authorizationUrl, secrets } = await larder.begin(redirectUri);
    const callback = await provider.signIn(authorizationUrl, { as: { subject: 'back' } });
    await expect(larder.finish(callback, redirectUri, secrets)).resolves.toMatchObject({ subject: 'back' });
  });

  test('is not asked again until the back-off has passed', async () => {
    const clock = handClock();
    const larder = adapterFor(provider, { retryDiscoveryAfterMs: 5_000, clock });
    const first = await failureOf(larder.begin(redirectUri));
    await provider.start();

    // Up again, but the last failure is answered without asking.
    clock.advance(4_999);
    expect(await failureOf(larder.begin(redirectUri))).toBe(first);
    expect(discoveries(provider)).toBe(0);

    clock.advance(1);
    await expect(larder.begin(redirectUri)).resolves.toHaveProperty('authorizationUrl');
    expect(discoveries(provider)).toBe(1);
  });

  test('fails finish too', async () => {
    const larder = adapterFor(provider);
    const secrets = { state: 's', nonce: 'n', codeVerifier: 'v'.repeat(43) };

    await failureOf(larder.finish(`${redirectUri}?code=c&state=s`, redirectUri, secrets));
  });

  test('once back, is asked once by uses that arrive together, and never again', async () => {
    const larder = adapterFor(provider);
    await provider.start();

    await Promise.all([larder.begin(redirectUri), larder.begin(redirectUri), larder.discover()]);
    await larder.begin(redirectUri);

    expect(discoveries(provider)).toBe(1);
  });
});

test.each<[Breakage, RegExp]>([
  ['garbage', /content-type/],
  ['huge', /declares \d+ bytes, more than the 1048576 allowed/],
  ['endless', /longer than the 1048576 bytes allowed/],
  ['keyless', /the document names no http\(s\) jwks_uri/],
])('a provider answering %s at discovery fails cleanly', async (breakage, message) => {
  const broken = await startBrokenProvider(breakage);
  try {
    const failure = await failureOf(adapterFor(broken).begin(redirectUri));

    expect(failure.message).toMatch(/^discovery at .* failed: /);
    expect(failure.message).toMatch(message);
  } finally {
    await broken.stop();
  }
});

test('a provider that never answers fails once the timeout has passed', async () => {
  const broken = await startBrokenProvider('silent');
  try {
    const failure = await failureOf(adapterFor(broken, { timeoutMs: 200 }).begin(redirectUri));

    expect(failure.message).toMatch(/timed out/);
  } finally {
    await broken.stop();
  }
});

test.each([
  ['not an address', /is not an http\(s\) address/],
  ['ftp://provider.example.test', /is not an http\(s\) address/],
])('an issuer that is %s fails every use, and the adapter is still made', async (issuer, message) => {
  const larder = adapterFor({ issuer });

  expect((await failureOf(larder.begin(redirectUri))).message).toMatch(message);
});

test('an issuer written differently from what the provider states fails cleanly', async () => {
  const provider = await startTestIdentityProvider();
  try {
    // The same server, but the provider calls itself http://127.0.0.1:PORT.
    const larder = adapterFor({ ...provider, issuer: `http://localhost:${provider.port}` });

    expect((await failureOf(larder.begin(redirectUri))).message).toMatch(/issuer does not match/);
  } finally {
    await provider.stop();
  }
});

describe('plain http', () => {
  test('to this machine is allowed without asking', async () => {
    const provider = await startTestIdentityProvider();
    try {
      await expect(adapterFor(provider).begin(redirectUri)).resolves.toHaveProperty('authorizationUrl');
    } finally {
      await provider.stop();
    }
  });

  test('to this machine can be refused', async () => {
    const provider = await startTestIdentityProvider();
    try {
      const failure = await failureOf(
        adapterFor(provider, { allowInsecureRequests: false }).begin(redirectUri),
      );

      expect(failure.message).toMatch(/plain http/);
    } finally {
      await provider.stop();
    }
  });

  test('to another machine is refused unless allowed', async () => {
    // 0.0.0.0 is no loopback name, yet on Linux it reaches this machine: a stand-in for a
    // provider elsewhere on the network.
    const provider = await startTestIdentityProvider({ issuerHost: '0.0.0.0', redirectUris: [redirectUri] });
    try {
      const failure = await failureOf(adapterFor(provider).begin(redirectUri));
      expect(failure.message).toMatch(/plain http on another machine/);

      const allowed = adapterFor(provider, { allowInsecureRequests: true });
      const { authorizationUrl, secrets } = await allowed.begin(redirectUri);
      const callback = await provider.signIn(authorizationUrl, { as: { subject: 'far' } });
      await expect(allowed.finish(callback, redirectUri, secrets)).resolves.toMatchObject({ subject: 'far' });
    } finally {
      await provider.stop();
    }
  });
});
