import { isIP } from 'node:net';
import { nonPublicReason } from './public-address.js';

/** An address the guard will not let the fetcher open; `reason` completes "This address cannot be read: …". */
export class AddressRefused extends Error {
  constructor(readonly reason: string) {
    super(`address refused: ${reason}`);
    this.name = 'AddressRefused';
  }
}

interface AllowedHost {
  host: string;
  /** null: the scheme's own port (80 for http, 443 for https). */
  port: number | null;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** A host as the guard compares it: lower case, no brackets around IPv6, no trailing dot, IPs canonical. */
function hostKey(host: string): string {
  const bare = host
    .replace(/^\[(.*)\]$/u, '$1')
    .replace(/\.$/u, '')
    .toLowerCase();
  if (isIP(bare) === 6) return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  try {
    // The URL parser spells IPv4 in every form ("127.1", "0x7f000001") as dotted quads, and names as punycode.
    return new URL(`http://${bare}/`).hostname;
  } catch {
    return bare;
  }
}

function stripZone(address: string): string {
  const percent = address.indexOf('%');
  return percent === -1 ? address : address.slice(0, percent);
}

/**
 * Decides which addresses the fetcher may open: http and https only, never a non-public IP
 * address, except for the `host[:port]`s named in `SERVICE_DRAFT_ALLOW_HOSTS` (a host without a
 * port is allowed on its scheme's own port only).
 */
export class AddressGuard {
  private readonly allowed: AllowedHost[];

  constructor(allowHosts: readonly string[] = []) {
    this.allowed = allowHosts
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .map(parseAllowed);
  }

  /** True when `host` on `port` is named in the allow list. */
  allows(host: string, port: number, defaultPort: number): boolean {
    const key = hostKey(host);
    return this.allowed.some((a) => a.host === key && (a.port ?? defaultPort) === port);
  }

  /**
   * Why `url` may not be opened, when that can be told without contacting anything (its scheme,
   * an IP literal, `localhost`); null when only the resolved addresses can tell.
   */
  refusalOf(url: URL): string | null {
    const defaultPort = DEFAULT_PORTS[url.protocol];
    if (defaultPort === undefined) return 'only http and https addresses are read';
    const port = url.port === '' ? defaultPort : Number(url.port);
    if (this.allows(url.hostname, port, defaultPort)) return null;
    const host = hostKey(url.hostname);
    if (isIP(host) !== 0) {
      const reason = nonPublicReason(host);
      return reason === null ? null : `it points to ${reason}`;
    }
    // RFC 6761: every name under localhost is this machine, whatever a resolver says.
    if (host === 'localhost' || host.endsWith('.localhost')) return 'it names this machine';
    return null;
  }

  /** Why a connection to `address` (resolved from `host`, or `host` itself) is refused; null when public. */
  refusalOfAddress(host: string, address: string): string | null {
    const reason = nonPublicReason(stripZone(address));
    if (reason === null) return null;
    return isIP(stripZone(host)) !== 0 ? `it points to ${reason}` : `${host} resolves to ${reason}`;
  }
}

function parseAllowed(entry: string): AllowedHost {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/u.exec(entry);
  if (!match) throw new Error(`SERVICE_DRAFT_ALLOW_HOSTS: "${entry}" is not host[:port]`);
  return { host: hostKey(match[1]!), port: match[2] === undefined ? null : Number(match[2]) };
}
