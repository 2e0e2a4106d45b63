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
