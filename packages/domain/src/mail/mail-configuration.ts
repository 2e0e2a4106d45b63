import { normaliseEmail } from '../shared/email-address.js';
import type { Clock } from '../shared/clock.port.js';
import { Conflict, IssueList } from '../shared/errors.js';
import { DISGUISED_NAME_MESSAGE, hasControlCharacters, hasDisguisingCharacters } from '../shared/text.js';
import type { MailSettingsRepository } from './mail-settings-store.port.js';
import { MAIL_SECURITY, type MailSecurity, type MailServer } from './mailer.port.js';

/** Where the mail configuration in force comes from. */
export type MailSource = 'env' | 'settings' | 'none';

/** What the environment says about mail (`SERVICE_SMTP_*`, `SERVICE_PUBLIC_URL`). */
export interface MailEnvironment {
  /** Set: mail is configured by the environment, and the in-app settings are read-only. */
  server: MailServer | null;
  /** The household's public URL: without it no mail can carry a link. */
  publicUrl: string | null;
}

/** The mail settings as the owner sees them: never the password, only whether one is set. */
export interface MailSettingsView {
  source: MailSource;
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  passwordSet: boolean;
  from: string;
  fromName: string;
  publicUrlMissing: boolean;
}

/** What the owner enters (a missing password keeps the stored one, for the same server and username). */
export interface MailSettingsInput {
  host: string;
  port: number;
  security: MailSecurity;
  from: string;
  fromName?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
}

/** Mail that can go out now: the server in force and the household's address for links. */
export interface MailInForce {
  server: MailServer;
  /** Null when `SERVICE_PUBLIC_URL` is unset: mail without links (the test mail) still goes. */
  publicUrl: string | null;
}

/** Refuses settings that are not a usable server, or that could break a mail's headers. */
export function checkMailSettings(input: MailSettingsInput, at = ''): MailServer {
  const issues = new IssueList();
  const field = (name: string) => (at === '' ? name : `${at}.${name}`);
  const host = input.host.trim();
  if (host === '' || !/^[A-Za-z0-9.:[\]_-]+$/.test(host))
    issues.add(field('host'), 'must be a host name or address');
  if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65535) {
    issues.add(field('port'), 'must be from 1 to 65535');
  }
  if (!MAIL_SECURITY.includes(input.security)) issues.add(field('security'), 'must be starttls, tls or none');
  const from = normaliseEmail(input.from, field('from'), issues);
  if (from === null) issues.add(field('from'), 'must not be empty');
  for (const name of ['fromName', 'username', 'password'] as const) {
    const value = input[name];
    if (value !== undefined && hasControlCharacters(value)) {
      issues.add(field(name), 'must not contain control characters');
    }
  }
  // The sender's name is what every member sees in their inbox: it may not pose as another.
  if (input.fromName !== undefined && hasDisguisingCharacters(input.fromName)) {
    issues.add(field('fromName'), DISGUISED_NAME_MESSAGE);
  }
  issues.throwIfAny();
  const fromName = input.fromName?.trim();
  const username = input.username?.trim();
  return {
    host,
    port: input.port,
    security: input.security,
    from: from ?? '',
    ...(fromName ? { fromName } : {}),
    ...(username ? { username } : {}),
    ...(input.password ? { password: input.password } : {}),
  };
}

/**
 * The household's mail configuration: from the environment (then read-only here), or as the owner
 * entered it in the app, or none. (Who may see and change it is the operations' access rule: the
 * owner, from a signed-in session.)
 */
export class MailConfiguration {
  constructor(
    private readonly deps: { settings: MailSettingsRepository; clock: Clock; environment: MailEnvironment },
  ) {}

  /**
   * The server in force, or null when mail is off. Inside a transaction, pass its repositories:
   * the embedded database has one connection, which the transaction holds.
   */
  async inForce(repos?: { mailSettings: MailSettingsRepository }): Promise<MailInForce | null> {
    const { environment } = this.deps;
    const settings = repos?.mailSettings ?? this.deps.settings;
    const server = environment.server ?? (await settings.get());
    return server ? { server, publicUrl: environment.publicUrl } : null;
  }

  /** Mail with links can go out: a server is configured and the public URL is known. */
  async ready(repos?: {
    mailSettings: MailSettingsRepository;
  }): Promise<(MailInForce & { publicUrl: string }) | null> {
    const inForce = await this.inForce(repos);
    return inForce && inForce.publicUrl !== null ? { ...inForce, publicUrl: inForce.publicUrl } : null;
  }

  async view(): Promise<MailSettingsView> {
    const { environment, settings } = this.deps;
    const stored = environment.server ? null : await settings.get();
    const server = environment.server ?? stored;
    const source: MailSource = environment.server ? 'env' : stored ? 'settings' : 'none';
    return {
      source,
      host: server?.host ?? '',
      port: server?.port ?? 587,
      security: server?.security ?? 'starttls',
      username: server?.username ?? '',
      passwordSet: Boolean(server?.password),
      from: server?.from ?? '',
      fromName: server?.fromName ?? '',
      publicUrlMissing: environment.publicUrl === null,
    };
  }

  async save(input: MailSettingsInput): Promise<MailSettingsView> {
    this.refuseWhileEnvironment();
    const server = checkMailSettings(input);
    await this.deps.settings.save(await this.withStoredPassword(server), this.deps.clock.now());
    return this.view();
  }

  async clear(): Promise<void> {
    this.refuseWhileEnvironment();
    await this.deps.settings.clear();
  }

  /**
   * The server a test mail goes through: the unsaved values when given (a missing password is
   * the stored one, but only for the stored host and username), else the configuration in force.
   */
  async forTest(unsaved?: MailSettingsInput): Promise<MailInForce> {
    if (unsaved) {
      const server = await this.withStoredPassword(checkMailSettings(unsaved, 'config'));
      return { server, publicUrl: this.deps.environment.publicUrl };
    }
    const inForce = await this.inForce();
    if (!inForce) throw new Conflict('mail.off', 'Mail is not configured; give the settings to test.');
    return inForce;
  }

  /**
   * A password left out keeps the stored one, for the stored host and username only (as the
   * contract says): another host is another server, which must be given the password anew. Another
   * port or security on that host keeps it — moving from 587 with STARTTLS to 465 with TLS is one
   * server — but not a move to `none` from an encrypted connection, which would send the stored
   * password in the clear.
   */
  private async withStoredPassword(server: MailServer): Promise<MailServer> {
    if (server.password) return server;
    const stored = await this.deps.settings.get();
    const same =
      stored &&
      stored.host === server.host &&
      (stored.username ?? '') === (server.username ?? '') &&
      !(server.security === 'none' && stored.security !== 'none');
    return same && stored.password ? { ...server, password: stored.password } : server;
  }

  private refuseWhileEnvironment(): void {
    if (this.deps.environment.server) {
      throw new Conflict(
        'mail.from_environment',
        'Mail is configured by the environment (SERVICE_SMTP_*); change it there.',
      );
    }
  }
}
