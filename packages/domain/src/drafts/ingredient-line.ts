import type { Ingredient } from '../recipes/recipe.js';
import {
  AMOUNT_MODIFIERS,
  APPROXIMATELY,
  CONTAINERS,
  COUNT_UNIT_AFTER_NAME,
  CUT,
  DESCRIPTIONS,
  EXAMPLE,
  FORMS,
  FRESHLY_GROUND,
  HYPHENED_PREPARATION,
  isDescribingWord,
  isParticiple,
  JOINT,
  LABEL,
  LENGTHS,
  MEASURES_WITHOUT_NUMBER,
  NOT_AN_ALTERNATIVE,
  NOTE_WORDS,
  PART_OF,
  PIECES,
  PREPARATION_ADVERBS,
  PREPARED_PRODUCTS,
  SIZE_BEFORE_UNIT,
  SIZE_PHRASE,
  SOME,
  TIMES,
  TRAILING_NOTE,
  WITH_DONE,
} from './ingredient-words.js';
import { amountAtStart, startsWithNumber, type Amount } from './quantity.js';
import { unitAtStart, unitSpelling, type Unit } from './units.js';

/**
 * One ingredient line read into quantity, unit, name and note: "2 large onions, finely chopped"
 * → 2, no unit, "onions", "large, finely chopped". Every word of the line lands in one of the
 * four, except the joints "a" and "of" around a unit ("a pinch of salt" is a pinch of salt, no
 * quantity) and "x" after a count ("2 x 400g tins"), and footnote asterisks. A line the reader is not sure of is kept as it stood, whole,
 * as the name, and reported as unsure.
 */
export interface IngredientReading {
  ingredient: Ingredient;
  /** False when the line was kept as it stood because the reader was unsure of it. */
  sure: boolean;
}

export interface LineOptions {
  /** The page's language writes a decimal comma ("1,5 kg"): German, French, Dutch, … */
  decimalComma?: boolean;
}

function words(text: string): string[] {
  return text.split(/\s+/u).filter((w) => w !== '');
}

function bare(word: string | undefined): string {
  return (word ?? '').toLowerCase().replace(/[,;:.]$/u, '');
}

/** Tidies a line: bullets and footnote asterisks off, whitespace collapsed, "1⁄2" as "1/2". */
export function tidyLine(line: string): string {
  return (
    line
      .replace(/\s+/gu, ' ')
      // "200g-250g": a range whose unit is written twice, read as "200-250g".
      .replace(/(\d)\s*(\p{L}{1,4})\s*([-–])\s*(\d+(?:[.,]\d+)?)\s*\2(?![\p{L}])/gu, '$1$3$4$2')
      .replace(/⁄/gu, '/')
      .replace(/^[\s•·▪▫◦‣∙○●□■▢☐✓✔*–—-]+(?=\S)/u, '')
      .replace(/\s*\*+(?=\s|$|[,.;:)])/gu, '')
      .trim()
  );
}

/** A parenthesis standing inside the name that is another name for it: "coarse (kosher) salt", "shallots (or mild onion)". */
function isOtherName(said: string): boolean {
  if (/[\p{N},;]/u.test(said)) return false;
  if (/^(?:or|oder)\s/iu.test(said)) {
    return words(said).length <= 5 && !NOT_AN_ALTERNATIVE.test(said) && !isFormsOnly(said);
  }
  return words(said).length <= 2 && !NOTE_WORDS.test(said) && !words(said).some((w) => isParticiple(bare(w)));
}

/** Takes parentheses out of `text`: notes, or kept in the name when they name it otherwise. */
function takeParentheses(text: string, notes: string[]): string {
  let out = '';
  let depth = 0;
  let inner = '';
  for (const ch of text) {
    if (ch === '(' || ch === '[') {
      if (depth > 0) inner += ch;
      depth++;
    } else if ((ch === ')' || ch === ']') && depth > 0) {
      depth--;
      if (depth > 0) {
        inner += ch;
        continue;
      }
      const said = inner.trim();
      if (out.trim() !== '' && isOtherName(said)) out += `(${said})`;
      else if (said !== '') notes.push(said);
      inner = '';
      out += ' ';
    } else if (depth > 0) inner += ch;
    else out += ch;
  }
  // An unclosed parenthesis runs to the end of the line.
  if (inner.trim() !== '') notes.push(inner.trim());
  return out.replace(/\s+/gu, ' ').trim();
}

