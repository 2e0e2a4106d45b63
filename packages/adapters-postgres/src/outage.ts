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
  // PostgreSQL: shutting down, crashed, starting, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|PGlite is closed|Client was closed|driver has already been destroyed/i;

/** Whether an error means the database does not answer (rather than that a statement failed). */
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

/** Runs `work`, turning a database outage into `ServiceUnavailable`. */
export async function translatingOutage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseOutage(error)) throw databaseUnavailable();
    throw error;
  }
}
