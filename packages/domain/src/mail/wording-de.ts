import { wholeUnits } from './durations.js';
import type { MailLanguage } from './mail-language.js';

/** "Dieser Link ist … gültig": the accusative of a span of time ("einen Tag", "eine Stunde"). */
const UNITS = {
  day: ['einen Tag', 'Tage'],
  hour: ['eine Stunde', 'Stunden'],
  minute: ['eine Minute', 'Minuten'],
} as const;

const IF_NOT_YOU = 'Wenn du das nicht angefordert hast, ignoriere diese Mail.';

export const GERMAN: MailLanguage = {
  mails: {
    invitation: {
      subject: 'Deine Einladung zu Larder',
      lead: [
        'Hallo,',
        '{inviter} hat dich zur Rezeptsammlung des Haushalts auf Larder unter {site} eingeladen.',
        'Dein Benutzername ist {username}. Wähle ein Passwort, um dich anzumelden:',
      ],
      action: 'Passwort wählen',
      notes: ['Dieser Link ist {validity} gültig. Danach bitte {inviter} um einen neuen.'],
    },
    passwordReset: {
      subject: 'Dein Larder-Passwort zurücksetzen',
      lead: [
        'Hallo,',
        'Jemand möchte das Passwort des Kontos {username} auf Larder unter {site} zurücksetzen. Wenn du das warst, wähle hier ein neues Passwort:',
      ],
      action: 'Neues Passwort wählen',
      notes: [
        'Dieser Link ist {validity} gültig und funktioniert nur einmal. Mit einem neuen Passwort wirst du auf allen anderen Geräten abgemeldet.',
        `${IF_NOT_YOU} Dein Passwort bleibt, wie es ist.`,
      ],
    },
    passwordResetHint: {
      subject: 'Anmelden bei Larder',
      lead: [
        'Hallo,',
        'Jemand möchte das Passwort des Kontos {username} auf Larder unter {site} zurücksetzen.',
        'Dieses Konto hat kein Passwort: Du meldest dich mit {provider} an. Öffne Larder und wähle auf der Anmeldeseite {provider}.',
      ],
      action: 'Larder öffnen',
      notes: [IF_NOT_YOU],
    },
    addressConfirmation: {
      subject: 'Bestätige deine E-Mail-Adresse für Larder',
      lead: [
        'Hallo,',
        'Bitte bestätige, dass {address} die E-Mail-Adresse des Kontos {username} auf Larder unter {site} ist:',
      ],
      action: 'Adresse bestätigen',
      notes: [
        'Dieser Link ist {validity} gültig.',
        'Wenn du diese Adresse nicht eingetragen hast, ignoriere diese Mail.',
      ],
    },
    test: {
      subject: 'Testmail von Larder',
      lead: [
        'Hallo,',
        'Dies ist eine Testmail von Larder unter {site}. Wenn du sie lesen kannst, funktioniert der Mailversand: Einladungen, Links zum Zurücksetzen des Passworts und Adressbestätigungen können verschickt werden.',
      ],
      notes: [],
    },
  },
  linkFallback: 'Falls der Knopf nicht funktioniert, kopiere diese Adresse in deinen Browser:',
  signature: 'Gesendet von Larder unter {site}',
  duration(ms) {
    const { count, unit } = wholeUnits(ms);
    return count === 1 ? UNITS[unit][0] : `${count} ${UNITS[unit][1]}`;
  },
};