function takeParenthesesAtStart(text: string, notes: string[]): string {
  let rest = text;
  while (rest.startsWith('(')) {
    const close = rest.indexOf(')');
    if (close === -1) break;
    const inner = rest.slice(1, close).trim();
    if (inner !== '') notes.push(inner);
    rest = rest.slice(close + 1).trim();
  }
  return rest;
}

/** Moves size and preparation words from the front of the name to the note, keeping at least one word. */
function takeLeadingDescriptions(name: string, notes: string[]): string {
  let text = name;
  const taken: string[] = [];
  const phrase = SIZE_PHRASE.exec(text);
  if (phrase && phrase[0].length < text.length) {
    taken.push(phrase[0].trim());
    text = text.slice(phrase[0].length);
  }
  const list = words(text);
  let n = 0;
  while (n < list.length - 1) {
    if (PREPARED_PRODUCTS.test(list.slice(n).join(' '))) break;
    const word = bare(list[n]);
    const next = bare(list[n + 1]);
    if (DESCRIPTIONS.has(word) || HYPHENED_PREPARATION.test(word)) n++;
    else if (
      PREPARATION_ADVERBS.has(word) &&
      (isParticiple(next) || DESCRIPTIONS.has(next)) &&
      n + 2 < list.length
    )
      n += 2;
    // "peeled and diced", "toasted and ground", "large or jumbo", "medium to large": between two descriptions.
    else if (
      /^(?:and|or|to)$/u.test(word) &&
      n > 0 &&
      (DESCRIPTIONS.has(next) || (word === 'and' && isParticiple(next))) &&
      n + 2 < list.length
    )
      n += 2;
    else if (
      isParticiple(word) &&
      next === 'and' &&
      (DESCRIPTIONS.has(bare(list[n + 2])) || isParticiple(bare(list[n + 2]))) &&
      n + 3 < list.length
    )
      n += 3;
    else break;
  }
  // "drained cooked or tinned chickpeas": a description joined by "or" to a word that stays joins it in the name.
  while (n > 0 && /^(?:or|and|to)$/u.test(bare(list[n]))) n--;
  if (n > 0) taken.push(list.slice(0, n).join(' ').replace(/[,;]$/u, ''));
  if (taken.length > 0) notes.push(taken.join(' '));
  return list.slice(n).join(' ');
}

/** "pecans toasted", "chocolate coarsely chopped": a preparation after the name, for the note. */
function takeTrailingPreparation(name: string, notes: string[]): string {
  const list = words(name);
  if (list.length < 2) return name;
  const last = bare(list[list.length - 1]);
  if (!isParticiple(last) || last === 'ground') return name;
  const adverb = PREPARATION_ADVERBS.has(bare(list[list.length - 2])) && list.length > 2 ? 2 : 1;
  notes.push(list.slice(-adverb).join(' '));
  return list.slice(0, -adverb).join(' ');
}

const EACH = /^each(?:\s+of)?\s+/iu;

/** Commas, semicolons and colons outside parentheses, and spaced dashes: where the name's parts meet. */
const PART_BREAK = /\s*[,;]\s*|:\s+|\s+[-–—]\s+/u;

function isFormsOnly(part: string): boolean {
  return words(part).every((w) => FORMS.has(bare(w)));
}

