import { statSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MAIL_SECURITY,
  type MailSecurity,
  type MailServer,
  ValidationFailed,
  checkMailSettings,
} from '@larder/domain';

/** Everything the service reads from its environment (see docs/configuration.md). */
export interface Config {
  host: string | undefined;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUser: string;
  adminPassword: string | undefined;
  /**
   * Proxies whose `X-Forwarded-For` (and `-Proto`) are believed (SERVICE_TRUSTED_PROXIES): addresses,
   * CIDR ranges or `loopback`, `linklocal`, `uniquelocal`. Empty: the socket's address is the client's.
   */
  trustedProxies: string[];
  /**
   * The household's origin (`https://recipes.example.org`, normalised: lower case, no default port,
   * no trailing `/`): the base of links; it also passes the cross-site check.
   */
  publicUrl: string | undefined;
  secureCookies: boolean;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  bcryptCost: number;
  /**
   * Largest JSON body accepted, in bytes: room for the largest recipe the rules accept, even in a
   * script of three-byte characters (about 4.4 MB).
   */
  jsonLimitBytes: number;
  /** Keep hot reads (sessions, recipes, card pages) in memory, cleared on every write (SERVICE_READ_CACHE). */
  readCache: boolean;
  /** The one OpenID Connect provider (`SERVICE_OIDC_*`), or none. */
  oidc: OidcConfig | undefined;
  /** Mail from the environment (`SERVICE_SMTP_*`); the in-app mail settings are read-only then. */
  smtp: MailServer | undefined;
  /** Photos and avatars in S3 / MinIO when a bucket is set; otherwise files under `<dataDir>/images`. */
  s3: S3Config | undefined;
  /** How many images are decoded at once (SERVICE_IMAGE_WORKERS, default 2); the rest wait. */
  imageWorkers: number;
  /** SERVICE_IMAGE_RENDERER: `auto` (sharp when it loads, else jimp), `sharp` or `jimp`. */
  imageRenderer: 'auto' | 'sharp' | 'jimp';
  /**
   * `host[:port]`s the draft reader may open although they are not on the public internet
   * (SERVICE_DRAFT_ALLOW_HOSTS: tests, a recipe site on the household's own network).
   */
  draftAllowHosts: string[];
  /** `GET /metrics` answers only with this bearer token (SERVICE_METRICS_TOKEN); unset: no metrics. */
  metricsToken: string | undefined;
  /**
   * The built web app served at `/` (SERVICE_WEB_DIR; `off` serves none). Unset: packages/web/dist
   * of this checkout or image, when it was built.
   */
  webDir: string | null;
}

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function loadS3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env['SERVICE_S3_BUCKET']?.trim();
  if (!bucket) return undefined;
  const endpoint = s3Endpoint(env['SERVICE_S3_ENDPOINT']);
  const style = env['SERVICE_S3_FORCE_PATH_STYLE']?.trim().toLowerCase();
  if (style !== undefined && style !== '' && !['true', 'false', '1', '0'].includes(style)) {
    throw new ConfigError('SERVICE_S3_FORCE_PATH_STYLE must be true or false');
  }
  const s3: S3Config = {
    bucket,
    // MinIO and most self-hosted S3 servers want path-style addresses.
    forcePathStyle:
      style === undefined || style === '' ? endpoint !== undefined : style === 'true' || style === '1',
  };
  if (endpoint) s3.endpoint = endpoint;
  const region = env['SERVICE_S3_REGION']?.trim();
  if (region) s3.region = region;
  const keyId = env['SERVICE_S3_ACCESS_KEY_ID']?.trim();
  const secret = env['SERVICE_S3_SECRET_ACCESS_KEY'];
  if (keyId) s3.accessKeyId = keyId;
  if (secret) s3.secretAccessKey = secret;
  return s3;
}

/**
 * The S3 server's URL (`http://minio:9000`), or none: AWS. Without its scheme (`minio:9000`) the
 * SDK took it and every upload failed as an outage.
 */
