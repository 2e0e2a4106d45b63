import { ServiceUnavailable } from '@larder/domain';

/** Told the cause of every failure a store answers as an outage (the composition root logs it once). */
export type OutageReport = (cause: unknown) => void;

/** The domain's answer to photo storage that cannot be used now: a 503 with Retry-After. */
export function storageUnavailable(
  message: string,
  retryAfterSeconds: number,
  cause: unknown,
): ServiceUnavailable {
  const error = new ServiceUnavailable('images.storage_unavailable', message, retryAfterSeconds);
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/** The system's codes of a storage server that cannot be reached, in words. */
const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'no answer',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ENOTFOUND: 'no host has that name',
  EAI_AGAIN: 'the host name could not be looked up',
  EPROTO: 'TLS failed (an https endpoint on a server that speaks http?)',
};

/**
 * Why photo storage failed, in one line for the operator (`larder check`): the server's own error
 * (`NoSuchBucket`, `AccessDenied`, `InvalidAccessKeyId`, `SignatureDoesNotMatch`) or why it could
 * not be reached (`connection refused`), rather than the "try again" a request is answered.
 */
export function storageFailureReason(error: unknown): string {
  let cause = error;
  while (cause instanceof ServiceUnavailable && (cause as { cause?: unknown }).cause !== undefined) {
    cause = (cause as { cause?: unknown }).cause;
  }
  // Node's connect to every address of a host fails as one AggregateError.
  if (cause instanceof AggregateError && cause.errors.length > 0) cause = cause.errors[0];
  const { code, name, message } = (cause ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const text = typeof message === 'string' ? (message.split('\n')[0] ?? '') : String(cause);
  // The code, or where the SDK wrapped the system's error, the code its message names.
  const said = typeof code === 'string' ? code : /\b(E[A-Z]+|ERR_SSL_[A-Z_]+)\b/u.exec(text)?.[1];
  if (said && UNREACHABLE[said]) return `${UNREACHABLE[said]} (${said})`;
  if (said?.startsWith('ERR_SSL_')) return `${UNREACHABLE['EPROTO']} (${said})`;
  // The S3 server's answer: its error code is the error's name.
  if (typeof name === 'string' && name !== 'Error' && !text.startsWith(name)) {
    return text && text !== 'UnknownError' ? `${name}: ${text}` : name;
  }
  return text;
}
