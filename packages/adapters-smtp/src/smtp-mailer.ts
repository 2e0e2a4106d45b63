import { createHash } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import type { MailServer, Mailer, OutgoingMail } from '@larder/domain';
import nodemailer, { type SMTPTransportOptions, type Transporter } from 'nodemailer';
import { refuseUnlikelyAddresses, refuseUnsafeHeaders } from './header-guard.js';
import { type Patience, mailFailure } from './smtp-errors.js';

/** The sender's name when the household has not chosen one. */
export const DEFAULT_SENDER_NAME = 'Larder';

export interface SmtpMailerOptions {
  /** How long to wait for the connection (and, with `tls`, its handshake). Default 5 s. */
  connectionTimeoutMs?: number;
  /** How long to wait for the server's greeting once connected. Default 5 s. */
  greetingTimeoutMs?: number;
  /** How long the server may stay silent in the middle of the conversation. Default 10 s. */
  socketTimeoutMs?: number;
  /**
   * The longest one send (or check) may take in all, from connecting to the server's last word,
   * however busy the server keeps the connection: then it is dropped and the send fails. Default 30 s.
   */
  sendDeadlineMs?: number;
  /** PEM certificates to trust besides the usual public ones (a household's own CA, a test server). */
  trustedCertificates?: string[];
}

/** Settings in use at the same time are few (the settings in force, an owner's test of new ones). */
const TRANSPORTS_KEPT = 4;

/**
 * Sends mail through the household's SMTP server. The owner can change the settings at any
 * time, so each send names its server; a transport is kept per distinct server and login.
 * Each mail goes over its own connection (mail is rare here, and a fresh connection survives a
 * server restart without stale sockets to notice). No send outlasts its deadline: a server that
 * keeps talking without ever finishing holds nobody up for longer.
 */
export class SmtpMailer implements Mailer {
  private readonly transports = new Map<string, Transporter>();
  private readonly patience: Patience;
  private readonly trusted: string[] | undefined;
  /** Aborted by `close`: sends still under way are cut off. */
  private stopping = new AbortController();

  constructor(options: SmtpMailerOptions = {}) {
    this.patience = {
      connectionTimeoutMs: options.connectionTimeoutMs ?? 5000,
      greetingTimeoutMs: options.greetingTimeoutMs ?? 5000,
      socketTimeoutMs: options.socketTimeoutMs ?? 10_000,
      sendDeadlineMs: options.sendDeadlineMs ?? 30_000,
    };
    // Node's `ca` replaces the public roots, so extra certificates are added to them.
    this.trusted = options.trustedCertificates && [...rootCertificates, ...options.trustedCertificates];
  }

  async send(server: MailServer, mail: OutgoingMail): Promise<void> {
    const fromName = server.fromName?.trim() || DEFAULT_SENDER_NAME;
    refuseUnsafeHeaders({ to: mail.to, subject: mail.subject, from: server.from, fromName });
    refuseUnlikelyAddresses({ to: mail.to, from: server.from });
    await this.withinDeadline((signal) =>
      this.transportFor(server).sendMail({
        from: { name: fromName, address: server.from },
        to: { name: '', address: mail.to },
        // Said outright, so the envelope is exactly one sender and one recipient, whatever the headers hold.
        envelope: { from: server.from, to: [mail.to] },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Ends the connection when it fires.
        signal,
      }),
    );
  }

  async verify(server: MailServer): Promise<void> {
    // nodemailer's check takes no signal: past the deadline it is given up on, and its connection
    // is left to end with the server's silence (the socket timeout) or the server itself.
    await this.withinDeadline((signal) =>
      Promise.race([this.transportFor(server).verify(), aborted(signal)]),
    );
  }

  /** Cuts off the sends under way and closes every kept transport (at shutdown). */
  close(): void {
    this.stopping.abort();
    this.stopping = new AbortController();
    for (const transport of this.transports.values()) transport.close();
    this.transports.clear();
  }

  /** Runs one exchange with the server under the send deadline; failures become the domain's. */
  private async withinDeadline(exchange: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
    const signal = AbortSignal.any([AbortSignal.timeout(this.patience.sendDeadlineMs), this.stopping.signal]);
    try {
      await exchange(signal);
    } catch (error) {
      throw mailFailure(error, this.patience);
    }
  }

  private transportFor(server: MailServer): Transporter {
    const key = transportKey(server);
    const kept = this.transports.get(key);
    if (kept) {
      // Most recently used last, so the oldest is the one let go.
      this.transports.delete(key);
      this.transports.set(key, kept);
      return kept;
    }
    const transport = nodemailer.createTransport(this.transportOptions(server));
    this.transports.set(key, transport);
    if (this.transports.size > TRANSPORTS_KEPT) {
      const [oldestKey, oldest] = this.transports.entries().next().value!;
      this.transports.delete(oldestKey);
      oldest.close();
    }
    return transport;
  }

  private transportOptions(server: MailServer): SMTPTransportOptions {
    const { connectionTimeoutMs, greetingTimeoutMs, socketTimeoutMs } = this.patience;
    return {
      host: server.host,
      port: server.port,
      ...SECURITY[server.security],
      ...(server.username ? { auth: { user: server.username, pass: server.password ?? '' } } : {}),
      ...(this.trusted ? { tls: { ca: this.trusted } } : {}),
      connectionTimeout: connectionTimeoutMs,
      greetingTimeout: greetingTimeoutMs,
      socketTimeout: socketTimeoutMs,
      dnsTimeout: connectionTimeoutMs,
      // Our mails are strings: nothing in them may make nodemailer read a file or fetch a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
    };
  }
}

/**
 * `tls`: TLS from the first byte (usually port 465). `starttls`: plain, then upgraded, and the
 * mail is not sent if the upgrade fails. `none`: plain text, even if the server offers STARTTLS.
 */
const SECURITY: Record<
  MailServer['security'],
  Pick<SMTPTransportOptions, 'secure' | 'requireTLS' | 'ignoreTLS'>
> = {
  tls: { secure: true },
  starttls: { secure: false, requireTLS: true },
  none: { secure: false, ignoreTLS: true },
};

/** Rejects as nodemailer does when a send is aborted (`EABORT`, the signal's reason as the cause). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const abort = () =>
      reject(Object.assign(new Error('aborted', { cause: signal.reason }), { code: 'EABORT' }));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

/** Which transport serves these settings; the password enters only as part of a digest. */
function transportKey(server: MailServer): string {
  const login = [server.username ?? '', server.password ?? ''];
  const digest = createHash('sha256').update(JSON.stringify(login)).digest('base64url');
  return JSON.stringify([server.host, server.port, server.security, digest]);
}