function s3Endpoint(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  // A user or password in it would be repeated in messages and `larder check`; the keys have settings of their own.
  if (text.includes('@')) {
    throw new ConfigError(
      'SERVICE_S3_ENDPOINT must not hold a user or password (user:password@): the S3 keys go in SERVICE_S3_ACCESS_KEY_ID and SERVICE_S3_SECRET_ACCESS_KEY',
    );
  }
  if (!/^https?:\/\//iu.test(text) || !URL.canParse(text)) {
    throw new ConfigError(
      `SERVICE_S3_ENDPOINT must be the S3 server's http(s) URL (http://minio:9000), not "${text}"`,
    );
  }
  return text;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** The name on the sign-in button. */
  name: string;
}

export class ConfigError extends Error {}

function loadOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env['SERVICE_OIDC_ISSUER']?.trim();
  const clientId = env['SERVICE_OIDC_CLIENT_ID']?.trim();
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) {
    throw new ConfigError('SERVICE_OIDC_ISSUER and SERVICE_OIDC_CLIENT_ID are needed together');
  }
  try {
    const url = new URL(issuer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
  } catch {
    throw new ConfigError("SERVICE_OIDC_ISSUER must be the provider's http(s) issuer URL");
  }
  const name = env['SERVICE_OIDC_NAME']?.trim() || new URL(issuer).hostname;
  if (/[\p{Cc}]/u.test(name) || name.length > 60) {
    throw new ConfigError('SERVICE_OIDC_NAME must be one line of at most 60 characters');
  }
  return { issuer, clientId, clientSecret: env['SERVICE_OIDC_CLIENT_SECRET'] || undefined, name };
}

const DEFAULT_SMTP_PORT: Record<MailSecurity, number> = { starttls: 587, tls: 465, none: 25 };

function loadSmtp(env: NodeJS.ProcessEnv): MailServer | undefined {
  const host = env['SERVICE_SMTP_HOST']?.trim();
  // Security and port are checked even without a host: a bad value stops the start either way.
  const security = (env['SERVICE_SMTP_SECURITY']?.trim().toLowerCase() || 'starttls') as MailSecurity;
  if (!MAIL_SECURITY.includes(security))
    throw new ConfigError('SERVICE_SMTP_SECURITY must be starttls, tls or none');
  const portText = env['SERVICE_SMTP_PORT']?.trim();
  // Decimal digits: Number() read 0x24b and 5.87e2 as 587. Digits out of range fail the check below.
  const port = portText ? wholeNumber(portText) : DEFAULT_SMTP_PORT[security];
  if (port === null) throw new ConfigError('SERVICE_SMTP_PORT must be decimal digits, from 1 to 65535');
  if (!host) {
    // (With a host, the mail settings' own check says it, below.)
    if (port < 1 || port > 65535) throw new ConfigError('SERVICE_SMTP_PORT must be from 1 to 65535');
    return undefined;
  }
  const from = env['SERVICE_SMTP_FROM']?.trim();
  if (!from) throw new ConfigError('SERVICE_SMTP_FROM is required when SERVICE_SMTP_HOST is set');
  try {
    return checkMailSettings({
      host,
      port,
      security,
      from,
      fromName: env['SERVICE_SMTP_FROM_NAME'],
      username: env['SERVICE_SMTP_USERNAME'],
      password: env['SERVICE_SMTP_PASSWORD'] || undefined,
    });
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    const issue = error.issues[0];
    throw new ConfigError(
      `SERVICE_SMTP_${(issue?.location ?? '').replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()} ${issue?.message ?? 'is invalid'}`,
    );
  }
}

/** A host name or an IPv4 address, as a pattern's source: labels of letters, digits and inner hyphens. */
const NAME = String.raw`[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*`;
const HOST_NAME = new RegExp(`^${NAME}$`, 'i');

/** `:PORT`, `HOST:PORT` (an IPv4 address or a host name) or `[IPv6]:PORT`; no scheme, no path. */
const LISTEN_ADDRESS = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]*)):(\d{1,5})$/i;

