import { ServiceUnavailable } from '@larder/domain';

/** How long a client is asked to wait before trying again while the database does not answer. */
export const OUTAGE_RETRY_SECONDS = 5;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: shutting down, crashed, starting, the database dropped, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '53300',
  // PostgreSQL refusing the service: a password changed (28P01), a login refused by pg_hba.conf or
  // a role gone (28000), the database gone (3D000), no permission (42501: CONNECT revoked, or
  // grants lost in a restore). The operator must act, but each request is the same refusal.
  '28P01',
  '28000',
  '3D000',
  '42501',
  // disk_full: nothing is written until there is room again (PGlite's full disk says it too).
  '53100',
]);

const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|PGlite is closed|Client was closed|driver has already been destroyed/i;

/**
 * Whether an error means the database does not answer, or cannot write at all (rather than that a
 * statement failed).
 */
export function isDatabaseOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
}

/** The domain's answer to a database that does not answer: try again in a few seconds. */
export function databaseUnavailable(): ServiceUnavailable {
  return new ServiceUnavailable(
    'database.unavailable',
    'The database does not answer right now; try again in a few seconds.',
    OUTAGE_RETRY_SECONDS,
  );
}

/** Runs `work`, turning a database outage into `ServiceUnavailable`; `onOutage` is told its cause. */
export async function translatingOutage<T>(
  work: () => Promise<T>,
  onOutage: (cause: unknown) => void = () => undefined,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    onOutage(error);
    const unavailable = databaseUnavailable();
    (unavailable as { cause?: unknown }).cause = error;
    throw unavailable;
  }
}

/**
 * The configured database could not be opened at all: a PostgreSQL server that does not answer
 * or refuses the login, or a data directory the embedded one cannot use. Its message is one line
 * for the operator, naming where and why.
 */
export class CannotOpenDatabase extends Error {
  override name = 'CannotOpenDatabase';
}

/** `listen` on a database this instance has closed, or closes while the listening connection opens. */
export class DatabaseClosed extends Error {
  override name = 'DatabaseClosed';
  constructor() {
    super('the database was closed');
  }
}

/** The words an operator is told for the system's error codes, where its message says it worse. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'no answer',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ENOTFOUND: 'no host has that name',
  EAI_AGAIN: 'the host name could not be looked up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a directory',
};

/** Why something failed, in one line: the system's code in words, else the error's own message. */
export function failureReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && REASONS[code]) return REASONS[code];
  const message = error instanceof Error ? error.message : String(error);
  // pg's pool says a connect timeout in its own words.
  if (/timeout/i.test(message) && /connect/i.test(message)) return 'no answer';
  return message.split('\n')[0] ?? message;
}
