import type { OutgoingMail } from '../../src/mail/mailer.port.js';
import {
  addressConfirmationMail,
  invitationMail,
  passwordResetHintMail,
  passwordResetMail,
  testMail,
} from '../../src/mail/messages.js';
import { mailLocale } from '../../src/mail/wording.js';
import { SETUP_LINK_LIFETIME_MS } from '../../src/accounts/setup-links.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SITE = 'https://recipes.example.org';
const LINK = 'https://recipes.example.org/setup/Zm9vYmFy_token';

function everyKind(locale: string): Record<string, OutgoingMail> {
  const to = 'zoe@example.org';
  return {
    invitation: invitationMail({
      to,
      locale,
      publicUrl: SITE,
      inviterName: 'Ada',
      username: 'zoe',
      link: LINK,
      validForMs: SETUP_LINK_LIFETIME_MS,
    }),
    passwordReset: passwordResetMail({
      to,
      locale,
      publicUrl: SITE,
      username: 'zoe',
      link: LINK,
      validForMs: HOUR,
    }),
    passwordResetHint: passwordResetHintMail({
      to,
      locale,
      publicUrl: SITE,
      username: 'zoe',
      providerName: 'Keycloak',
    }),
    addressConfirmation: addressConfirmationMail({
      to,
      locale,
      publicUrl: SITE,
      username: 'zoe',
      link: LINK,
      validForMs: 7 * DAY,
    }),
    test: testMail({ to, locale, publicUrl: SITE }),
  };
}

/** What a reader sees of the HTML part: its tags taken away. */
function readable(html: string): string {
  return html.replace(/<[^>]*>/gu, '');
}

/** Both parts as read, for checks that must hold in each. */
function parts(mail: OutgoingMail): string[] {
  return [mail.text, readable(mail.html)];
}

