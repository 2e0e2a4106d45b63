import {
  IdentityProviderFailed,
  hasControlCharacters,
  isWellFormedText,
  type Clock,
  type FlowSecrets,
  type IdentityProvider,
  type ProvenIdentity,
} from '@larder/domain';
import * as client from 'openid-client';
import { boundedFetch } from './bounded-fetch.js';
import { describeFailure } from './describe-failure.js';
import { RetriedDiscovery } from './retried-discovery.js';

export interface OpenIdConnectProviderOptions {
  /** The provider's issuer URL, exactly as its discovery document states it. */
  issuer: string;
  clientId: string;
  /** Absent → a public client, proven by PKCE alone. */
  clientSecret?: string | undefined;
  /** The name shown on the sign-in button. */
  displayName: string;
  /**
   * Plain http to the provider. Default: allowed only when the issuer is on this machine
   * (127.0.0.0/8, ::1, localhost), where nothing travels over a network; a provider elsewhere on
   * http needs `true` here. Anything else must be https.
   */
  allowInsecureRequests?: boolean | undefined;
  /** Upper bound for each request to the provider. Default 10 s. */
  timeoutMs?: number | undefined;
  /** After a failed discovery, uses within this time fail at once without asking. Default 5 s. */
  retryDiscoveryAfterMs?: number | undefined;
  /** Measures the back-off above; tests bring a clock they can move. */
  clock?: Clock | undefined;
}

const SCOPE = 'openid email profile';
const MAX_ANSWER_BYTES = 1024 * 1024;
// The OpenID Connect limit on `sub`.
const MAX_SUBJECT_LENGTH = 255;

/**
 * One OpenID Connect provider through `openid-client`: discovery (lazy, kept once it works,
 * retried while it fails), authorization code flow with PKCE S256, state and nonce, the ID token
 * checked by the library — its signature too, against the provider's published keys — and
 * userinfo for the address.
 */
export class OpenIdConnectProvider implements IdentityProvider {
  readonly displayName: string;
  readonly #discovery: RetriedDiscovery<client.Configuration>;

  constructor(options: OpenIdConnectProviderOptions) {
    this.displayName = options.displayName;
    const timeoutMs = options.timeoutMs ?? 10_000;
    const clock = options.clock ?? { now: () => new Date() };
    this.#discovery = new RetriedDiscovery(
      () => discover(options, timeoutMs),
      options.retryDiscoveryAfterMs ?? 5_000,
      clock,
    );
  }

  /** Discovers now (e.g. at start, to log a misconfigured provider early); never needed. */
  async discover(): Promise<void> {
    await this.#discovery.get();
  }

  async begin(redirectUri: string): Promise<{ authorizationUrl: string; secrets: FlowSecrets }> {
    const configuration = await this.#discovery.get();
    const secrets: FlowSecrets = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const authorizationUrl = await step('building the authorization address failed', async () =>
      client.buildAuthorizationUrl(configuration, {
        redirect_uri: absoluteAddress(redirectUri).href,
        scope: SCOPE,
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      }),
    );
    return { authorizationUrl: authorizationUrl.href, secrets };
  }

  async finish(callbackUrl: string, redirectUri: string, secrets: FlowSecrets): Promise<ProvenIdentity> {
    const configuration = await this.#discovery.get();
    // openid-client sends the callback address without its query as `redirect_uri` to the token
    // endpoint; that must be the address `begin` sent, whatever host the callback arrived under.
    const callback = await step('the callback address is not usable', async () => {
      const address = absoluteAddress(redirectUri);
      address.search = new URL(callbackUrl, redirectUri).search;
      return address;
    });
    const tokens = await step('the sign-in was not accepted', () =>
      client.authorizationCodeGrant(configuration, callback, {
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        pkceCodeVerifier: secrets.codeVerifier,
        idTokenExpected: true,
      }),
    );
    const idToken = tokens.claims();
    if (!idToken) throw new IdentityProviderFailed('the provider sent no ID token');
    const subject = idToken.sub;
    if (subject.length === 0 || subject.length > MAX_SUBJECT_LENGTH) {
      throw new IdentityProviderFailed(`the provider sent a subject of ${subject.length} characters`);
    }
    // Stored as text, a subject with control characters or half characters would stand for others.
    if (!isWellFormedText(subject) || hasControlCharacters(subject)) {
      throw new IdentityProviderFailed('the provider sent a subject with characters that are not text');
    }
    // The library refuses userinfo about anyone but the ID token's subject.
    const userinfo =
      configuration.serverMetadata().userinfo_endpoint === undefined
        ? undefined
        : await step('userinfo failed', () =>
            client.fetchUserInfo(configuration, tokens.access_token, subject),
          );
    return {
      issuer: configuration.serverMetadata().issuer,
      subject,
      ...addressFrom(userinfo, idToken),
    };
  }
}

