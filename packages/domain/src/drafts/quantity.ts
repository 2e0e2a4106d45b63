/**
 * Amounts as recipe pages write them: "2", "1.5", "1,5", "1/2", "½", "1 ½", "1½", "1-1/2",
 * "1 and 1/4", ranges "2-3", "2 to 3", "½ to 1", "2 oder 3", and a few number words.
 */

const VULGAR: Record<string, number> = {
  '½': 1 / 2,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅐': 1 / 7,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
  '⅑': 1 / 9,
  '⅒': 1 / 10,
};
const VULGAR_CLASS = `[${Object.keys(VULGAR).join('')}]`;

/** A fraction with the whole number before it, if any: "1/2", "1 1/2", "1-1/2", "½", "1½", "1 ½". */
const FRACTION_IN_TEXT = new RegExp(
  String.raw`(?<![\d.,/])(?:(?:(\d{1,4})(?:\s+|-))?(\d{1,3})\s*/\s*(\d{1,3})(?![\d/])|(?:(\d{1,4})\s*)?(${VULGAR_CLASS}))`,
  'gu',
);

/** `text` with its fractions written as decimals ("1 1/2 hours" → "1.5 hours", "½ Std." → "0.5 Std."). */
export function withDecimalFractions(text: string): string {
  return text.replace(
    FRACTION_IN_TEXT,
    (whole, units?: string, top?: string, bottom?: string, vulgarUnits?: string, sign?: string) => {
      const part = sign !== undefined ? VULGAR[sign]! : Number(top) / Number(bottom);
      if (!Number.isFinite(part) || part >= 1 || part <= 0) return whole;
      const before = Number(units ?? vulgarUnits ?? 0);
      return String(Math.round((before + part) * 1000) / 1000);
    },
  );
}

/** Number words that stand for a count at the start of a line ("Two 14-ounce cans", "eine Prise"). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  ein: 1,
  eine: 1,
  einen: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
};

export interface Amount {
  /** The amount, or the lower end of a range. */
  value: number;
  /** The upper end of a range. */
  max: number | null;
  /** The characters the amount took, as written. */
  text: string;
}

const FRACTION = /^(\d{1,4})\s*[/⁄]\s*(\d{1,4})/u;
const VULGAR_START = new RegExp(`^${VULGAR_CLASS}`, 'u');
const DECIMAL = /^(?:\d+(?:[.,]\d+)*|[.,]\d+)/u;
const MIXED_JOIN = /^(?:\s*-\s*|\s+and\s+|\s*&\s*|\s*\+\s*|\s+)/u;
const RANGE_JOIN = /^(?:\s*[-–—~]\s*|\s+(?:to|or|bis|oder|à|a|til|tot)\s+)/iu;
const NUMBER_WORD = new RegExp(`^(?:${Object.keys(NUMBER_WORDS).join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/**
 * A written decimal as a number. A comma followed by exactly three digits is a thousands
 * separator in English ("1,000") and the decimal comma in most other languages; a dot the other
 * way round ("1.500 g" is 1500 g in German).
 */
function decimalValue(written: string, decimalComma: boolean): number | null {
  let text = written;
  const groups = text.split(/[.,]/u);
  const thousands = groups.length > 1 && groups.slice(1).every((g) => g.length === 3) && groups[0] !== '';
  if (thousands && (decimalComma ? !text.includes(',') : !text.includes('.'))) {
    text = groups.join('');
  } else if (groups.length > 2) {
    return null;
  } else {
    text = text.replace(',', '.');
  }
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A fraction at the start of `text`: "½" or "1/2". */
function fractionAtStart(text: string): { value: number; length: number } | null {
  const vulgar = VULGAR_START.exec(text);
  if (vulgar) return { value: VULGAR[vulgar[0]]!, length: vulgar[0].length };
  const fraction = FRACTION.exec(text);
  if (!fraction || Number(fraction[2]) === 0) return null;
  return { value: Number(fraction[1]) / Number(fraction[2]), length: fraction[0].length };
}

/** One number at the start of `text`: a decimal, a fraction, a vulgar fraction or a mixed number. */
function numberAtStart(text: string, decimalComma: boolean): { value: number; length: number } | null {
  const fraction = fractionAtStart(text);
  if (fraction) return fraction;
  const decimal = DECIMAL.exec(text);
  if (!decimal) return null;
  const value = decimalValue(decimal[0], decimalComma);
  if (value === null) return null;
  const length = decimal[0].length;
  // A whole number may carry a fraction: "1½", "1 ½", "1 1/2", "1-1/2", "1 and 1/4".
  if (/^\d+$/u.test(decimal[0])) {
    const rest = text.slice(length);
    const join = VULGAR_START.test(rest) ? '' : (MIXED_JOIN.exec(rest)?.[0] ?? null);
    const part = join === null ? null : fractionAtStart(rest.slice(join.length));
    // "10 1/2-inch cubes" are ten cubes of half an inch, not ten and a half.
    const sizeAfter = part ? /^-\p{L}/u.test(rest.slice((join ?? '').length + part.length)) : false;
    if (join !== null && part && part.value < 1 && !(join !== '' && sizeAfter)) {
      return { value: value + part.value, length: length + join.length + part.length };
    }
  }
  return { value, length };
}

/** The amount `text` starts with, a range when two numbers are joined by a dash, "to", "or", "bis"…. */
export function amountAtStart(text: string, decimalComma = false): Amount | null {
  const word = NUMBER_WORD.exec(text);
  if (word) return { value: NUMBER_WORDS[word[0].toLowerCase()]!, max: null, text: word[0] };
  const first = numberAtStart(text, decimalComma);
  if (!first) return null;
  const afterFirst = text.slice(first.length);
  const join = RANGE_JOIN.exec(afterFirst);
  if (join) {
    const second = numberAtStart(afterFirst.slice(join[0].length), decimalComma);
    if (second && second.value > first.value) {
      const length = first.length + join[0].length + second.length;
      return { value: first.value, max: second.value, text: text.slice(0, length) };
    }
  }
  return { value: first.value, max: null, text: text.slice(0, first.length) };
}

/** True when `text` starts with something that reads as a number. */
export function startsWithNumber(text: string): boolean {
  return /^\d/u.test(text) || VULGAR_START.test(text) || /^[.,]\d/u.test(text);
}

const FRACTIONS_SHOWN: Array<[number, string]> = [
  [1 / 8, '1/8'],
  [1 / 4, '1/4'],
  [1 / 3, '1/3'],
  [3 / 8, '3/8'],
  [1 / 2, '1/2'],
  [5 / 8, '5/8'],
  [2 / 3, '2/3'],
  [3 / 4, '3/4'],
  [7 / 8, '7/8'],
];

/** A quantity as a household writes it: 1.5 → "1 1/2", 0.333… → "1/3", 2.25 → "2 1/4", 0.1 → "0.1". */
export function formatQuantity(quantity: number): string {
  const whole = Math.floor(quantity);
  const part = quantity - whole;
  if (part < 1e-9) return String(whole);
  const fraction = FRACTIONS_SHOWN.find(([value]) => Math.abs(value - part) < 1e-6);
  if (fraction) return whole === 0 ? fraction[1] : `${whole} ${fraction[1]}`;
  return String(Math.round(quantity * 1000) / 1000);
}