/** Splits what follows the amount and unit into the name and the note's parts. */
function nameAndNotes(text: string, notes: string[]): string {
  const inner: string[] = [];
  // "2 tbsp each parsley, rosemary and thyme": the amount is each one's; the list is the name.
  const each = EACH.exec(text);
  if (each) notes.push(each[0].trim());
  let flat = takeParentheses(each ? text.slice(each[0].length) : text, inner);
  const tail: string[] = [];
  const example = EXAMPLE.exec(flat);
  if (example && example.index > 0) {
    tail.push(flat.slice(example.index).trim());
    flat = flat.slice(0, example.index);
  }
  const parts = flat
    .split(PART_BREAK)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  let name = parts.shift() ?? '';
  // "skinless, boneless chicken breasts", "soft, unsalted butter": adjectives listed with commas are still the name.
  while (
    parts.length > 0 &&
    words(name).length <= 3 &&
    words(name).every(isDescribingWord) &&
    !TRAILING_NOTE.test(` ${parts[0]!}`) &&
    !/^(?:or|plus)\s/iu.test(parts[0]!)
  ) {
    name = `${name}, ${parts.shift()}`;
  }
  // "club soda, chicken broth or water", "young peas, or frozen petits pois": alternatives are the name;
  // "milk, whole or low fat" names forms, a note.
  const isAlternative = (part: string): boolean =>
    !/\p{N}/u.test(part) &&
    !isParticiple(bare(words(part).pop())) &&
    !NOT_AN_ALTERNATIVE.test(part) &&
    !isFormsOnly(part) &&
    !TRAILING_NOTE.test(` ${part}`) &&
    !words(part).every((w) => isDescribingWord(w) || /^(?:or|and)$/iu.test(w));
  while (each && parts.length > 0 && isAlternative(parts[0]!)) name = `${name}, ${parts.shift()}`;
  // … and enumerations: "romaine, endive, carrot, and radicchio salad mix", "bones or wings, backs, and necks".
  const orAt = parts.findIndex((part) => /^(?:or|oder|and|&|and\/or|und)\s/iu.test(part));
  if (
    orAt !== -1 &&
    parts
      .slice(0, orAt + 1)
      .every((part, i) => isAlternative(part) && (i === orAt || words(part).length <= 4))
  ) {
    name = [name, ...parts.splice(0, orAt + 1)].join(', ');
  } else if (
    parts.length > 0 &&
    /\s(?:or|oder)\s/iu.test(parts[0]!) &&
    words(parts[0]!).length <= 6 &&
    isAlternative(parts[0]!)
  ) {
    name = `${name}, ${parts.shift()}`;
  }
  // "salt 5 mL": the same amount again at the end, in other units.
  const trailingMeasure = /\s+\p{N}+(?:[.,]\p{N}+)?\s*(?:ml|g|l|cl|dl|kg|mL)$/u.exec(name);
  if (trailingMeasure && trailingMeasure.index > 0) {
    tail.unshift(trailingMeasure[0].trim());
    name = name.slice(0, trailingMeasure.index);
  }
  // "coffee essence or 2 tbsp coffee powder": another ingredient with its own amount, for the note.
  const orAmount = /\s+(?:or|OR|oder)\s+(?=[\p{N}½¼¾⅓⅔])/u.exec(name);
  if (orAmount && orAmount.index > 0 && !words(name.slice(0, orAmount.index)).every(isDescribingWord)) {
    tail.unshift(name.slice(orAmount.index).trim());
    name = name.slice(0, orAmount.index);
  }
  for (const pattern of [CUT, WITH_DONE, TRAILING_NOTE]) {
    const found = pattern.exec(name);
    if (found && found.index > 0) {
      tail.unshift(name.slice(found.index).trim());
      name = name.slice(0, found.index);
    }
  }
  const ground = FRESHLY_GROUND.exec(name);
  if (ground && ground.index > 0) {
    tail.unshift(ground[0].trim());
    name = name.slice(0, ground.index) + name.slice(ground.index + ground[0].length);
  }
  name = name.replace(/^[\s,;:.-]+|[\s,;:-]+$/gu, '');
  const before: string[] = [];
  name = takeLeadingDescriptions(name, before);
  const after: string[] = [];
  name = takeTrailingPreparation(name, after);
  notes.push(...before, ...inner, ...after, ...tail, ...parts);
  return name;
}

interface Parsed {
  quantity: number | null;
  unit: Unit | null;
  name: string;
  notes: string[];
}

/** The length of an amount with its unit at the start of `text` ("150g", "1 lb", "14-ounce"); 0 when there is none. */
function measureLength(text: string, options: LineOptions): number {
  const amount = amountAtStart(text, options.decimalComma);
  if (!amount) return 0;
  const after = text.slice(amount.text.length).replace(/^[\s-]*/u, '');
  const unit = unitAtStart(after);
  return unit ? text.length - after.length + unit.text.length : 0;
}

