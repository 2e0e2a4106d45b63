import { EventEmitter } from 'node:events';
import type { MailSecurity, MailServer } from '@larder/domain';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { SINK_CERTIFICATE, SINK_KEY } from './sink-certificate.js';

/** One mail as the sink received it. */
export interface ReceivedMail {
  /** The SMTP envelope: who it was delivered to, lowercased (`RCPT TO`). */
  recipients: string[];
  /** The envelope sender (`MAIL FROM`). */
  sender: string;
  /** The `From` header. */
  from: { name: string; address: string };
  /** The `To` header's addresses. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The header section exactly as it arrived, to look for anything injected. */
  headers: string;
  /** The username that logged in to send it; null when nobody did. */
  user: string | null;
  /** Whether it came over TLS (from the first byte or after STARTTLS). */
  encrypted: boolean;
}

export interface SmtpSinkOptions {
  /** Ask for this login (PLAIN or LOGIN, allowed over plain text); mail without it is refused with 530. */
  auth?: { username: string; password: string };
  /** `none` (default): plain text, no STARTTLS; `starttls`: offers STARTTLS; `tls`: TLS from the first byte. */
  security?: MailSecurity;
  /** A fixed port; a free one on 127.0.0.1 otherwise. */
  port?: number;
}

/** An SMTP server in this process, on 127.0.0.1, for tests. */
export interface SmtpSink {
  readonly port: number;
  /** Every mail received so far, oldest first. */
  readonly mails: readonly ReceivedMail[];
  /** Settings for a mailer that sends here (sender `larder@example.org`, this sink's login and security). */
  mailServer(overrides?: Partial<MailServer>): MailServer;
  /** Mails delivered to this address (any case). */
  mailsTo(address: string): ReceivedMail[];
  /**
   * The first mail that matches, already received or yet to come: a recipient address or a
   * predicate. Rejects after `timeoutMs`, naming what did arrive.
   */
  waitFor(match: string | ((mail: ReceivedMail) => boolean), timeoutMs?: number): Promise<ReceivedMail>;
  /** From now on, answer `RCPT TO` for this address with `550 <message>`. */
  refuse(address: string, message?: string): void;
  /** Forgets the mails received so far (refusals stay). */
  clear(): void;
  /** Stops listening and drops open connections at once: the server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port, with the same mails and refusals. */
  start(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sink = new Sink(options);
  await sink.start();
  return sink;
}

class Sink implements SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private readonly arrivals = new EventEmitter();
  private readonly refusals = new Map<string, string>();
  private readonly security: MailSecurity;
  private server: SMTPServer | null = null;
  private listeningPort: number;

  constructor(private readonly options: SmtpSinkOptions) {
    this.security = options.security ?? 'none';
    this.listeningPort = options.port ?? 0;
  }

  get port(): number {
    return this.listeningPort;
  }

  mailServer(overrides: Partial<MailServer> = {}): MailServer {
    return {
      host: HOST,
      port: this.port,
      security: this.security,
      username: this.options.auth?.username,
      password: this.options.auth?.password,
      from: 'larder@example.org',
      ...overrides,
    };
  }

  mailsTo(address: string): ReceivedMail[] {
    const wanted = address.toLowerCase();
    return this.mails.filter((mail) => mail.recipients.includes(wanted));
  }

  waitFor(match: string | ((mail: ReceivedMail) => boolean), timeoutMs = 5000): Promise<ReceivedMail> {
    const matches =
      typeof match === 'string'
        ? (mail: ReceivedMail) => mail.recipients.includes(match.toLowerCase())
        : match;
    const already = this.mails.find(matches);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const onMail = (mail: ReceivedMail) => {
        if (!matches(mail)) return;
        done();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        done();
        const seen = this.mails.map((mail) => `${mail.recipients.join(',')}: ${mail.subject}`);
        reject(new Error(`no matching mail within ${timeoutMs} ms; received: [${seen.join('; ')}]`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.arrivals.off('mail', onMail);
      };
      this.arrivals.on('mail', onMail);
    });
  }

  refuse(address: string, message = `5.1.1 <${address}>: no such user`): void {
    this.refusals.set(address.toLowerCase(), message);
  }

  clear(): void {
    this.mails.length = 0;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer(this.serverOptions());
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.listeningPort, HOST, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    // A client that hangs up mid-conversation is an ordinary event here, not a failure of the sink.
    server.on('error', () => {});
    this.listeningPort = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(resolve));
    for (const connection of server.connections) connection.close();
    await closed;
  }

  private serverOptions(): SMTPServerOptions {
    const { auth } = this.options;
    return {
      logger: false,
      // A lookup of 127.0.0.1's name would only slow every mail down.
      disableReverseLookup: true,
      key: SINK_KEY,
      cert: SINK_CERTIFICATE,
      secure: this.security === 'tls',
      disabledCommands: [...(this.security === 'starttls' ? [] : ['STARTTLS']), ...(auth ? [] : ['AUTH'])],
      authOptional: !auth,
      allowInsecureAuth: true,
      onAuth: (login, _session, callback) => {
        if (auth && login.username === auth.username && login.password === auth.password) {
          callback(null, { user: login.username });
        } else {
          callback(smtpError(535, '5.7.8 Authentication credentials invalid'));
        }
      },
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refusals.get(address.address.toLowerCase());
        callback(refusal === undefined ? null : smtpError(550, refusal));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          received(raw, session)
            .then((mail) => {
              this.mails.push(mail);
              this.arrivals.emit('mail', mail);
              callback();
            })
            .catch(callback);
        });
      },
    };
  }
}

type Session = Parameters<NonNullable<SMTPServerOptions['onData']>>[1];

async function received(raw: Buffer, session: Session): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const end = raw.indexOf('\r\n\r\n');
  const sender = session.envelope.mailFrom;
  return {
    recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
    sender: sender ? sender.address : '',
    from: { name: parsed.from?.value[0]?.name ?? '', address: parsed.from?.value[0]?.address ?? '' },
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || '',
    headers: raw.subarray(0, end === -1 ? raw.length : end).toString('utf8'),
    user: typeof session.user === 'string' ? session.user : null,
    encrypted: session.secure,
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? ''));
}

/** An error smtp-server turns into the reply `<code> <message>`. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}
