/**
 * How bench:drafts decides that a draft is right: the corpus split, text comparison and the
 * comparison of ingredient lines with their labels. docs/drafts.md states the same rules.
 */
import { unitNamed, type Ingredient } from '@larder/domain';

/** FNV-1a, 32 bits: a stable hash so that the split never changes between runs. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The held-out part: about 30 % of the sites (whole sites, so that held-out pages come from
 * sites the reader was never looked at on) and 30 % of the labelled lines.
 */
export function isHeldOut(key: string): boolean {
  return fnv1a(key) % 10 < 3;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The corpus README's text comparison: entities unescaped, tags stripped, whitespace collapsed —
 * and no space before punctuation, where stripping a link's tags left one ("mirin , dark").
 */
export function normalText(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/<[^>]+>/gu, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/giu, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/gu, ' ')
    .replace(/ (?=[,.;:!?)])/gu, '')
    .trim();
}

const VULGAR: Record<string, string> = {
  '½': ' 1/2',
  '⅓': ' 1/3',
  '⅔': ' 2/3',
  '¼': ' 1/4',
  '¾': ' 3/4',
  '⅛': ' 1/8',
  '⅜': ' 3/8',
  '⅝': ' 5/8',
  '⅞': ' 7/8',
  '⅕': ' 1/5',
  '⅙': ' 1/6',
};

/** The joints the reader drops: "a pinch of salt" is a pinch of salt; "2 x 400g tins"; "200 g de farine". */
const JOINTS = new Set(['a', 'an', 'of', 'x', '×', 'de', 'd', "d'", 'di', 'van']);

/** Counting words as the numbers the reader makes of them ("One 14-ounce can" is 1 can). */
const COUNT_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
};

/**
 * The words of an ingredient line as a sorted multiset, for "nothing lost, nothing added":
 * lower case, punctuation dropped, numbers as values ("1 ½", "1-1/2" and "1.5" are one word
 * "1.5"), digits split from glued units ("250g" → "250 g"), and every unit spelling as its unit
 * ("tablespoons" and "tbsp" are one word). The joints the parser drops ("of" after a unit, "x"
 * after a count) are dropped on both sides.
 */