/** A measure with its imperial remainder: "1lb 2oz", "1 pint 6fl oz". */
function compoundLength(text: string, options: LineOptions): number {
  let end = measureLength(text, options);
  if (end === 0) return 0;
  const more = /^\s*/u.exec(text.slice(end))![0].length;
  const next = measureLength(text.slice(end + more), options);
  if (next > 0) end += more + next;
  return end;
}

/**
 * A second amount with its unit ("1 14-ounce can", "2 x 400g tins", "250g/9oz", "500g/1lb 2oz"),
 * moved to the note as a size. Answers the text after it, or `text` as it was when it starts
 * with no amount and unit.
 */
function takeSize(text: string, options: LineOptions, notes: string[]): string {
  let end = compoundLength(text, options);
  if (end === 0) return text;
  // "150g/5oz": the same size in other units.
  const slash = /^\s*\/+\s*/u.exec(text.slice(end));
  if (slash) {
    const other = compoundLength(text.slice(end + slash[0].length), options);
    if (other > 0) end += slash[0].length + other;
  }
  notes.push(text.slice(0, end).trim());
  return text.slice(end).trim();
}

/** Takes a word matching `pattern` off the front of `text` into `notes`, when `when` holds for what follows. */
function takePrefix(text: string, pattern: RegExp, notes: string[], when: (rest: string) => boolean): string {
  const found = pattern.exec(text);
  if (!found || !when(text.slice(found[0].length))) return text;
  notes.push((found[1] ?? found[0]).trim());
  return text.slice(found[0].length);
}