function parseAddr(addr: string): { host: string | undefined; port: number } {
  const match = LISTEN_ADDRESS.exec(addr.trim());
  const [, ipv6, named = '', portText = ''] = match ?? [];
  const hostFits = ipv6 !== undefined ? isIP(ipv6) === 6 : named === '' || HOST_NAME.test(named);
  if (!match || !hostFits) {
    throw new ConfigError(`SERVICE_ADDR must look like ":8060" or "127.0.0.1:8060", not "${addr}"`);
  }
  const port = Number(portText);
  if (port > 65535) throw new ConfigError(`SERVICE_ADDR port ${port} is out of range`);
  return { host: ipv6 ?? (named || undefined), port };
}

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, or a CIDR range of one ("172.16.0.0/12", "fd00::/8"). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/u.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    // The keywords in any letter case, as the other one-word settings (express knows them in lower case).
    .map((entry) => (PROXY_PRESETS.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry));
  for (const entry of entries) {
    if (!PROXY_PRESETS.includes(entry) && !isAddressOrRange(entry)) {
      throw new ConfigError(
        `SERVICE_TRUSTED_PROXIES: "${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal`,
      );
    }
  }
  return entries;
}

/** A number written in decimal digits (`12`), else null: Number() also reads `0xc`, `1e1` and `12.0`. */
function wholeNumber(value: string): number | null {
  const digits = value.trim();
  return /^\d{1,6}$/u.test(digits) ? Number(digits) : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { host, port } = parseAddr(env['SERVICE_ADDR'] ?? ':8060');
  const publicUrl = publicBase(env['SERVICE_PUBLIC_URL']);
  const logFormat = (env['SERVICE_LOG_FORMAT'] ?? 'json').trim().toLowerCase();
  if (logFormat !== 'json' && logFormat !== 'pretty')
    throw new ConfigError('SERVICE_LOG_FORMAT must be json or pretty');
  const imageWorkers = wholeNumber(env['SERVICE_IMAGE_WORKERS'] ?? '2');
  if (imageWorkers === null || imageWorkers < 1 || imageWorkers > 32) {
    throw new ConfigError('SERVICE_IMAGE_WORKERS must be an integer from 1 to 32');
  }
  const imageRenderer = env['SERVICE_IMAGE_RENDERER']?.trim().toLowerCase() || 'auto';
  if (imageRenderer !== 'auto' && imageRenderer !== 'sharp' && imageRenderer !== 'jimp') {
    throw new ConfigError('SERVICE_IMAGE_RENDERER must be auto, sharp or jimp');
  }
  const cost = wholeNumber(env['SERVICE_BCRYPT_COST'] ?? '10');
  if (cost === null || cost < 10 || cost > 15)
    throw new ConfigError('SERVICE_BCRYPT_COST must be an integer from 10 to 15');
  return {
    host,
    port,
    // Empty counts as unset, as for the other paths and addresses (a compose file's `${X:-}`).
    dataDir: env['SERVICE_DATA_DIR']?.trim() ? env['SERVICE_DATA_DIR'] : './data',
    databaseUrl: databaseUrl(env['SERVICE_DATABASE_URL']),
    adminUser: env['SERVICE_ADMIN_USER']?.trim() || 'admin',
    adminPassword: env['SERVICE_ADMIN_PASSWORD'] || undefined,
    trustedProxies: parseTrustedProxies(env['SERVICE_TRUSTED_PROXIES']),
    publicUrl,
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    logLevel: logLevel(env['SERVICE_LOG_LEVEL']),
    logFormat,
    bcryptCost: cost,
    jsonLimitBytes: 5 * 1024 * 1024,
    readCache: readCacheSetting(env['SERVICE_READ_CACHE']),
    smtp: loadSmtp(env),
    oidc: loadOidc(env),
    s3: loadS3(env),
    imageWorkers,
    imageRenderer,
    draftAllowHosts: draftAllowHosts(env['SERVICE_DRAFT_ALLOW_HOSTS']),
    metricsToken: metricsToken(env['SERVICE_METRICS_TOKEN']),
    webDir: webDir(env['SERVICE_WEB_DIR']),
  };
}

/**
 * The base every link in mail and pages is built on (`<base>/setup/<token>`): an absolute http(s)
 * URL and nothing a link could not be built on — no query or fragment (the path would land in them),
 * no user or password (they would be mailed to every member), no path (the service answers at the
 * root of its address). Answered as its origin, the one spelling links, the cross-site check and the
 * `Secure` cookie all follow: `HTTPS://Recipes.Example.org:443/` is `https://recipes.example.org`.
 */
