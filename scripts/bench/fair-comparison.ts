/**
 * The fair comparisons of bench:drafts, beside the strict ones in draft-scoring.ts. They forgive
 * what a member checking a draft does not care about and what each site's scraper (the corpus's
 * expected extraction) or the labellers decided by convention — and nothing else: a step or line
 * lost, duplicated, added or holding junk is still wrong. docs/performance.md states the rules.
 */
import { lineWords, normalText, sameWords } from './draft-scoring.ts';

/**
 * A step's numbering, as scrapers keep it and drafts drop it: "1.", "2)", "3:", "Step 4",
 * "Step 5:", "Étape 6 –", "Schritt 7". (A bare "2 eggs" is no numbering: it needs its dot.)
 */
const NUMBERING =
  /^(?:(?:step|schritt|étape|etape|stap|paso|passo|passaggio|krok|lépés)\s*\d{1,2}\b\s*[.:)–—-]?|\d{1,2}\s*[.):](?!\d))\s*/iu;

const FRACTIONS: Record<string, string> = {
  '½': '1/2',
  '⅓': '1/3',
  '⅔': '2/3',
  '¼': '1/4',
  '¾': '3/4',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
};

/**
 * Typography, which a site's structured data and its page often write differently: fractions as
 * "1/2", dashes as "-", curly quotes as straight ones, "º" as "°".
 */
function plainTypography(text: string): string {
  return text
    .replace(
      /(\d)?([½⅓⅔¼¾⅛⅜⅝⅞])/gu,
      (_, digit: string | undefined, f: string) => `${digit ? `${digit} ` : ''}${FRACTIONS[f]}`,
    )
    .replace(/⁄/gu, '/')
    .replace(/[‐‑‒–—―−]|--/gu, '-')
    .replace(/[‘’‚′]/gu, "'")
    .replace(/[“”„″]/gu, '"')
    .replace(/º/gu, '°');
}

/** A step's text for the fair comparison: the corpus's normal text, typography plain, markdown bold and numbering taken off. */
export function stepText(step: string): string {
  return plainTypography(normalText(step))
    .replace(/\*\*|__/gu, '')
    .replace(NUMBERING, '')
    .trim();
}

/**
 * A section label standing as a step ("For the sauce:", "BLISTER TOMATOES", "Day 1 (Morning):",
 * "Making the cake"): at most 8 words and no sentence in it (no . ! ? ; — a colon may end it).
 */
function isLabel(step: string): boolean {
  return step.split(/\s+/u).length <= 8 && !/[.!?;]/u.test(step);
}

/**
 * The steps without their section labels: a label is left out only when a step that is no label
 * follows it, right after it or after one more label (a section's name, then a step's title);
 * labels that end the list, or pile up more, are junk and stay.
 */
function withoutLabels(steps: readonly string[]): string[] {
  const heads = (i: number): boolean =>
    [steps[i + 1], steps[i + 2]].some(
      (next, k) => next !== undefined && !isLabel(next) && (k === 0 || isLabel(steps[i + 1]!)),
    );
  return steps.filter((step, i) => !(isLabel(step) && heads(i)));
}

/** Texts compared without their whitespace: how a paragraph was split or joined does not matter. */
function joined(steps: readonly string[]): string {
  return steps.join('').replace(/\s+/gu, '');
}

/**
 * Fair "steps right": the instructions' text is the expected text — every step's numbering off,
 * whitespace (and so where steps were split) ignored — with the section labels counted on both
 * sides, or left out on both sides (so neither a label kept as a step nor one written into its
 * first step counts against a draft).
 */
export function stepsRightFair(ours: readonly string[], expected: readonly string[]): boolean {
  const o = ours.map(stepText).filter((s) => s !== '');
  const e = expected.map(stepText).filter((s) => s !== '');
  if (e.length === 0) return o.length === 0;
  return joined(o) === joined(e) || joined(withoutLabels(o)) === joined(withoutLabels(e));
}

/** Strict "steps right": the same number of steps, each equal as normal text. */
export function stepsRightStrict(ours: readonly string[], expected: readonly string[]): boolean {
  const o = ours.map(normalText).filter((s) => s !== '');
  const e = expected.map(normalText).filter((s) => s !== '');
  return o.length === e.length && o.every((s, i) => s === e[i]);
}

/**
 * How many of the expected lines the draft shows, in order: the longest common subsequence of
 * the two lists of lines, a pair matching when the words are the same (lineWords). A line lost or
 * added costs that line only, not every line after it as a position-by-position comparison would.
 */
export function linesInOrder(ours: readonly string[], expected: readonly string[]): number {
  const a = ours.map(lineWords);
  const b = expected.map(lineWords);
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = sameWords(a[i - 1]!, b[j - 1]!) ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * The expected lines a draft must show: an expected line that names one of the draft's groups
 * ("For frosting:") is a group heading the scraper kept as a line; the draft shows it as the
 * group's name.
 */
export function expectedLines(expected: readonly string[], groupNames: readonly string[]): string[] {
  const names = new Set(groupNames.map((name) => comparable(name)));
  return expected.filter((line) => !names.has(comparable(line)));
}

function comparable(text: string): string {
  return normalText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