describe.each(['en', 'de'])('every mail in %s', (locale) => {
  const mails = everyKind(locale);

  it.each(Object.keys(mails))('%s names Larder and the household, in text and HTML', (kind) => {
    const mail = mails[kind]!;
    expect(mail.to).toBe('zoe@example.org');
    expect(mail.subject).toContain('Larder');
    for (const part of parts(mail)) {
      expect(part).toContain('Larder');
      expect(part).toContain(SITE);
    }
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).toContain(`<a href="${SITE}"`);
  });

  it.each(Object.keys(mails))('%s fetches nothing: no image, no stylesheet, no script', (kind) => {
    const html = mails[kind]!.html;
    expect(html).not.toMatch(/<img|<link|<script|<style|src=|url\(/iu);
  });

  it.each(Object.keys(mails))('%s closes every attribute it opens', (kind) => {
    for (const tag of mails[kind]!.html.match(/<[^>]*>/gu)!) {
      expect(tag.replace(/[\w-]+="[^"]*"/gu, '')).not.toMatch(/["']/u);
    }
  });
});

describe('link mails', () => {
  const validity = {
    invitation: { en: 'valid for 7 days', de: '7 Tage gültig' },
    passwordReset: {
      en: 'valid for one hour and works only once',
      de: 'eine Stunde gültig und funktioniert nur einmal',
    },
    addressConfirmation: { en: 'valid for 7 days', de: '7 Tage gültig' },
  };

  it.each(['en', 'de'] as const)(
    'carry the link as a button and written out, and say how long it works (%s)',
    (locale) => {
      const mails = everyKind(locale);
      for (const [kind, says] of Object.entries(validity)) {
        const mail = mails[kind]!;
        expect(mail.text).toContain(`\n\n${LINK}\n\n`);
        expect(mail.html).toContain(`<a href="${LINK}" style="display:inline-block`);
        expect(mail.html.split(`href="${LINK}"`)).toHaveLength(3);
        for (const part of parts(mail)) expect(part).toContain(says[locale]);
      }
    },
  );

  it('say the lifetime they are given, in whole units', () => {
    const reset = (validForMs: number, locale = 'en') =>
      passwordResetMail({ to: 'a@b.c', locale, publicUrl: SITE, username: 'zoe', link: LINK, validForMs })
        .text;
    expect(reset(2 * HOUR)).toContain('valid for 2 hours');
    expect(reset(DAY)).toContain('valid for one day');
    expect(reset(DAY, 'de')).toContain('einen Tag gültig');
    expect(reset(90 * 60 * 1000)).toContain('valid for 90 minutes');
    expect(reset(90 * 1000)).toContain('valid for one minute');
  });

  it('the invitation names who invited and the username to sign in with', () => {
    const { invitation } = everyKind('de');
    expect(invitation!.subject).toBe('Deine Einladung zu Larder');
    expect(invitation!.text).toContain('Ada hat dich zur Rezeptsammlung des Haushalts auf Larder unter');
    expect(invitation!.text).toContain('Dein Benutzername ist zoe.');
    expect(invitation!.html).toContain('<strong>Ada</strong>');
  });

  it('the password reset tells whoever did not ask to ignore it', () => {
    const { passwordReset } = everyKind('en');
    expect(passwordReset!.text).toContain(
      'If you did not ask for this, ignore this mail. Your password stays as it is.',
    );
  });

  it('the address confirmation names the address being confirmed', () => {
    const { addressConfirmation } = everyKind('en');
    expect(addressConfirmation!.text).toContain(
      'Please confirm that zoe@example.org is the email address of the account zoe',
    );
  });
});

describe('the reset hint for an account that signs in through the identity provider', () => {
  it.each([
    ['en', 'you sign in with Keycloak'],
    ['de', 'Du meldest dich mit Keycloak an'],
  ])('sends no link, only the way to sign in (%s)', (locale, says) => {
    const mail = everyKind(locale).passwordResetHint!;
    expect(mail.text).toContain(says);
    expect(mail.text).not.toContain('/setup/');
    expect(mail.html).not.toContain('/setup/');
    expect(new Set(mail.html.match(/href="[^"]*"/gu))).toEqual(new Set([`href="${SITE}"`]));
  });
});

describe('language', () => {
  it('falls back to English for a language Larder does not speak', () => {
    expect(testMail({ to: 'a@b.c', locale: 'fr', publicUrl: SITE })).toEqual(
      testMail({ to: 'a@b.c', locale: 'en', publicUrl: SITE }),
    );
    expect(mailLocale('')).toBe('en');
    expect(mailLocale(undefined)).toBe('en');
  });

  it('reads a regional tag by its language', () => {
    expect(mailLocale('de-AT')).toBe('de');
    expect(mailLocale('DE_ch')).toBe('de');
    expect(testMail({ to: 'a@b.c', locale: 'de-AT', publicUrl: SITE }).subject).toBe('Testmail von Larder');
  });
});

describe('hostile values', () => {
  const hostileName = '<script>alert("hi")</script> & "Ada"';

  it('are escaped in the HTML part', () => {
    const mail = invitationMail({
      to: 'zoe@example.org',
      locale: 'en',
      publicUrl: SITE,
      inviterName: hostileName,
      username: 'zoe"><img src=x>',
      link: LINK,
      validForMs: DAY,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(
      '<strong>&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &quot;Ada&quot;</strong>',
    );
    expect(mail.html).toContain('<strong>zoe&quot;&gt;&lt;img src=x&gt;</strong>');
    expect(mail.text).toContain(`${hostileName} has invited you`);
  });

  it('cannot start a line of their own in the text part or reach a header', () => {
    const forged = 'Ada\r\n\r\nhttps://evil.example/setup/steal\r\nSubject: hi';
    const mail = invitationMail({
      to: 'zoe@example.org',
      locale: 'en',
      publicUrl: SITE,
      inviterName: forged,
      username: 'zoe\nBcc: all@example.org',
      link: LINK,
      validForMs: DAY,
    });
    expect(mail.text).not.toMatch(/^https:\/\/evil/mu);
    expect(mail.text).not.toMatch(/^(Subject|Bcc):/mu);
    expect(mail.text).toContain('Ada https://evil.example/setup/steal Subject: hi has invited you');
    expect(mail.subject).toBe('Your invitation to Larder');
    expect(mail.to).toBe('zoe@example.org');
    for (const header of [mail.to, mail.subject]) expect(header).not.toMatch(/[\r\n\0]/u);
  });

  it('in the recipient address stop the mail instead of reaching the To header', () => {
    for (const to of ['zoe@example.org\r\nBcc: all@example.org', 'zoe@example.org\n', 'zoe@example.org\0']) {
      expect(() => testMail({ to, locale: 'en', publicUrl: SITE })).toThrow(/line break/);
      expect(() =>
        addressConfirmationMail({
          to,
          locale: 'de',
          publicUrl: SITE,
          username: 'zoe',
          link: LINK,
          validForMs: DAY,
        }),
      ).toThrow(/line break/);
    }
  });

  it('never turn a link into script', () => {
    expect(() =>
      passwordResetMail({
        to: 'zoe@example.org',
        locale: 'en',
        publicUrl: SITE,
        username: 'zoe',
        link: 'javascript:alert(1)',
        validForMs: HOUR,
      }),
    ).toThrow(/http\(s\)/);
    expect(() =>
      testMail({ to: 'zoe@example.org', locale: 'en', publicUrl: 'https://x.example/"><script>' }),
    ).toThrow(/http\(s\)/);
  });

  it('that look like placeholders are shown as typed', () => {
    const mail = invitationMail({
      to: 'zoe@example.org',
      locale: 'en',
      publicUrl: SITE,
      inviterName: '{username} {site}',
      username: 'zoe',
      link: LINK,
      validForMs: DAY,
    });
    expect(mail.text).toContain('{username} {site} has invited you');
  });
});
