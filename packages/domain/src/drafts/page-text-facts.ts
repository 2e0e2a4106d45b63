import { minutesOf } from './durations.js';
import type { FoundRecipe } from './found-recipe.js';

/**
 * Facts a page states in its text rather than its markup: "Serves 4", "Prep time: 15 minutes",
 * "Kochzeit 20 Min.". Each pattern's first group is the value as written.
 */

/** The words that say a yield before its number: "Serves 4", "Servings: 8", "Yield: 2 loaves", "Raciones: 6". */
const YIELD_LABEL = String.raw`(?:serves|servings|yield|yields|makes|portions?|portionen|personen|personnes|porties|porciones|raciones|porzioni|dosi\s+per)`;
/** Words for the people a recipe feeds, after the number: "6 personnes", "4 pers.", "6 porsjoner", "2人分". */
const PEOPLE = String.raw`(?:personnes?|pers\.?|personas|persone|personen|porsjoner|portioner|porzioni|人分)`;
const COUNT = String.raw`\d+(?:\s*[-–]\s*\d+)?`;
/** Words counting the portions or pieces after a number: "4 servings", "6 raciones". */
const COUNTED = String.raw`(?:servings?|portions?|portionen|porciones|raciones|porzioni|porties|stücke?)`;

/**
 * A yield: the number (or range) and the word after it, which says what is counted ("2 loaves"
 * counts no portions) — after its label ("Serves 4"), after "for" and before what it counts ("Pour
 * 6 personnes", "Para 4 personas", "Zutaten für 2 Personen", "Für 8 Stücke"), or before the people
 * it feeds or the portions it counts ("6 porsjoner", "(2人分)", "12 Portionen").
 */
const YIELD = new RegExp(
  [
    String.raw`(?<!\p{L})${YIELD_LABEL}\s*:?\s*(${COUNT}(?:\s*\p{L}+)?)`,
    String.raw`(?<!\p{L})(?:zutaten\s+)?(?:für|pour|para|per|voor|for)\s+(${COUNT}\s*(?:${PEOPLE}|portionen|portions?|porciones|raciones|stücke?|servings|people))(?!\p{L})`,
    String.raw`(?<![\p{N}.,])(${COUNT}\s*(?:${PEOPLE}|${COUNTED}))(?!\p{L})`,
  ].join('|'),
  'iu',
);

/**
 * What stands before a label that states a fact: nothing but marks, or the fact before it in a line
 * of facts, parted or not ("Prep 10 min | Serves 4", "Préparation : 10 min - Cuisson : 30 min", "Prep 15 mins Cook 50 mins", as page text
 * gives `<strong>Prep</strong> 15 mins <strong>Cook</strong> 50 mins`).
 */
const BEFORE_FACT = /(?:^[^\p{L}\p{N}]*|(?:[|·•;]|\s[-–—])\s*|\d\s*(?:\p{L}+\.?)?\s*,?\s*)$/u;

export interface TextYield {
  /** The yield as written, with the word after the number: "4", "2 loaves", "12 cookies". */
  yields: string;
  /** Whether a label states it as a fact ("Servings: 8"), not a sentence ("One batch makes 2 cups"). */
  stated: boolean;
}