async function discover(
  options: OpenIdConnectProviderOptions,
  timeoutMs: number,
): Promise<client.Configuration> {
  let issuer: URL;
  try {
    issuer = absoluteAddress(options.issuer);
  } catch {
    throw new IdentityProviderFailed(
      `the issuer ${JSON.stringify(options.issuer)} is not an http(s) address`,
    );
  }
  const insecure = options.allowInsecureRequests ?? isOnThisMachine(issuer);
  if (issuer.protocol === 'http:' && !insecure) {
    throw new IdentityProviderFailed(
      `the issuer ${issuer.href} is plain http on another machine; use https (or allow insecure requests)`,
    );
  }
  const configuration = await step(`discovery at ${issuer.href} failed`, () =>
    client.discovery(
      issuer,
      options.clientId,
      options.clientSecret,
      options.clientSecret === undefined ? client.None() : clientSecretAuth(options.clientSecret),
      {
        timeout: timeoutMs / 1000,
        [client.customFetch]: boundedFetch(MAX_ANSWER_BYTES),
        // ID tokens' signatures are checked against the provider's keys (`jwks_uri`), not only
        // their claims: whatever answers in the provider's place cannot sign anybody in.
        execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
      },
    ),
  );
  // A document without what every flow needs is no discovery: it is asked again, not kept.
  const metadata = configuration.serverMetadata();
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (!isHttpAddress(metadata[field])) {
      throw new IdentityProviderFailed(
        `discovery at ${issuer.href} failed: the document names no http(s) ${field}`,
      );
    }
  }
  return configuration;
}

function isHttpAddress(value: unknown): boolean {
  try {
    return typeof value === 'string' && absoluteAddress(value) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The secret in a Basic header, which every provider must accept — unless the provider says it
 * takes the secret only in the form body.
 */
function clientSecretAuth(secret: string): client.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (server, ...rest) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const onlyPost = methods?.includes('client_secret_post') && !methods.includes('client_secret_basic');
    return (onlyPost ? post : basic)(server, ...rest);
  };
}

/** The address and whether it is vouched for, both from the same source: userinfo first. */
function addressFrom(
  userinfo: client.UserInfoResponse | undefined,
  idToken: client.IDToken,
): Pick<ProvenIdentity, 'email' | 'emailVerified'> {
  const claims = userinfo?.email !== undefined ? userinfo : idToken;
  if (!isPlausibleAddress(claims.email)) return { emailVerified: false };
  // Only an explicit `true` vouches; `"true"`, absence or anything else does not.
  return { email: claims.email, emailVerified: claims.email_verified === true };
}

function isPlausibleAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u.test(value);
}

function absoluteAddress(value: string): URL {
  const address = new URL(value);
  if (address.protocol !== 'http:' && address.protocol !== 'https:') {
    throw new TypeError(`not an http(s) address: ${address.protocol}`);
  }
  return address;
}

function isOnThisMachine(address: URL): boolean {
  const host = address.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Runs one step with the provider; whatever goes wrong becomes an `IdentityProviderFailed`. */
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // No cause attached: the library's errors carry response bodies, which may hold tokens.
    throw new IdentityProviderFailed(`${name}: ${describeFailure(error)}`);
  }
}
