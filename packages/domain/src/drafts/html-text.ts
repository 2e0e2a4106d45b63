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

/*
 * Every pass below is linear in the text. Tags are looked for only up to the text's last `>`: every
 * pattern ends with one, and past it a start would read on to the end and fail, again from the next
 * `<` ("<p" repeated 300,000 times in a JSON-LD description took two minutes). Before it, a tag that
 * has begun always reaches the next `>`. The slash of an end tag is matched with the spaces after it,
 * so that no two patterns share the same spaces. Comments and scripts are cut out by searching for
 * their end once (an unclosed one is not closed by any later start either), not by a pattern that
 * looks for the end again from every start.
 */

/** Elements whose end (or whose self, for br) ends a line of text. */
const LINE_BREAK =
  /<\s*br\s*(?:\/\s*)?>|<\s*(?:\/\s*)?(?:p|div|li|ul|ol|h[1-6]|tr|table|section|article|blockquote|pre|dd|dt)\b[^>]*>/giu;
/** The start of an element whose content is no text (up to its name: its start tag ends at the next `>`). */
const INVISIBLE_START = /<\s*(script|style|template)\b/giu;
const INVISIBLE_END: Record<string, RegExp> = {
  script: /<\s*\/\s*script\s*>/giu,
  style: /<\s*\/\s*style\s*>/giu,
  template: /<\s*\/\s*template\s*>/giu,
};
const TAG = /<\s*(?:\/\s*)?[a-zA-Z][^<>]*>/gu;

/** The text without its comments (`<!-- … -->`), each a space; an unclosed one is left as it stands. */
function withoutComments(text: string): string {
  let out = '';
  let from = 0;
  for (let start = text.indexOf('<!--'); start !== -1; start = text.indexOf('<!--', from)) {
    const end = text.indexOf('-->', start + 4);
    if (end === -1) break;
    out += `${text.slice(from, start)} `;
    from = end + 3;
  }
  return out + text.slice(from);
}

/**
 * The text without its scripts, styles and templates, each a space; an unclosed one is left as it
 * stands (and so is any later one of its name: none of them can be closed either).
 */
function withoutInvisible(text: string): string {
  let out = '';
  let from = 0;
  const unclosed = new Set<string>();
  INVISIBLE_START.lastIndex = 0;
  for (let start = INVISIBLE_START.exec(text); start !== null; start = INVISIBLE_START.exec(text)) {
    const name = start[1]!.toLowerCase();
    if (unclosed.has(name)) continue;
    // Its start tag ends at the next `>`, its content at the first end tag of its name after that.
    const content = text.indexOf('>', INVISIBLE_START.lastIndex) + 1;
    const endPattern = INVISIBLE_END[name]!;
    endPattern.lastIndex = content;
    const end = content === 0 ? null : endPattern.exec(text);
    if (end === null) {
      unclosed.add(name);
      continue;
    }
    out += `${text.slice(from, start.index)} `;
    from = INVISIBLE_START.lastIndex = end.index + end[0].length;
  }
  return out + text.slice(from);
}

/**
 * The lines of text in an HTML fragment: tags stripped (block ends and `<br>` end a line),
 * entities decoded, whitespace collapsed in each line, empty lines dropped.
 */
export function textLines(html: string): string[] {
  // Some sites escape their markup once more ("&lt;p&gt;"): unescape it so that it is stripped as markup.
  let text = /&lt;\/?[a-zA-Z]/u.test(html) ? decodeOnce(html) : html;
  const markupEnd = text.lastIndexOf('>') + 1;
  if (text.lastIndexOf('<', markupEnd) !== -1) {
    const markup = withoutInvisible(withoutComments(text.slice(0, markupEnd)));
    text = markup.replace(LINE_BREAK, '\n').replace(TAG, '') + text.slice(markupEnd);
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