export function lineWords(text: string): string[] {
  let t = normalText(text)
    .replace(/⁄/gu, '/')
    // "200g-250g" is "200-250g", as the reader writes it.
    .replace(/(\d)\s*(\p{L}{1,4})\s*([-–])\s*(\d+(?:[.,]\d+)?)\s*\2(?![\p{L}])/gu, '$1$3$4$2');
  t = t.replace(/[½⅓⅔¼¾⅛⅜⅝⅞⅕⅙]/gu, (c) => VULGAR[c] ?? c);
  // Mixed numbers and fractions to decimals.
  t = t.replace(/(\d+)(?:\s+|-|\s+and\s+)(\d+)\s*\/\s*(\d+)/gu, (w, a: string, b: string, c: string) =>
    Number(c) && Number(b) < Number(c) ? String(Number(a) + Number(b) / Number(c)) : w,
  );
  t = t.replace(/(\d+)\s*\/\s*(\d+)/gu, (w, b: string, c: string) =>
    Number(c) ? String(Number(b) / Number(c)) : w,
  );
  t = t.replace(/(\d),(\d)/gu, '$1.$2');
  // "d'huile": the joint apart from its word, so that it is dropped as "de" is.
  t = t.replace(/(?<!\p{L})d['’](?=\p{L})/giu, "d' ");
  t = t.replace(/(\d)-?(\p{L})/gu, '$1 $2').replace(/(\p{L})(\d)/gu, '$1 $2');
  const words = t
    .split(/[^\p{L}\p{N}.'’-]+/u)
    .map((w) => w.replace(/^[.'’-]+|[.'’-]+$/gu, ''))
    .filter((w) => w !== '')
    .map((w) => (/^\d+(\.\d+)?$/u.test(w) ? String(Math.round(Number(w) * 1000) / 1000) : w));
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    // A unit written in three words: "c. à soupe", "cuillère à café".
    const triple = i + 2 < words.length ? unitNamed(`${words[i]} ${words[i + 1]} ${words[i + 2]}`) : null;
    if (triple) {
      out.push(`unit:${triple.one}`);
      i += 2;
      continue;
    }
    const pair = i + 1 < words.length ? unitNamed(`${words[i]} ${words[i + 1]}`) : null;
    if (pair && (pair.one.includes(' ') || pair.spellings.some((s) => s.includes(' ')))) {
      out.push(`unit:${pair.one}`);
      i++;
      continue;
    }
    const unit = /^\p{L}/u.test(words[i]!) ? unitNamed(words[i]!) : null;
    const word = words[i]!.toLowerCase();
    out.push(unit ? `unit:${unit.one}` : (COUNT_WORDS[word] ?? word));
  }
  return out.filter((w) => !JOINTS.has(w)).sort();
}

export function sameWords(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

/** Crude English singular, applied to both sides: the labels lemmatise some names ("whole clove") and not others. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (['leaves', 'halves', 'loaves', 'knives', 'calves'].includes(word)) return `${word.slice(0, -3)}f`;
  if (word.length > 3 && /(?:ches|shes|sses|xes|oes)$/u.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function nameTokens(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}®™'’-]+/u)
        .map((w) => w.replace(/^['’-]+|['’-]+$/gu, ''))
        .filter((w) => w !== '')
        .map(singular),
    ),
  ].sort();
}

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
  twelve: 12,
};

/** The first labelled quantity as a number (a range's lower end); null for none or a word such as "few". */
export function labelledQuantity(label: string): number | null {
  const first = label.trim().split(/\s+/u)[0] ?? '';
  if (first === '') return null;
  const word = NUMBER_WORDS[first.toLowerCase()];
  if (word !== undefined) return word;
  const lower = /^(\d*\.?\d+)/u.exec(first);
  return lower ? Number(lower[1]) : null;
}

/**
 * The labelled units, each as the unit it names ("tablespoon" and "tbsp" are one), or as its text
 * when our table does not know it. Sizes the labels glue to units ("large sprig") are skipped.
 */
export function labelledUnits(label: string): string[] {
  const tokens = label
    .trim()
    .split(/\s+/u)
    .filter((t) => t !== '');
  const units: string[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pair = i + 1 < tokens.length ? unitNamed(`${tokens[i]} ${tokens[i + 1]}`) : null;
    // A unit written in two words ("fl oz", "dessert spoon").
    if (pair && (pair.one.includes(' ') || !unitNamed(tokens[i]!) || !unitNamed(tokens[i + 1]!))) {
      units.push(pair.one);
      i++;
      continue;
    }
    const unit = unitNamed(tokens[i]!);
    if (unit) units.push(unit.one);
    else unknown.push(tokens[i]!.toLowerCase());
  }
  return units.length > 0 ? units : unknown;
}

export interface LineVerdict {
  quantity: boolean;
  unit: boolean;
  name: boolean;
  /**
   * Fair: unit and name right, or right but for where a count word stands — in the unit or in
   * the name ("2 celery ribs" read as 2, no unit, "celery ribs" where the labels say 2 "rib"
   * "celery"; "1 cinnamon stick" read as 1 "stick" "cinnamon" where they say "cinnamon stick").
   * The labels themselves place these words both ways; a measure (g, cup, tbsp) must be the unit.
   */
  unitAndName: boolean;
}

/** Units that measure (mass, volume, length): never a count word that may stand in the name instead. */
const MEASURES = new Set([
  'g',
  'kg',
  'mg',
  'ml',
  'cl',
  'dl',
  'l',
  'tsp',
  'tbsp',
  'cup',
  'fl oz',
  'oz',
  'lb',
  'pint',
  'quart',
  'gallon',
  'dessertspoon',
  'EL',
  'TL',
  'eetlepel',
  'theelepel',
  'msk',
  'tsk',
  'Tasse',
  'cm',
  'mm',
  'inch',
]);

/** The words of a unit and a name together, the unit as its one-word spelling ("ribs" → "rib"). */
function unitAndNameTokens(unit: string | null, name: string): string[] {
  return nameTokens(`${unit ?? ''} ${name}`);
}

/** Our parse of a labelled line against its labels (the rules in docs/drafts.md). */
/**
 * The labels list every unit of a line without saying which amount it belongs to. When a line
 * has several amounts ("1 (14 oz) can", "150g/5oz"), the unit to find is the labelled unit
 * written right after the first amount, if any; with one amount, any labelled unit.
 */
function expectedUnitsOf(input: string, label: { quantity: string; unit: string }): string[] {
  const units = labelledUnits(label.unit);
  if (label.quantity.trim().split(/\s+/u).length <= 1) return units;
  const first = FIRST_AMOUNT.exec(input);
  if (!first) return units;
  let after = input.slice(first.index + first[0].length);
  // The unit right after the amount ("1 1/3 cups (325 ml)"), else after a size in parentheses or
  // glued to a second amount ("1 (14 oz) can", "2 x 400g tins", "One 16-ounce package").
  for (let attempt = 0; attempt < 2; attempt++) {
    after = after.replace(/^[\s-]*/u, '');
    const word = /^(?:fl\.?\s*oz|[\p{L}.]+)/u.exec(after)?.[0] ?? '';
    const unit = unitNamed(word);
    if (unit && units.includes(unit.one)) return [unit.one];
    after = after
      .replace(
        /^(?:x\s*)?(?:\([^)]*\)|\d+(?:[.,]\d+)?\s*-?\s*(?:fl\.?\s*oz|[\p{L}.]+)(?:\/\d+(?:[.,]\d+)?[½¼¾]?\s*(?:fl\.?\s*oz|[\p{L}.]+))?)/u,
        '',
      )
      .replace(/^\s*(?:small|medium|large)\s+/iu, '');
  }
  return [];
}

const FIRST_AMOUNT =
  /(?:\d+\s+\d+\s*\/\s*\d+|\d+\s*[½⅓⅔¼¾⅛]|\d+(?:[.,/]\d+)?|[½⅓⅔¼¾⅛]|\b(?:one|two|three|four|five|six)\b)(?:\s*(?:-|–|to)\s*(?:\d+(?:[.,/]\d+)?|[½⅓⅔¼¾⅛]))?/iu;

export function judgeLine(
  ours: Ingredient,
  label: { input: string; quantity: string; unit: string; name: string },
): LineVerdict {
  const expectedQuantity = labelledQuantity(label.quantity);
  const quantity =
    expectedQuantity === null
      ? ours.quantity === null
      : ours.quantity !== null && Math.abs(ours.quantity - expectedQuantity) < 1e-3;
  const expectedUnits = expectedUnitsOf(label.input, label);
  const ourUnit = ours.unit === null ? null : (unitNamed(ours.unit)?.one ?? ours.unit.toLowerCase());
  const unit =
    expectedUnits.length === 0 ? ourUnit === null : ourUnit !== null && expectedUnits.includes(ourUnit);
  const expectedName = nameTokens(label.name);
  const ourName = nameTokens(ours.name);
  const name = expectedName.length === ourName.length && expectedName.every((w, i) => w === ourName[i]);
  return {
    quantity,
    unit,
    name,
    unitAndName: (unit && name) || countWordElsewhere(ours, ourUnit, expectedUnits, label),
  };
}

/** Unit and name read right but for a count word standing in the name on one side and as the unit on the other. */
function countWordElsewhere(
  ours: Ingredient,
  ourUnit: string | null,
  expectedUnits: readonly string[],
  label: { name: string },
): boolean {
  const expectedUnit = expectedUnits.length === 1 ? expectedUnits[0]! : null;
  const countWord = ourUnit ?? expectedUnit;
  if ((ourUnit === null) === (expectedUnit === null) || countWord === null || MEASURES.has(countWord))
    return false;
  return sameWords(unitAndNameTokens(ourUnit, ours.name), unitAndNameTokens(expectedUnit, label.name));
}

/** A minimal RFC 4180 reader: quoted fields, doubled quotes, commas and newlines inside quotes. */
export function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body
    .filter((r) => r.length === header!.length)
    .map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

/**
 * Servings a draft should have for the corpus's `yields`: the yield's whole number when it counts
 * portions or pieces, else the default (4). (The corpus gives a range's upper end: "4-5" is "5 servings".)
 */
export function expectedServings(yields: string | null): number {
  const match = /(\d+(?:\.\d+)?)\s*(.*)$/u.exec(yields ?? '');
  if (!match) return 4;
  const value = Number(match[1]);
  const counted =
    !/^(?:cups?|quarts?|pints?|liters?|litres?|ml|l|oz|ounces?|pounds?|lbs?|grams?|g|kg|tablespoons?|teaspoons?)\b/iu.test(
      match[2] ?? '',
    );
  return Number.isInteger(value) && value >= 1 && value <= 99 && counted ? value : 4;
}
