import { normaliseEmail } from '../shared/email-address.js';
import { IssueList } from '../shared/errors.js';
import type { MailConfiguration, MailSettingsInput } from './mail-configuration.js';
import type { Mailer } from './mailer.port.js';
import { testMail } from './messages.js';

/**
 * The owner's check that mail works: one test mail through the configuration in force, or through
 * unsaved values. A refusal by the server is `MailRefused` with its reply (a 502); a server that
 * cannot be reached is `MailUnreachable`.
 */
export class MailTest {
  constructor(private readonly deps: { configuration: MailConfiguration; mailer: Mailer }) {}

  /** `siteUrl` names the household in the mail (its public URL when known, else where the owner is). */
  async send(to: string, locale: string, siteUrl: string, unsaved?: MailSettingsInput): Promise<void> {
    const issues = new IssueList();
    const address = normaliseEmail(to, 'to', issues);
    if (address === null) issues.add('to', 'must not be empty');
    issues.throwIfAny();
    const { server, publicUrl } = await this.deps.configuration.forTest(unsaved);
    await this.deps.mailer.send(
      server,
      testMail({ to: address ?? to, locale, publicUrl: publicUrl ?? siteUrl }),
    );
  }
}