function parse(line: string, options: LineOptions): Parsed {
  const notes: string[] = [];
  let rest = takePrefix(line, LABEL, notes, () => true);
  rest = takePrefix(rest, APPROXIMATELY, notes, startsWithNumber);
  rest = takePrefix(rest, PART_OF, notes, startsWithNumber);

  let amount: Amount | null = amountAtStart(rest, options.decimalComma);
  // "24-karat gold": a number hyphened to a word that is no unit is part of the name.
  if (
    amount &&
    /^-\p{L}/u.test(rest.slice(amount.text.length)) &&
    !unitAtStart(rest.slice(amount.text.length + 1))
  ) {
    amount = null;
  }
  // "a pinch of salt", "a large handful": the article before a unit is a joint, not a number.
  const article = amount ? null : /^an?\s+/iu.exec(rest);
  const articleBeforeUnit =
    article !== null && unitAtStart(rest.slice(article[0].length).replace(SIZE_BEFORE_UNIT, '')) !== null;
  if (articleBeforeUnit) rest = rest.slice(article[0].length);
  const before = notes.length;
  if (!amount) rest = takePrefix(rest, SOME, notes, () => true);
  const some = notes.length > before || articleBeforeUnit;

  let quantity: number | null = null;
  if (amount) {
    quantity = amount.value;
    // A range keeps its words, first in the note: the quantity is its lower end.
    if (amount.max !== null) notes.push(amount.text);
    rest = rest
      .slice(amount.text.length)
      .trim()
      .replace(/^-(?=\p{L})/u, '');
    rest = takePrefix(rest, /^or so\b\s*/iu, notes, () => true);
    const times = TIMES.exec(rest);
    if (times) rest = takeSize(rest.slice(times[0].length), options, notes);
    else if (startsWithNumber(rest)) rest = takeSize(rest, options, notes);
  }
  rest = takeParenthesesAtStart(rest, notes);

  const sizes: string[] = [];
  for (let size = SIZE_BEFORE_UNIT.exec(rest); size; size = SIZE_BEFORE_UNIT.exec(rest)) {
    if (!unitAtStart(rest.slice(size[0].length).replace(SIZE_BEFORE_UNIT, ''))) break;
    sizes.push(size[0].trim());
    rest = rest.slice(size[0].length);
  }
  let unit: Unit | null = null;
  const unitSizes: string[] = [];
  const found = unitAtStart(rest);
  const afterUnit = found ? rest.slice(found.text.length).trim() : '';
  // Without an amount, only units that need none ("pinch of salt", "tsp salt", "Prise Salz") open a line.
  const standsAlone =
    found !== null &&
    afterUnit !== '' &&
    (found.unit.unmeasured === true || MEASURES_WITHOUT_NUMBER.has(found.unit.one) || JOINT.test(afterUnit));
  if (found && (amount || (standsAlone && (some || notes.length === 0)))) {
    unit = found.unit;
    rest = takePrefix(afterUnit, AMOUNT_MODIFIERS, notes, (after) => after !== '');
    // "2 tbsp or so honey", "a splash or two of wine": said of the amount.
    rest = takePrefix(rest, /^or\s+(?:so|two)\s+(?:of\s+)?/iu, notes, (after) => after !== '');
    // "2 fresh sprigs thyme": freshness is the thyme's, the rest of the sizes the unit's.
    unitSizes.push(...sizes);
    const fresh = sizes.filter((size) => /^fresh$/iu.test(size));
    notes.push(...sizes.filter((size) => !/^fresh$/iu.test(size)));
    sizes.length = 0;
    if (fresh.length > 0) rest = `${fresh.join(' ')} ${rest}`;
    // "1 lb 5 oz": the rest of the amount in a smaller unit.
    const remainder = measureLength(rest, options);
    if (remainder > 0 && rest.length > remainder) {
      notes.push(rest.slice(0, remainder).trim());
      rest = rest.slice(remainder).trim();
    }
    // "250g/9oz", "1 cup / 240 ml": the same amount in other units.
    if (rest.startsWith('/')) rest = takeSize(rest.replace(/^\/+/u, '').trim(), options, notes);
    // "1 tablespoon plus 1 teaspoon", "2 cups + 3 tbsp": more of it in another unit.
    const plus = /^(?:plus|\+|and)\s+/iu.exec(rest);
    if (plus) {
      const more = measureLength(rest.slice(plus[0].length), options);
      if (more > 0) {
        notes.push(rest.slice(0, plus[0].length + more).trim());
        rest = rest.slice(plus[0].length + more).trim();
      }
    }
    rest = takeParenthesesAtStart(rest, notes);
    // "400g can tomatoes", "1-inch piece ginger", "1 can or bottle beer": the form it comes in.
    const form = unitAtStart(rest);
    const isForm =
      form && (CONTAINERS.has(form.unit.one) || (LENGTHS.has(unit.one) && PIECES.has(form.unit.one)));
    if (form && isForm && rest.length > form.text.length + 1) {
      notes.push(form.text);
      rest = rest.slice(form.text.length).trim();
    }
    // "1 tsp teaspoon maple syrup": the unit written twice.
    const again = unitAtStart(rest);
    if (again && again.unit === unit && rest.length > again.text.length + 1) {
      notes.push(again.text);
      rest = rest.slice(again.text.length).trim();
    }
    const orForm = /^or\s+(\p{L}+)\s+/iu.exec(rest);
    if (orForm && unitAtStart(orForm[1]!)) {
      notes.push(orForm[0].trim());
      rest = rest.slice(orForm[0].length);
    }
    rest = rest.replace(JOINT, '');
  }
  if (sizes.length > 0) rest = `${sizes.join(' ')} ${rest}`;
  const name = nameAndNotes(rest, notes);
  // "15-16 whole cloves": nothing after the unit, so the unit's word was the ingredient.
  if (name === '' && found && unit && amount && afterUnit === '') {
    return {
      quantity,
      unit: null,
      name: `${unitSizes.join(' ')} ${found.text}`.trim(),
      notes: notes.filter((n) => !unitSizes.includes(n)),
    };
  }
  return { quantity, unit, name, notes };
}

