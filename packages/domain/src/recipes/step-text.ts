/**
 * How phrases and words are found in a step's text: case-insensitively, and only
 * as whole words ("5 min" is in "Bake 5 min." but not in "Bake 15 minutes").
 */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese), and
 * Korean, whose particles are glued to the noun ("밀가루를"): next to one of their characters a word
 * ends where the member says it does, so no boundary is asked for there ("20分钟" in "烤20分钟").
 */
const UNSPACED =
  '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}\\u30FC]';
const UNSPACED_CHAR = new RegExp(UNSPACED, 'u');
/** A letter, digit or mark a word of a spaced script could go on with. */
const GLUED = `(?!${UNSPACED})[\\p{L}\\p{N}\\p{M}]`;

function needsBoundary(edge: string): boolean {
  return WORD_CHAR.test(edge) && !UNSPACED_CHAR.test(edge);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Where something stands in a text: `text.slice(start, end)`, in UTF-16 code units. */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * Every place `phrase` stands in `text` with no letter or digit glued to either end (of a script
 * that spaces its words: see `UNSPACED`), matched
 * without case; runs of whitespace in the phrase match any run of whitespace in the text. The one
 * matcher of step text: validation asks it whether a time or a reference word is there, pages ask
 * it where, so what a save accepts is what a page highlights.
 */
export function findPhrase(text: string, phrase: string): TextSpan[] {
  const needle = phrase.trim();
  if (needle === '') return [];
  const matcher = matcherOf(needle);
  matcher.lastIndex = 0;
  const spans: TextSpan[] = [];
  for (let match = matcher.exec(text); match !== null; match = matcher.exec(text)) {
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/** Matchers made lately, by phrase: a save and a page ask for the same phrases again and again. */
const matchers = new Map<string, RegExp>();
const MATCHERS_KEPT = 1000;

function matcherOf(needle: string): RegExp {
  let matcher = matchers.get(needle);
  if (matcher === undefined) {
    const first = needle[0] ?? '';
    const last = needle[needle.length - 1] ?? '';
    const before = needsBoundary(first) ? `(?<!${GLUED})` : '';
    const after = needsBoundary(last) ? `(?!${GLUED})` : '';
    const body = needle.split(/\s+/u).map(escapeRegExp).join('\\s+');
    matcher = new RegExp(`${before}${body}${after}`, 'giu');
    if (matchers.size >= MATCHERS_KEPT) matchers.clear();
    matchers.set(needle, matcher);
  }
  return matcher;
}

/** True when `phrase` stands in `text` as whole words (see `findPhrase`). */
export function occursAsWords(text: string, phrase: string): boolean {
  return findPhrase(text, phrase).length > 0;
}

/**
 * The phrase as `text` writes it: itself when it stands there as whole words, else its composed
 * (NFC) or decomposed (NFD) form when that one does — "crème" typed with a combining accent is the
 * same word as the text's "crème" —, else null. Kept in the text's form, every page that looks
 * for it finds it by plain matching.
 */
export function phraseAsWritten(text: string, phrase: string): string | null {
  // Every save asks this of each reference and time: the other forms are made only when needed.
  if (occursAsWords(text, phrase)) return phrase;
  for (const form of ['NFC', 'NFD'] as const) {
    const other = phrase.normalize(form);
    if (other !== phrase && occursAsWords(text, other)) return other;
  }
  return null;
}

/** A phrase holds a number: a digit, or a fraction sign such as ½. */
export function containsNumber(phrase: string): boolean {
  return /\p{N}/u.test(phrase);
}

const NUMBER = String.raw`\p{N}+(?:[.,/]\p{N}+)*`;
/** An optional unit after the first number: "20 minutes to 1 hour". */
const UNIT = String.raw`(?:\s*\p{L}+\.?)?`;
const SIGN_JOINER = String.raw`\s*[-\u2010-\u2015~]\s*`;
const WORD_JOINER = String.raw`\s+(?:to|or|until|till|through|thru|bis|oder|à|a|tot|til|eller)\s+`;
const RANGE = new RegExp(
  String.raw`(?:${NUMBER}${UNIT}(?:${SIGN_JOINER}|${WORD_JOINER})${NUMBER})` +
    String.raw`|(?:(?:between|zwischen|entre|tussen|mellem)\s+${NUMBER}${UNIT}\s+(?:and|und|et|y|en|og)\s+${NUMBER})`,
  'iu',
);

/**
 * A phrase is a range when it holds two numbers joined by a dash, "to", "or",
 * "bis" or the like: "20-25 minutes", "1 to 2 hours", "3 bis 4 Stunden".
 */
export function isRangePhrase(phrase: string): boolean {
  return RANGE.test(phrase);
}
