// A real OpenID Connect provider for tests: `oidc-provider` on 127.0.0.1 over http, with one
// static confidential client, PKCE required and a scripted login instead of a login page. The
// test decides who signs in; `signIn` plays the browser from Larder's redirect to the provider
// until the provider sends the browser back, and answers that callback address unfollowed.
import { type KeyObject, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the members used are typed below.
import ProviderConstructor from 'oidc-provider';

/** Who signs in at the provider, in the provider's own claim names. */
export interface TestPerson {
  subject: string;
  email?: string;
  /** Omitted → the provider says nothing about the address; a string plays a sloppy provider. */
  email_verified?: boolean | string;
  name?: string;
}

export interface TestIdentityProviderOptions {
  clientId?: string;
  clientSecret?: string;
  /** Where the provider may send browsers back; can be changed later with `setRedirectUris`. */
  redirectUris?: string[];
  /** Who signs in when a `signIn` call names nobody. */
  signInAs?: TestPerson;
  /**
   * The host in the issuer address (default `127.0.0.1`); the server listens on 127.0.0.1
   * whatever it says. On Linux `0.0.0.0` reaches it too: a stand-in for a provider elsewhere.
   */
  issuerHost?: string;
  /**
   * How the client proves its secret; the provider then offers only that. Default Basic;
   * `none` makes a public client, proven by PKCE alone.
   */
  clientAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'none';
}

export interface SignInOptions {
  /** Who signs in this time (otherwise the default person). */
  as?: TestPerson;
  /** The person cancels at the provider: it answers `error=access_denied`. */
  refuse?: boolean;
  /**
   * Send the provider this nonce instead of the one Larder put in the authorization address, as
   * an attacker would who started the flow himself and slips his code into someone's callback:
   * the provider signs an honest ID token whose nonce is not the one Larder remembered.
   */
  replaceNonce?: string;
}

export interface TestIdentityProvider {
  /** `http://127.0.0.1:PORT` — the issuer, as Larder's configuration names it. */
  readonly issuer: string;
  readonly port: number;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Every request the provider was sent, as `METHOD /path`, oldest first. */
  readonly requests: readonly string[];
  /** Replaces the registered redirect URIs (a Larder test app's port is known only later). */
  setRedirectUris(uris: string[]): void;
  /** Sets who signs in when a `signIn` call names nobody. */
  signInAs(person: TestPerson): void;
  /**
   * From now on the token endpoint answers ID tokens re-signed with a key that is not the
   * provider's (under the provider's key id), as whoever could answer in its place would: their
   * claims are honest, their signature is not.
   */
  forgeIdTokens(forge: boolean): void;
  /**
   * Plays the browser: opens the authorization address, passes the scripted login and consent,
   * and answers the address the provider sends the browser back to (with `code` and `state`, or
   * with `error`), without opening it. Every call starts with a fresh cookie jar.
   */
  signIn(authorizationUrl: string, options?: SignInOptions): Promise<string>;
  /** Closes the port (every connection too); the provider keeps its keys and codes. */
  stop(): Promise<void>;
  /** Listens again on the same port after `stop`. */
  start(): Promise<void>;
}

interface Interaction {
  uid: string;
  params: Record<string, unknown>;
}

interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object): Promise<void>;
  Grant: new (properties: { accountId: string; clientId: string }) => Grant;
  Client: { prototype: { redirectUriAllowed(uri: string): boolean } };
}

const Provider = ProviderConstructor as unknown as new (issuer: string, configuration: object) => Provider;

const MAX_HOPS = 10;

