import { MailRefused, MailUnreachable, withoutLineBreaks } from '@larder/domain';
import type { NodemailerError } from 'nodemailer';

/** The timeouts a failure may be blamed on, to say how long Larder waited. */
export interface Patience {
  connectionTimeoutMs: number;
  greetingTimeoutMs: number;
  socketTimeoutMs: number;
  sendDeadlineMs: number;
}

/**
 * What a failed send means for the household: the server said no (`MailRefused`, with its
 * reply, so the owner can read it), or it could not be talked to (`MailUnreachable`, with a
 * short reason that names no setting and no secret).
 */
export function mailFailure(error: unknown, patience: Patience): MailRefused | MailUnreachable {
  const failure = (error ?? {}) as NodemailerError & {
    originalCode?: string;
    reason?: string;
    library?: string;
  };
  if (failure.code === 'EABORT') return new MailUnreachable(abortReason(failure, patience));
  if (isTlsFailure(failure)) return new MailUnreachable(`TLS failed: ${tlsReason(failure)}`);
  if (typeof failure.responseCode === 'number' && failure.responseCode >= 400) {
    return new MailRefused(serverSays(failure.response ?? String(failure.responseCode)));
  }
  if (failure.code === 'EENVELOPE' || failure.code === 'EMESSAGE') {
    return new MailRefused(serverSays(failure.response ?? failure.message ?? 'refused'));
  }
  return new MailUnreachable(unreachableReason(failure, patience));
}

function isTlsFailure(failure: { code?: string; originalCode?: string; library?: string }): boolean {
  if (failure.code === 'ETLS') return true;
  if (failure.library?.includes('SSL')) return true;
  const code = failure.originalCode ?? '';
  return /^ERR_(SSL|TLS)_|CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/u.test(code);
}

function tlsReason(failure: NodemailerError & { reason?: string }): string {
  if (failure.code === 'ETLS' && failure.response) return `STARTTLS answered ${serverSays(failure.response)}`;
  // Node's certificate messages end in advice about its own flags ("; if the root CA is …").
  return serverSays(failure.reason ?? (failure.message ?? 'handshake failed').split(';')[0]!);
}

function unreachableReason(
  failure: NodemailerError & { originalCode?: string },
  { connectionTimeoutMs, greetingTimeoutMs, socketTimeoutMs }: Patience,
): string {
  const message = failure.message ?? '';
  if (failure.code === 'ETIMEDOUT') {
    if (/greeting/iu.test(message)) return `the server did not greet within ${seconds(greetingTimeoutMs)}`;
    if (/connection timeout/iu.test(message)) return `no connection within ${seconds(connectionTimeoutMs)}`;
    return `the server did not answer within ${seconds(socketTimeoutMs)}`;
  }
  const code = failure.originalCode ?? failure.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'ECONNECTION') return 'the server closed the connection';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (code === 'EDNS' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  return serverSays(`${code || 'error'}: ${message.split('\n')[0]}`);
}

/** A send cut off by Larder itself: past its deadline, or because the service is stopping. */
function abortReason(failure: { cause?: unknown }, { sendDeadlineMs }: Patience): string {
  const reason = failure.cause as { name?: string } | undefined;
  if (reason?.name === 'TimeoutError') return `the server did not finish within ${seconds(sendDeadlineMs)}`;
  return 'cut off: the service is stopping';
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** The longest reply kept: enough to read, not a flood from a misbehaving server. */
const LONGEST_REPLY = 300;

/** A server's words made safe to show and log: one line, no control characters, bounded. */
export function serverSays(reply: string): string {
  const line = withoutLineBreaks(reply);
  return line.length <= LONGEST_REPLY ? line : `${line.slice(0, LONGEST_REPLY - 1)}…`;
}
