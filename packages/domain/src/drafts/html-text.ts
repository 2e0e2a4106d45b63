/**
 * Text out of the HTML that recipe sites put inside JSON-LD strings ("<p>Whisk&nbsp;the eggs</p>"):
 * tags stripped, entities decoded, whitespace collapsed. Pure string work, no DOM.
 */

/** The named entities recipe pages use; anything else is left as written. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  shy: '\u00ad',
  ndash: '–',
  mdash: '—',
  minus: '−',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  lsaquo: '‹',
  rsaquo: '›',
  bull: '•',
  middot: '·',
  deg: '°',
  times: '×',
  divide: '÷',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  frac13: '⅓',
  frac23: '⅔',
  frac15: '⅕',
  frac18: '⅛',
  frasl: '⁄',
  plusmn: '±',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  cent: '¢',
  yen: '¥',
  sect: '§',
  para: '¶',
  micro: 'µ',
  sup1: '¹',
  sup2: '²',
  sup3: '³',
  ordm: 'º',
  ordf: 'ª',
  iexcl: '¡',
  iquest: '¿',
  szlig: 'ß',
  aelig: 'æ',
  AElig: 'Æ',
  oelig: 'œ',
  OElig: 'Œ',
  oslash: 'ø',
  Oslash: 'Ø',
  aring: 'å',
  Aring: 'Å',
  ccedil: 'ç',
  Ccedil: 'Ç',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  eth: 'ð',
  thorn: 'þ',
};

/** Letters with accents, spelled `&<letter><accent>;`: &eacute; &Uuml; &ocirc; … */
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  tilde: '\u0303',
  ring: '\u030a',
  cedil: '\u0327',
};

function named(name: string): string | undefined {
  const direct = NAMED[name] ?? NAMED[name.toLowerCase()];
  if (direct !== undefined) return direct;
  const accented = /^([a-zA-Z])(acute|grave|circ|uml|tilde|ring|cedil)$/u.exec(name);
  if (accented) return (accented[1]! + ACCENTS[accented[2]!]!).normalize('NFC');
  return undefined;
}

function codePoint(value: number): string | undefined {
  if (!Number.isFinite(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) {
    return undefined;
  }
  // Windows-1252 bytes written as numbers (&#146; for ’) are what old pages mean by them.
  if (value >= 0x80 && value <= 0x9f) return WINDOWS_1252[value - 0x80] ?? undefined;
  return String.fromCodePoint(value);
}

// prettier-ignore
const WINDOWS_1252 = [
  '€', '', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '', 'Ž', '',
  '', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '', 'ž', 'Ÿ',
];

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/gu;

function decodeOnce(text: string): string {
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    const decoded =
      decimal !== undefined
        ? codePoint(Number(decimal))
        : hex !== undefined
          ? codePoint(Number.parseInt(hex, 16))
          : whole.endsWith(';')
            ? named(name!)
            : undefined;
    return decoded ?? whole;
  });
}

/**
 * Decodes HTML entities. Twice at most: many sites encode their JSON-LD text once too often
 * ("&amp;#39;" for an apostrophe), and a recipe never means a literal "&amp;".
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  const once = decodeOnce(text);
  return once.includes('&') ? decodeOnce(once) : once;
}

/** Elements whose end (or whose self, for br) ends a line of text. */
const LINE_BREAK =
  /<\s*br\s*\/?\s*>|<\s*\/?\s*(?:p|div|li|ul|ol|h[1-6]|tr|table|section|article|blockquote|pre|dd|dt)\b[^>]*>/giu;
const INVISIBLE = /<\s*(script|style|template)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/giu;
const COMMENT = /<!--[\s\S]*?-->/gu;
const TAG = /<\s*\/?\s*[a-zA-Z][^<>]*>/gu;

/**
 * The lines of text in an HTML fragment: tags stripped (block ends and `<br>` end a line),
 * entities decoded, whitespace collapsed in each line, empty lines dropped.
 */
export function textLines(html: string): string[] {
  // Some sites escape their markup once more ("&lt;p&gt;"): unescape it so that it is stripped as markup.
  let text = /&lt;\/?[a-zA-Z]/u.test(html) ? decodeOnce(html) : html;
  if (text.includes('<')) {
    text = text.replace(COMMENT, ' ').replace(INVISIBLE, ' ').replace(LINE_BREAK, '\n').replace(TAG, '');
  }
  return decodeEntities(text)
    .split(/[\r\n\u2028\u2029]+/u)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '');
}

/** An HTML fragment as one line of plain text. */
export function plainText(html: string): string {
  return textLines(html).join(' ');
}