/** Starts the provider on 127.0.0.1 and a free port. */
export async function startTestIdentityProvider(
  options: TestIdentityProviderOptions = {},
): Promise<TestIdentityProvider> {
  const clientId = options.clientId ?? 'larder';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const clientAuthMethod = options.clientAuthMethod ?? 'client_secret_basic';
  let redirectUris = new Set(options.redirectUris ?? ['http://127.0.0.1/api/v1/auth/oidc/callback']);
  let defaultPerson: TestPerson = options.signInAs ?? {
    subject: 'person-1',
    email: 'person@example.test',
    email_verified: true,
  };
  // The people who signed in, by subject (for the ID token and userinfo), and who is to sign in
  // at which pending interaction.
  const people = new Map<string, TestPerson>();
  const scripts = new Map<string, { person: TestPerson; refuse: boolean }>();

  const requests: string[] = [];
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  let forging = false;
  const forgersKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    requests.push(`${req.method} ${path}`);
    if (forging && req.method === 'POST' && path === '/token') reSignIdToken(res, forgersKey);
    handle(req, res);
  };
  let server = await listen(0, serve);
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${options.issuerHost ?? '127.0.0.1'}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        ...(clientAuthMethod === 'none' ? {} : { client_secret: clientSecret }),
        redirect_uris: [...redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: clientAuthMethod,
      },
    ],
    clientAuthMethods: [clientAuthMethod],
    // Explicit lifetimes (in seconds) keep oidc-provider from printing a notice for each default.
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
    },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, subject: string) => {
      const person = people.get(subject);
      if (!person) return undefined;
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          ...(person.email === undefined ? {} : { email: person.email }),
          ...(person.email_verified === undefined ? {} : { email_verified: person.email_verified }),
          ...(person.name === undefined ? {} : { name: person.name }),
        }),
      };
    },
  });
  // The redirect URIs can change after start: oidc-provider's own recipe for redirect URIs
  // decided at run time is to override this check.
  provider.Client.prototype.redirectUriAllowed = (uri: string) => redirectUris.has(uri);

  const providerHandler = provider.callback();
  handle = (req, res) => {
    const interaction = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && interaction) {
      finishInteraction(interaction[1]!, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    } else {
      providerHandler(req, res);
    }
  };

  // The scripted login page: whoever the test chose signs in and agrees to share what was asked.
  async function finishInteraction(uid: string, req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const script = scripts.get(uid) ?? { person: defaultPerson, refuse: false };
    scripts.delete(uid);
    if (script.refuse) {
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'End-User aborted interaction',
      });
      return;
    }
    // Every `signIn` brings a fresh cookie jar, so the provider always asks who signs in.
    const accountId = script.person.subject;
    people.set(accountId, script.person);
    const grant = new provider.Grant({ accountId, clientId: String(details.params['client_id']) });
    grant.addOIDCScope(String(details.params['scope']));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
  }

  async function signIn(authorizationUrl: string, signInOptions: SignInOptions = {}): Promise<string> {
    const jar = new Map<string, string>();
    let address = new URL(authorizationUrl);
    if (address.origin !== issuer) throw new Error(`not an address of this provider: ${authorizationUrl}`);
    if (signInOptions.replaceNonce !== undefined) {
      address.searchParams.set('nonce', signInOptions.replaceNonce);
    }
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const interaction = /^\/interaction\/([\w-]+)$/.exec(address.pathname);
      if (interaction) {
        scripts.set(interaction[1]!, {
          person: signInOptions.as ?? defaultPerson,
          refuse: signInOptions.refuse ?? false,
        });
      }
      const response = await fetch(address, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const equals = pair.indexOf('=');
        if (equals > 0) jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) {
        const body = (await response.text()).slice(0, 500);
        throw new Error(`the provider stopped at ${address.pathname} with ${response.status}: ${body}`);
      }
      await response.body?.cancel();
      const next = new URL(location, address);
      // Leaving the provider: this is the way back to the relying party.
      if (next.origin !== issuer) return next.href;
      address = next;
    }
    throw new Error(`the provider kept redirecting for ${MAX_HOPS} hops`);
  }

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    requests,
    setRedirectUris(uris) {
      redirectUris = new Set(uris);
    },
    signInAs(person) {
      defaultPerson = person;
    },
    forgeIdTokens(forge) {
      forging = forge;
    },
    signIn,
    async stop() {
      await close(server);
    },
    async start() {
      server = await listen(port, serve);
    },
  };
}

/** Makes the answer written to `res` carry its ID token signed by `key` instead (RS256, same header). */
function reSignIdToken(res: ServerResponse, key: KeyObject): void {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res) as (body: string) => ServerResponse;
  res.write = ((chunk: string | Uint8Array) => {
    chunks.push(Buffer.from(chunk));
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token?: string };
    if (answer.id_token) {
      const [header = '', payload = ''] = answer.id_token.split('.');
      const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
      answer.id_token = `${header}.${payload}.${signature}`;
    }
    const body = JSON.stringify(answer);
    if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(body));
    return end(body);
  }) as typeof res.end;
}

/** How a broken provider answers every request, discovery included. */
export type Breakage =
  /** 200 with a web page that is not a discovery document. */
  | 'garbage'
  /** A JSON document of 2 MiB, its length declared. */
  | 'huge'
  /** JSON that never ends, its length undeclared. */
  | 'endless'
  /** Nothing at all: the connection stays open and silent. */
  | 'silent'
  /** A discovery document of the right issuer that names no signing keys (`jwks_uri`). */
  | 'keyless';

/** A provider that is up but broken, on 127.0.0.1 and a free port. */
export async function startBrokenProvider(
  breakage: Breakage = 'garbage',
): Promise<{ issuer: string; stop(): Promise<void> }> {
  const server = await listen(0, (_req, res) => {
    switch (breakage) {
      case 'garbage':
        res.setHeader('content-type', 'text/html');
        res.end('<html><body>It works!</body></html>');
        break;
      case 'huge': {
        const body = JSON.stringify({ issuer: 'x'.repeat(2 * 1024 * 1024) });
        res.setHeader('content-type', 'application/json');
        res.setHeader('content-length', Buffer.byteLength(body));
        res.end(body);
        break;
      }
      case 'endless': {
        res.setHeader('content-type', 'application/json');
        res.write('{"issuer":"');
        const chunk = 'x'.repeat(64 * 1024);
        // Writes until the socket's buffer is full, and again each time it drains.
        const pour = () => {
          let room = true;
          while (room && !res.destroyed) room = res.write(chunk);
        };
        res.on('drain', pour);
        pour();
        break;
      }
      case 'silent':
        break;
      case 'keyless': {
        const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/auth`,
            token_endpoint: `${issuer}/token`,
            response_types_supported: ['code'],
          }),
        );
        break;
      }
    }
  });
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => close(server),
  };
}

function listen(port: number, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
