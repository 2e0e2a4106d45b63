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

/** What kind of address the page reader refused (adapters-web-pages' public-address.ts). */
const ADDRESS_KINDS_DE: Record<string, string> = {
  'an unspecified address': 'eine unbestimmte Adresse',
  'a private address': 'eine private Adresse',
  'a carrier-grade NAT address': 'eine Carrier-Grade-NAT-Adresse',
  'a loopback address': 'eine Loopback-Adresse',
  'a link-local address': 'eine Link-Local-Adresse',
  'a reserved address': 'eine reservierte Adresse',
  'a documentation address': 'eine Dokumentationsadresse',
  'a 6to4 relay address': 'eine 6to4-Relay-Adresse',
  'a 6to4 address': 'eine 6to4-Adresse',
  'a benchmarking address': 'eine Benchmark-Adresse',
  'a multicast address': 'eine Multicast-Adresse',
  'an IPv4-mapped address': 'eine IPv4-gemappte Adresse',
  'an IPv4-compatible address': 'eine IPv4-kompatible Adresse',
  'a NAT64 address': 'eine NAT64-Adresse',
  'a unique local address': 'eine Unique-Local-Adresse',
  'a site-local address': 'eine Site-Local-Adresse',
  'a Teredo address': 'eine Teredo-Adresse',
};
const kindDe = (kind: string) => ADDRESS_KINDS_DE[kind] ?? kind;

