import { isDiskFault } from '@larder/adapters-s3-images';
import type { Logger } from 'pino';

/** A failure with the same cause within this long of the last one is the same outage, not said again. */
const SAME_OUTAGE_MS = 10 * 60_000;

/** PostgreSQL's disk_full, which the embedded database's full disk raises too. */
const DATABASE_DISK_FULL = '53100';

/** The system's or the server's code of a cause, else its name: what stays the same through one outage. */
function codeOf(cause: unknown): string | undefined {
  const { code, name } = (cause ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string') return code;
  return typeof name === 'string' && name !== 'Error' ? name : undefined;
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Says in the log, once, that a part the service depends on fails, and why — without a stack, and
 * not again for every request the outage answers 503 while it lasts (the same cause again within
 * ten minutes of the last failure). A fault of this machine's disk (no permission, read-only, full)
 * is an error: it lasts until the operator acts. A service that does not answer (a bucket, a
 * database server) is a warning: it usually comes back by itself.
 */
export class OutageLog {
  private readonly last = new Map<string, { cause: string; at: number }>();

  constructor(private readonly logger: Logger | undefined) {}

  /** What an adapter calls with each failure it answers as an outage of `part`. */
  reporter(part: string): (cause: unknown) => void {
    return (cause) => this.report(part, cause);
  }

  private report(part: string, cause: unknown): void {
    const code = codeOf(cause);
    const key = code ?? reasonOf(cause);
    const now = Date.now();
    const last = this.last.get(part);
    this.last.set(part, { cause: key, at: now });
    if (last?.cause === key && now - last.at < SAME_OUTAGE_MS) return;
    const onOwnDisk = isDiskFault(cause) || code === DATABASE_DISK_FULL;
    this.logger?.[onOwnDisk ? 'error' : 'warn'](
      { part, reason: reasonOf(cause), ...(code ? { code } : {}) },
      `${part} cannot be used; requests that need it answer 503 until it can`,
    );
  }
}
