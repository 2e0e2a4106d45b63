/** Everything the service reads from its environment (see docs/configuration.md). */
export interface Config {
  host: string | undefined;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUser: string;
  adminPassword: string | undefined;
  /** Absolute base URL for links; its origin also passes the cross-site check. */
  publicUrl: string | undefined;
  secureCookies: boolean;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  bcryptCost: number;
  /** Largest JSON body accepted, in bytes. */
  jsonLimitBytes: number;
}

export class ConfigError extends Error {}

function parseAddr(addr: string): { host: string | undefined; port: number } {
  const match = /^(?:\[?([^\]]*?)\]?)?:(\d{1,5})$/.exec(addr.trim());
  if (!match) throw new ConfigError(`SERVICE_ADDR must look like ":8060" or "127.0.0.1:8060", not "${addr}"`);
  const port = Number(match[2]);
  if (port > 65535) throw new ConfigError(`SERVICE_ADDR port ${port} is out of range`);
  return { host: match[1] ? match[1] : undefined, port };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { host, port } = parseAddr(env['SERVICE_ADDR'] ?? ':8060');
  const publicUrl = env['SERVICE_PUBLIC_URL']?.trim() || undefined;
  if (publicUrl) {
    try {
      const url = new URL(publicUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    } catch {
      throw new ConfigError('SERVICE_PUBLIC_URL must be an absolute http(s) URL');
    }
  }
  const logFormat = env['SERVICE_LOG_FORMAT'] ?? 'json';
  if (logFormat !== 'json' && logFormat !== 'pretty') throw new ConfigError('SERVICE_LOG_FORMAT must be json or pretty');
  const cost = Number(env['SERVICE_BCRYPT_COST'] ?? 10);
  if (!Number.isInteger(cost) || cost < 10 || cost > 15) throw new ConfigError('SERVICE_BCRYPT_COST must be an integer from 10 to 15');
  return {
    host,
    port,
    dataDir: env['SERVICE_DATA_DIR'] ?? './data',
    databaseUrl: env['SERVICE_DATABASE_URL']?.trim() || undefined,
    adminUser: env['SERVICE_ADMIN_USER']?.trim() || 'admin',
    adminPassword: env['SERVICE_ADMIN_PASSWORD'] || undefined,
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    logLevel: env['SERVICE_LOG_LEVEL'] ?? 'info',
    logFormat,
    bcryptCost: cost,
    jsonLimitBytes: 1024 * 1024,
  };
}