/** "Vanilla extract, 1½ teaspoons", "Olive oil (about ½ cup)": a line whose amount comes after the name. */
function amountFromNotes(parsed: Parsed, options: LineOptions): Parsed {
  if (parsed.quantity !== null || parsed.unit !== null) return parsed;
  for (let i = 0; i < parsed.notes.length; i++) {
    const note = parsed.notes[i]!;
    const lead = APPROXIMATELY.exec(note)?.[0] ?? '';
    const amount = amountAtStart(note.slice(lead.length), options.decimalComma);
    if (!amount) continue;
    const afterAmount = note.slice(lead.length + amount.text.length).trim();
    const unit = unitAtStart(afterAmount);
    // Nothing after the unit but the same amount in other units ("1 litre/1¾ pints").
    const other = unit ? afterAmount.slice(unit.text.length).trim() : '';
    if (!unit || !/^(?:\/.*)?$/u.test(other)) continue;
    const notes = [...parsed.notes];
    const kept = [lead.trim(), amount.max !== null ? amount.text : '', other.replace(/^\/\s*/u, '')].filter(
      (w) => w !== '',
    );
    notes.splice(i, 1, ...kept);
    return { ...parsed, quantity: amount.value, unit: unit.unit, notes };
  }
  return parsed;
}

/** "freshly squeezed", "finely ground": an adverb and its participle still in the name. */
const PREPARATION_IN_NAME = /\b\p{L}{3,}ly\s+(?:\p{L}{3,}ed|ground|cut|torn)\b/iu;

/** Names made with "of": "cream of mushroom soup", "leg of lamb", "bicarbonate of soda", "hen of the woods". */
const NAMED_WITH_OF =
  /\b(?:cream|bicarbonate|leg|legs|shoulder|loin|rack|saddle|head|heart|hearts|hen|breast|fillet|chine|side|oil|essence|flower|flowers|cloud)\s+of\b/iu;

/** Why the reader doubts its reading of a line; null when it has none. */
function doubt(parsed: Parsed, line: string): string | null {
  if (parsed.name === '') return 'no name left';
  // Flour types ("'00' flour", "Type 550") are names with a number; any other number is an amount not understood.
  if (/\p{N}/u.test(parsed.name.replace(/['‘’"]?\b0+\b['‘’"]?|\b(?:Type|Typ)\s+\d+/gu, '')))
    return 'a number in the name';
  if (parsed.quantity === null && /^\p{N}/u.test(line)) return 'an amount not understood';
  if (/^\p{L}{1,4}\.$/u.test(words(parsed.name)[0] ?? '')) return 'an abbreviation not understood';
  // The two shapes the labelled lines show read wrong about one time in two (docs/drafts.md).
  if (PREPARATION_IN_NAME.test(parsed.name)) return 'a preparation left in the name';
  if (/\S\s+of\s+\S/iu.test(parsed.name) && !NAMED_WITH_OF.test(parsed.name))
    return 'a measure of something not understood';
  if (/(?:^|\s)an?\s/iu.test(parsed.name)) return 'an article in the name';
  return null;
}

/** Reads one ingredient line. */
export function readIngredientLine(line: string, options: LineOptions = {}): IngredientReading {
  const tidied = tidyLine(line);
  const parsed = amountFromNotes(parse(tidied, options), options);
  if (doubt(parsed, tidied) !== null) {
    return { ingredient: { quantity: null, unit: null, name: tidied, note: null }, sure: false };
  }
  let { name, unit } = parsed;
  const notes = [...parsed.notes];
  if (!unit && parsed.quantity !== null) {
    const countUnit = COUNT_UNIT_AFTER_NAME.exec(name);
    const named = countUnit ? unitAtStart(countUnit[2]!) : null;
    // "whole cloves" are cloves, the spice: the words before must name something.
    if (countUnit && named && !words(countUnit[1]!).every(isDescribingWord)) {
      name = countUnit[1]!;
      unit = named.unit;
      // "3 fat garlic cloves", "12 thin asparagus spears": the size is the pieces'.
      const size = SIZE_BEFORE_UNIT.exec(name);
      if (size && !/^(?:fresh|whole)\b/iu.test(size[0]) && size[0].length < name.length) {
        notes.unshift(size[0].trim());
        name = name.slice(size[0].length);
      }
    }
  }
  const note = notes.filter((n) => n !== '').join(', ');
  return {
    ingredient: {
      quantity: parsed.quantity,
      unit: unit ? unitSpelling(unit, parsed.quantity) : null,
      name,
      note: note === '' ? null : note,
    },
    sure: true,
  };
}
