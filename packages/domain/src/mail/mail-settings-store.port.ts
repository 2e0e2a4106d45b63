import type { MailServer } from './mailer.port.js';

/** The mail server the owner configured in the app (one per household). */
export interface MailSettingsRepository {
  get(): Promise<MailServer | null>;
  save(server: MailServer, at: Date): Promise<void>;
  /** Turns in-app mail off; answers whether there was anything to clear. */
  clear(): Promise<boolean>;
}