function publicBase(setting: string | undefined): string | undefined {
  const value = setting?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('SERVICE_PUBLIC_URL must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('SERVICE_PUBLIC_URL must be an absolute http(s) URL');
  }
  if (/[?#]/u.test(value)) {
    throw new ConfigError(
      'SERVICE_PUBLIC_URL must not hold a query or fragment (? or #): links are built by adding a path to it',
    );
  }
  if (url.username !== '' || url.password !== '' || /^[^/]*\/\/[^/]*@/u.test(value)) {
    throw new ConfigError(
      'SERVICE_PUBLIC_URL must not hold a user or password (user:password@): it goes into every mail',
    );
  }
  // Nobody reaches a service on port 0: a typo (`:0` for `:80`?) that every link would carry.
  if (url.port === '0') {
    throw new ConfigError('SERVICE_PUBLIC_URL must not name port 0: nobody reaches a service there');
  }
  // The web app, the API and every link live at the root; under a prefix only the links would.
  if (url.pathname.replace(/\/+$/u, '') !== '') {
    throw new ConfigError(
      'SERVICE_PUBLIC_URL must not hold a path: Larder is served at the root of its address (https://recipes.example.org, not https://example.org/larder)',
    );
  }
  return url.origin;
}

/** The levels pino knows, quietest last. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(value: string | undefined): string {
  const level = (value ?? 'info').trim().toLowerCase();
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError(`SERVICE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return level;
}

/**
 * A PostgreSQL server's URL (`postgres://user:password@host:5432/database`), or none (blank):
 * the embedded database. The value is never repeated in the message: it holds a password.
 */
function databaseUrl(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'postgres:' && url?.protocol !== 'postgresql:') {
    throw new ConfigError(
      'SERVICE_DATABASE_URL must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database), or unset for the embedded database',
    );
  }
  return text;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The built web app's directory. Unset: this checkout's or image's packages/web/dist, served when
 * it was built. Named: it must hold the app (`index.html`), or `/` answered 404 without a word.
 */
function webDir(value: string | undefined): string | null {
  const dir = value?.trim();
  if (dir?.toLowerCase() === 'off') return null;
  if (!dir) return fileURLToPath(new URL('../../web/dist', import.meta.url));
  if (!isDirectory(dir)) {
    throw new ConfigError(
      `SERVICE_WEB_DIR: there is no directory ${dir} (the built web app, or off for none)`,
    );
  }
  if (!isFile(join(dir, 'index.html'))) {
    throw new ConfigError(
      `SERVICE_WEB_DIR: ${dir} holds no index.html, so no built web app (npm run build makes packages/web/dist; off serves none)`,
    );
  }
  return dir;
}

function metricsToken(value: string | undefined): string | undefined {
  // A secret: taken as written (docs/configuration.md), so spaces around it are refused, not cut.
  const token = value;
  if (!token) return undefined;
  if (token.length < 16 || /\s/.test(token)) {
    throw new ConfigError('SERVICE_METRICS_TOKEN must be at least 16 characters without spaces');
  }
  return token;
}

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const HOST_AND_PORT = new RegExp(`^(?:${NAME}|\\[([0-9a-f:.]+)\\])(?::(\\d{1,5}))?$`, 'i');

/** `host` or `host:port`, the port from 1 to 65535 (`a.lan:99999` was taken, and matched no address). */
function isHostAndPort(entry: string): boolean {
  const [whole, ipv6, port] = HOST_AND_PORT.exec(entry) ?? [];
  if (whole === undefined) return false;
  if (ipv6 !== undefined && isIP(ipv6) !== 6) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

function draftAllowHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = hosts.find((entry) => !isHostAndPort(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `SERVICE_DRAFT_ALLOW_HOSTS: "${bad}" is not host or host:port (a port from 1 to 65535)`,
    );
  }
  return hosts;
}

function readCacheSetting(value: string | undefined): boolean {
  const v = (value ?? 'on').trim().toLowerCase();
  if (v === 'on' || v === 'true' || v === '1' || v === '') return true;
  if (v === 'off' || v === 'false' || v === '0') return false;
  throw new ConfigError('SERVICE_READ_CACHE must be on or off');
}
