/**
 * The API's field messages ("must not be empty", "must be at most 200 characters") and the
 * sentences members meet most in the member's language. The API speaks English; a German screen
 * should not. Messages not known here stay as the API wrote them.
 */
import { locale } from './i18n';

const TYPES_DE: Record<string, string> = {
  integer: 'eine ganze Zahl',
  number: 'eine Zahl',
  string: 'Text',
  boolean: 'ja oder nein',
  array: 'eine Liste',
  object: 'ein Objekt',
  null: 'leer',
};

const RANGE_DE = '„20-25 Minuten“';

/** Each known message: its pattern, and the German text made of what the pattern caught. */
const GERMAN: ReadonlyArray<readonly [RegExp, (...caught: string[]) => string]> = [
  [/^is required$/, () => 'fehlt'],
  [/^is not a known field$/, () => 'ist kein bekanntes Feld'],
  [/^must not be empty$/, () => 'darf nicht leer sein'],
  [
    /^must be (integer|number|string|boolean|array|object|null)(?: or (integer|number|string|boolean|array|object|null))?$/,
    (a, b) => `muss ${TYPES_DE[a!]}${b ? ` oder ${TYPES_DE[b]}` : ''} sein`,
  ],
  [/^must be at most (\d+) characters$/, (n) => `darf höchstens ${n} Zeichen lang sein`],
  [/^must be at least (\d+) characters$/, (n) => `muss mindestens ${n} Zeichen lang sein`],
  [/^must have at most (\d+) items$/, (n) => `darf höchstens ${n} Einträge haben`],
  [
    /^must have at least (\d+) items?$/,
    (n) => `braucht mindestens ${n} ${n === '1' ? 'Eintrag' : 'Einträge'}`,
  ],
  [/^must be at most (-?[\d.]+)$/, (n) => `darf höchstens ${n} sein`],
  [/^must be at least (-?[\d.]+)$/, (n) => `muss mindestens ${n} sein`],
  [/^must be one of (.+)$/, (values) => `muss einer dieser Werte sein: ${values}`],
  [/^has an invalid form$/, () => 'hat eine ungültige Form'],
  [/^must be a valid (\S+)$/, (format) => `ist kein gültiger Wert (${format})`],
  [/^must be an integer$/, () => 'muss eine ganze Zahl sein'],
  [/^must be a number$/, () => 'muss eine Zahl sein'],
  [/^must contain a number$/, () => 'muss eine Zahl enthalten'],
  [/^must occur in the step's text$/, () => 'muss im Text des Schritts vorkommen'],
  [/^names no ingredient of that group$/, () => 'nennt keine Zutat dieser Gruppe'],
  [/^must not contain control characters/, () => 'darf keine Steuerzeichen enthalten'],
  [/^must be valid Unicode text$/, () => 'muss gültiger Unicode-Text sein'],
  [/^must be an http or https address$/, () => 'muss eine http- oder https-Adresse sein'],
  [/^must be an email address$/, () => 'muss eine E-Mail-Adresse sein'],
  [/^must have at most (\d+) characters before the @$/, (n) => `darf vor dem @ höchstens ${n} Zeichen haben`],
  [/^must be greater than seconds$/, () => 'muss größer als die Sekunden sein'],
  [
    /^is required when the phrase is a range/,
    () => `ist nötig, wenn die Angabe eine Spanne ist, etwa ${RANGE_DE}`,
  ],
  [/^is only allowed when the phrase is a range/, () => `ist nur bei einer Spanne erlaubt, etwa ${RANGE_DE}`],
  // The sentences members meet most (a problem's detail); the reason a page gave stays its own.
  [/^The page could not be read: (.+)$/, (reason) => `Die Seite konnte nicht gelesen werden: ${reason}`],
  [/^could not be read: (.+)$/, (reason) => `konnte nicht gelesen werden: ${reason}`],
  [/^The current password is wrong\.$/, () => 'Das aktuelle Passwort stimmt nicht.'],
  [/^Wrong username or password\.$/, () => 'Benutzername oder Passwort stimmt nicht.'],
  [/^The username "(.+)" is taken\.$/, (name) => `Der Benutzername „${name}“ ist vergeben.`],
  [/^No such recipe\.$/, () => 'Dieses Rezept gibt es nicht.'],
  [/^This link is unknown, used or expired\.$/, () => 'Dieser Link ist unbekannt, benutzt oder abgelaufen.'],
  [/^This household sends no mail\.$/, () => 'Dieser Haushalt verschickt keine Mails.'],
  [
    /^You cannot mark your own recipe tasty\.$/,
    () => 'Das eigene Rezept kann man nicht als lecker markieren.',
  ],
];

/** A field message or a problem's sentence of the API, in the current language. */
export function inLanguage(message: string): string {
  if (locale() !== 'de') return message;
  for (const [pattern, german] of GERMAN) {
    const found = pattern.exec(message);
    if (found) return german(...found.slice(1));
  }
  return message;
}