/** Why a page could not be read or an address was refused (the page reader's reasons). */
const REASONS_DE: ReadonlyArray<readonly [RegExp, (...caught: string[]) => string]> = [
  [/^no site has that name$/, () => 'keine Website heißt so'],
  [/^the site refused the connection$/, () => 'die Website hat die Verbindung abgelehnt'],
  [/^the connection broke off$/, () => 'die Verbindung ist abgebrochen'],
  [/^the connection failed$/, () => 'die Verbindung ist fehlgeschlagen'],
  [/^the site sent no answer$/, () => 'die Website hat nicht geantwortet'],
  [/^the site's certificate is not valid$/, () => 'das Zertifikat der Website ist nicht gültig'],
  [/^the site's answer was broken$/, () => 'die Antwort der Website war fehlerhaft'],
  [/^the site answered (.+)$/, (status) => `die Website antwortete ${status}`],
  [/^it did not arrive within (.+) s$/, (s) => `sie kam nicht innerhalb von ${s} s an`],
  [/^it redirects more than (\d+) times$/, (n) => `sie leitet mehr als ${n}-mal weiter`],
  [/^it is not a web page \((.+)\)$/, (type) => `sie ist keine Webseite (${type})`],
  [/^it is not a web address$/, () => 'sie ist keine Web-Adresse'],
  [/^only http and https addresses are read$/, () => 'nur http- und https-Adressen werden gelesen'],
  [/^it points to (.+)$/, (kind) => `sie zeigt auf ${kindDe(kind)}`],
  [/^(\S+) resolves to (.+)$/, (host, kind) => `${host} führt zu ${kindDe(kind)}`],
];
const reasonDe = (reason: string) => translated(REASONS_DE, reason) ?? reason;

/**
 * Problems by their stable code (docs/errors.md) whose sentence says all there is: the German
 * sentence for each, whatever words the API's detail has.
 */
const CODES_DE: Record<string, string> = {
  image_type_unsupported: 'Schicke ein JPEG-, PNG- oder WebP-Bild.',
  image_unreadable: 'Dieses Bild lässt sich nicht lesen.',
  'recipes.not_found': 'Dieses Rezept gibt es nicht (mehr).',
  'recipes.own_tasty': 'Das eigene Rezept kann man nicht als lecker markieren.',
  'recipes.slug_busy': 'Gerade werden viele Rezepte dieses Titels gespeichert; speichere noch einmal.',
  'comments.not_found': 'Diesen Kommentar gibt es nicht (mehr).',
  'comments.not_yours': 'Nur wer einen Kommentar geschrieben hat, kann ihn ändern.',
  'images.not_found': 'Dieses Foto gibt es nicht (mehr).',
  'avatars.not_found': 'Dieses Bild gibt es nicht (mehr).',
  'tokens.not_found': 'Diesen API-Token gibt es nicht (mehr).',
  'shares.not_found': 'Diesen öffentlichen Link gibt es nicht (mehr).',
  'shares.exists': 'Du hast schon einen öffentlichen Link zu diesem Rezept.',
  'shares.busy': 'Dieser Link wird gerade anders geändert; versuche es noch einmal.',
  'accounts.not_found': 'Dieses Konto gibt es nicht (mehr).',
  'accounts.admins_only': 'Nur Admins verwalten Konten.',
  'accounts.owner_manages_admins': 'Nur der Eigentümer verwaltet Admins.',
  'accounts.owner_untouchable': 'Das Konto des Eigentümers kann hier nicht geändert werden.',
  'accounts.owner_not_assignable': 'Die Rolle des Eigentümers kann nicht vergeben werden.',
  'accounts.self_delete': 'Das eigene Konto kann man nicht löschen.',
  'accounts.has_password': 'Dieses Konto hat schon ein Passwort.',
  'settings.owner_only': 'Nur der Eigentümer ändert die Einstellungen des Haushalts.',
  'link.not_found': 'Dieser Link ist unbekannt, benutzt oder abgelaufen.',
  'identity.none': 'Dieses Konto ist nicht mit dem Identitätsanbieter verbunden.',
  'database.unavailable': 'Larder kommt gerade nicht an seine Daten; versuche es gleich noch einmal.',
  'images.storage_unavailable': 'Larder kommt gerade nicht an die Fotos; versuche es gleich noch einmal.',
  'drafts.busy': 'Für dich werden schon drei Seiten oder Fotos gelesen; versuche es gleich noch einmal.',
};

/** A problem's sentence in the member's language by its code, or null (not known: its detail then). */
export function codeInLanguage(code: string | null): string | null {
  if (locale() !== 'de' || code === null) return null;
  return CODES_DE[code] ?? null;
}

function translated(
  table: ReadonlyArray<readonly [RegExp, (...caught: string[]) => string]>,
  message: string,
): string | null {
  for (const [pattern, german] of table) {
    const found = pattern.exec(message);
    if (found) return german(...found.slice(1));
  }
  return null;
}

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
  [
    /^must be (\d+) to (\d+) letters, digits, dots, dashes or underscores$/,
    (min, max) =>
      `muss aus ${min} bis ${max} Buchstaben, Ziffern, Punkten, Binde- oder Unterstrichen bestehen`,
  ],
  [/^is not a zip archive \(or it was cut short\)$/, () => 'ist kein Zip-Archiv (oder wurde abgeschnitten)'],
  [
    /^is not a readable zip archive: it is encrypted$/,
    () => 'ist kein lesbares Zip-Archiv: es ist verschlüsselt',
  ],
  [
    /^is not a readable zip archive: it is split over several files$/,
    () => 'ist kein lesbares Zip-Archiv: es ist auf mehrere Dateien verteilt',
  ],
  [
    /^is not a readable zip archive: its directory is damaged$/,
    () => 'ist kein lesbares Zip-Archiv: sein Verzeichnis ist beschädigt',
  ],
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
  [
    /^The page could not be read: (.+?)(\.?)$/,
    (reason, dot) => `Die Seite konnte nicht gelesen werden: ${reasonDe(reason!)}${dot}`,
  ],
  [/^could not be read: (.+)$/, (reason) => `konnte nicht gelesen werden: ${reasonDe(reason!)}`],
  [
    /^This address cannot be read: (.+?)(\.?)$/,
    (reason, dot) => `Diese Adresse kann nicht gelesen werden: ${reasonDe(reason!)}${dot}`,
  ],
  [/^cannot be read: (.+)$/, (reason) => `kann nicht gelesen werden: ${reasonDe(reason!)}`],
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
  return translated(GERMAN, message) ?? message;
}