/** The yield a text of the page states, if any. */
export function yieldInText(text: string): TextYield | null {
  const match = YIELD.exec(text);
  if (!match) return null;
  const before = text.slice(0, match.index);
  const stated = BEFORE_FACT.test(before);
  // Without a label ("Pour 6 personnes", "6 porsjoner"), only a fact or a count in parentheses ("材料（2人分）"), not a sentence.
  if (match[1] === undefined && !stated && !/[(（]\s*$/u.test(before)) return null;
  return { yields: (match[1] ?? match[2] ?? match[3])!, stated };
}

type TimeField = keyof Pick<FoundRecipe, 'prepTime' | 'cookTime' | 'totalTime'>;

/**
 * The labels of each time. Those naming a time ("Prep time", "Kochzeit", "Temps de cuisson") count
 * wherever they stand; the bare ones ("Prep", "Cook", "Cuisson", "Tid") only as a fact: opening a
 * line or element, or a part of a line of facts, with nothing but other facts after the time — a
 * step's "Cook 5 minutes until soft" is no recipe time.
 */
const TIME_LABELS: Array<{ field: TimeField; named: string; bare: string; trailing: string }> = [
  {
    field: 'prepTime',
    named: String.raw`prep(?:aration)?\s*time|vorbereitung(?:szeit)?|zubereitungszeit|arbeitszeit|temps\s+de\s+préparation|tempo\s+di\s+preparazione|tiempo\s+de\s+preparación|tilberedningstid|forberedelse(?:stid)?|voorbereidingstijd`,
    bare: String.raw`prep|preparation|préparation|preparazione|preparación|vorbereitung|tilberedning`,
    trailing: String.raw`prep|preparation|bereiden|voorbereiden|zubereitung|préparation|preparazione|preparación`,
  },
  {
    field: 'cookTime',
    named: String.raw`cook(?:ing)?\s*time|bak(?:e|ing)\s*time|koch-?\s*\/\s*backzeit|kochzeit|backzeit|garzeit|temps\s+de\s+cuisson|tempo\s+di\s+cottura|tiempo\s+de\s+cocción|tillagningstid|koketid|steketid|kooktijd|oventijd|baktijd`,
    bare: String.raw`cook|cooking|bake|baking|cuisson|cottura|cocción|tillagning`,
    trailing: String.raw`cook|cooking|bake|baking|oven|bakken|koken|cuisson|cottura|cocción`,
  },
  {
    field: 'totalTime',
    named: String.raw`total\s*time|gesamtzeit|temps\s+total|tempo\s+totale|tiempo\s+total|total\s+tid|totale\s+tijd`,
    bare: String.raw`total|tid`,
    trailing: String.raw`total|totaal`,
  },
];

/** "ca. 20 Minuten", "about 1 hour": a time's approximation, left out of it. */
const ABOUT = String.raw`(?:(?:ca\.?|circa|etwa|about|approx\.?|approximately|environ|env\.|unos|cerca|omkring|ungefär)\s*)?`;
/** Facts glued where markup parted them ("20 minTemps de cuisson") apart. */
function unglued(text: string): string {
  return text.replace(/(?<=\p{Ll})(?=\p{Lu})/gu, ' ');
}

/** A time as written: up to three numbers with their words, and the minutes after hours ("1 h 10"). */
const TIME = String.raw`((?:\d+(?:[.,]\d+)?\s*\p{L}+\.?\s*){1,3}(?:\d{1,2}(?![\d\p{L}]))?)`;

const TIME_PATTERNS = TIME_LABELS.map(({ field, named, bare }) => ({
  field,
  named: new RegExp(String.raw`(?<!\p{L})(?:${named})\s*:?\s*${ABOUT}${TIME}`, 'iu'),
  bare: new RegExp(String.raw`(?<!\p{L})(?:${bare})\s*:?\s*${ABOUT}${TIME}`, 'giu'),
}));

/**
 * A time before its label, as some sites set their facts ("40 min bereiden", "60 min oventijd",
 * "25 Min. Arbeitszeit"): the time, then a label naming a time or one of the words that name one
 * after it. Each label's group is its field's, in the order of TIME_LABELS.
 */
const TIME_FIRST = String.raw`${ABOUT}(\d+(?:[.,]\d+)?\s*\p{L}+\.?(?:\s*\d+(?:[.,]\d+)?\s*\p{L}+\.?){0,2})\s*(?:${TIME_LABELS.map((l) => `(${l.named}|${l.trailing})`).join('|')})(?!\p{L})`;
const TIME_FIRST_FACT = new RegExp(TIME_FIRST, 'iuy');
const ABOUT_AT_END = new RegExp(`${ABOUT}$`, 'iu');
/** What may follow a time before its label: nothing, a separator, or the next fact's number. */
const AFTER_TIME_FIRST = /^\s*(?:$|[|·•;/,]|[-–—]\s|\d)/u;

/** The field and time of a match of TIME_FIRST; null when a "time" in it is none ("12 personen 40 min"). */
function timeFirst(match: RegExpExecArray): { field: TimeField; time: string } | null {
  const time = match[1]!.trim();
  const label = TIME_LABELS.findIndex((_, i) => match[i + 2] !== undefined);
  const parts = time.match(/\d+(?:[.,]\d+)?\s*\p{L}+\.?/gu) ?? [];
  if (label === -1 || !parts.every((part) => minutesOf(part) !== null)) return null;
  return { field: TIME_LABELS[label]!.field, time };
}

/**
 * The times a text states before their labels, as facts: at the start of the text or after
 * another fact ("12 personen 40 min bereiden 60 min oventijd"), nothing but a separator or the next
 * fact after ("Simmer 20 minutes cooking …" states nothing).
 */
function timesBeforeLabels(text: string): Partial<Record<TimeField, string>> {
  const times: Partial<Record<TimeField, string>> = {};
  let lastEnd = -1;
  for (const number of text.matchAll(/(?<![\p{L}\p{N}.,])\d/gu)) {
    if (number.index < lastEnd) continue;
    TIME_FIRST_FACT.lastIndex = number.index;
    const match = TIME_FIRST_FACT.exec(text);
    if (match === null) continue;
    const end = match.index + match[0].length;
    const found = timeFirst(match);
    const afterFact =
      BEFORE_FACT.test(text.slice(0, match.index).replace(ABOUT_AT_END, '')) ||
      (lastEnd !== -1 && /^[\s|·•;,/–—-]*$/u.test(text.slice(lastEnd, match.index)));
    if (found === null || !afterFact || !AFTER_TIME_FIRST.test(text.slice(end))) continue;
    times[found.field] ??= found.time;
    lastEnd = end;
  }
  return times;
}

/** What may follow a time stated as a fact: nothing, a separator, or the next fact's label ("Bake 30 minutes, then cool" is a step). */
const AFTER_FACT = new RegExp(
  String.raw`^\s*(?:$|[|·•;/]|[-–—]\s|,?\s*(?:${[YIELD_LABEL, ...TIME_LABELS.flatMap((l) => [l.named, l.bare])].join('|')})(?!\p{L}))`,
  'iu',
);

/** The times a text of the page states: "Prep time: 15 minutes", "Prep 10 mins | Cook 20 mins", "Cuisson : 1 h 10". */
export function timesInText(glued: string): Partial<Record<TimeField, string>> {
  const text = unglued(glued);
  const times: Partial<Record<TimeField, string>> = timesBeforeLabels(text);
  for (const { field, named, bare } of TIME_PATTERNS) {
    if (times[field] !== undefined) continue;
    const found = named.exec(text)?.[1];
    if (found !== undefined) {
      times[field] = found.trim();
      continue;
    }
    for (const match of text.matchAll(bare)) {
      const time = match[1]!.trim();
      const end = match.index + match[0].length;
      // "Cook 5 minutes." ends a sentence; "20 Min." is an abbreviation.
      if (
        !/\p{L}{5,}\.$/u.test(time) &&
        BEFORE_FACT.test(text.slice(0, match.index)) &&
        AFTER_FACT.test(text.slice(end)) &&
        minutesOf(time) !== null
      ) {
        times[field] = time;
        break;
      }
    }
  }
  return times;
}

/** Every label of a time, to tell where the next fact starts. */
const ANY_TIME_LABEL = TIME_LABELS.flatMap((l) => [l.named, l.bare]).join('|');

/** A yield as one fact of a line: "Serves 4", "Raciones: 6", "Pour 6 personnes", "Voor 6 personen", "4 servings". */
const YIELD_FACT = new RegExp(
  '(?:' +
    [
      String.raw`${YIELD_LABEL}\s*:?\s*${ABOUT}(${COUNT}(?:\s+(?!(?:${ANY_TIME_LABEL})(?!\p{L}))\p{L}+){0,2})`,
      String.raw`(?:zutaten\s+)?(?:für|pour|para|per|voor|for)\s+(${COUNT}\s*(?:${PEOPLE}|${COUNTED}|people))`,
      String.raw`(${COUNT}\s*(?:${PEOPLE}|${COUNTED}))`,
    ]
      .map((alternative) => `(?:${alternative})`)
      .join('|') +
    String.raw`)(?![\p{L}\p{N}])`,
  'iuy',
);

/** A time as one fact of a line: its label (naming a time, or bare), a colon or not, the time. */
const TIME_FACTS = TIME_LABELS.map(({ field, named, bare }) => ({
  field,
  pattern: new RegExp(String.raw`(?:(${named})|(?:${bare}))(?!\p{L})(\s*:)?\s*${ABOUT}${TIME}`, 'iuy'),
}));

/** What parts the facts of a line: spaces, ·, |, •, ;, a comma, a slash, a spaced dash. */
const BETWEEN_FACTS = /(?:\s|[|·•;,/]|[-–—](?=\s))*/uy;

export interface LineFacts {
  yields?: string;
  prepTime?: string;
  cookTime?: string;
  totalTime?: string;
}

/**
 * A line made of nothing but facts — a yield, times after their labels — one or several, parted or
 * run together ("Serves 3 · Prep: 10 mins · Cook: 15 mins", "Temps de préparation : 20 min",
 * "Prep 15 mins Cook 50 mins", "Pour 6 personnes", "Preparazione: 15 min", "Voorbereidingstijd: 40
 * minuten", glued "… 20 minTemps de cuisson : 40 min"): its facts; null when anything else stands
 * in it ("Bake 30 minutes, then cool"). Where steps stand (`amongSteps`), a bare label counts only
 * with a colon ("Bake: 30 min"; "Bake 30 minutes." is a step); one naming a time counts always.
 */
export function factsOfLine(line: string, amongSteps = false): LineFacts | null {
  const text = unglued(line.trim().replace(/\.$/u, ''));
  const facts: LineFacts = {};
  let at = 0;
  const skip = (): void => {
    BETWEEN_FACTS.lastIndex = at;
    at += BETWEEN_FACTS.exec(text)?.[0].length ?? 0;
  };
  skip();
  if (at >= text.length) return null;
  while (at < text.length) {
    YIELD_FACT.lastIndex = at;
    const yields = YIELD_FACT.exec(text);
    if (yields) {
      facts.yields ??= (yields[1] ?? yields[2] ?? yields[3])!.trim();
      at += yields[0].length;
      skip();
      continue;
    }
    const time = TIME_FACTS.map(({ field, pattern }) => {
      pattern.lastIndex = at;
      return { field, match: pattern.exec(text) };
    }).find(({ match }) => match !== null && minutesOf(match[3]!.trim()) !== null);
    if (time === undefined) {
      // "40 min bereiden": a time before its label, not where steps stand.
      TIME_FIRST_FACT.lastIndex = at;
      const first = TIME_FIRST_FACT.exec(text);
      const found = first && !amongSteps ? timeFirst(first) : null;
      if (found === null) return null;
      facts[found.field] ??= found.time;
      at += first![0].length;
      skip();
      continue;
    }
    const [whole, named, colon, value] = time.match!;
    if (amongSteps && named === undefined && colon === undefined) return null;
    facts[time.field] ??= value!.trim();
    at += whole.length;
    skip();
  }
  return facts;
}
