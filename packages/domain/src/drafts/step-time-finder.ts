import type { StepTime } from '../recipes/recipe.js';
import { RECIPE_LIMITS } from '../recipes/recipe-validation.js';
import { containsNumber, isRangePhrase, occursAsWords } from '../recipes/step-text.js';

/**
 * Finds the durations in a step's text, as the recipe rules want them marked: "20 minutes",
 * "1 to 2 hours", "20–25 Min.", "1 Std.", "1 hour 30 minutes", "½ hour". Every phrase holds a
 * number ("overnight" and "a few minutes" are no times), stands in the text as whole words, and
 * is a range (with `maxSeconds` above `seconds`) exactly when the rules read it as one. Used by
 * the draft reader and meant for the recipe editor too.
 */

const VULGAR: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };

/** Seconds per unit, by the unit words of the languages recipes come in. */
const UNIT_SECONDS: Array<[RegExp, number]> = [
  [
    /^(?:s|sec|secs|second|seconds|sek|sekunde|sekunden|seconde|secondes|seconden|segundos?|secondi|sekund|sekunder)$/iu,
    1,
  ],
  [/^(?:m|min|mins|minute|minutes|minuten|minuut|minuto|minutos|minuti|minutter|minuter|perc)$/iu, 60],
  [
    /^(?:h|hr|hrs|hour|hours|std|stunde|stunden|heure|heures|uur|ora|ore|hora|horas|time|timer|timmar|timme)$/iu,
    3600,
  ],
  [/^(?:d|day|days|tag|tage|tagen|jour|jours|dag|dagen|dagar|día|días|giorno|giorni)$/iu, 86_400],
];

const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?(?:\s*[½¼¾⅓⅔])?|\d+\s+\d/\d|\d+/\d+|[½¼¾⅓⅔])`;
/**
 * Unit words in full, then abbreviations. Only singular abbreviations take a dot ("20 Min.",
 * "1 Std."): after "20 minutes." or "5 mins." the dot ends the sentence.
 */
const UNIT_WORD =
  String.raw`(?:(?:seconds?|sekunden|sekunde|secondes?|seconden|segundos?|secondi|sekunder|sekund|minutes?|minuten|minuut|minutos?|minuti|minutter|minuter|hours?|stunden|stunde|heures?|uur|ore|ora|horas?|timmar|timme|timer|days?|tagen?|tage|tag|jours?|dagen|dagar|dag|días?|giorni|giorno)` +
  String.raw`|secs|mins|hrs|(?:sec|sek|min|hr|h|std)\.?)`;
const JOIN = String.raw`(?:\s*[-–—~]\s*|\s+(?:to|or|until|bis|oder|à|a|tot|til|eller)\s+)`;
const AMOUNT = `${NUMBER}\\s*${UNIT_WORD}`;
/** "1 hour 30 minutes", "1 Std. 20 Min.", "1 hr and 15 mins": parts of one duration. */
const COMPOUND = `${AMOUNT}(?:\\s*(?:,|and|und|et|en)?\\s*${AMOUNT})*`;
/** A range with the unit once ("20-25 minutes") or on both ends ("20 minutes to 1 hour"). */
const RANGE = `${NUMBER}(?:\\s*${UNIT_WORD})?${JOIN}${COMPOUND}`;
const PHRASE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${RANGE}|${COMPOUND})(?![\\p{L}\\p{N}])`, 'giu');

function numberValue(text: string): number {
  const t = text.trim();
  const mixed = /^(\d+)\s+(\d)\/(\d)$/u.exec(t);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d+)\/(\d+)$/u.exec(t);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const withVulgar = /^(\d*)\s*([½¼¾⅓⅔])$/u.exec(t);
  if (withVulgar) return Number(withVulgar[1] || 0) + VULGAR[withVulgar[2]!]!;
  return Number(t.replace(',', '.'));
}

function unitSeconds(word: string): number | null {
  const bare = word.replace(/\.$/u, '');
  return UNIT_SECONDS.find(([pattern]) => pattern.test(bare))?.[1] ?? null;
}

const AMOUNT_PARTS = new RegExp(`(${NUMBER})\\s*(${UNIT_WORD})`, 'giu');

/** The seconds of a duration written in parts ("1 hour 30 minutes" → 5400); null when a part is not understood. */
function compoundSeconds(text: string): number | null {
  let total = 0;
  let parts = 0;
  for (const match of text.matchAll(AMOUNT_PARTS)) {
    const unit = unitSeconds(match[2]!);
    const value = numberValue(match[1]!);
    if (unit === null || !Number.isFinite(value)) return null;
    total += value * unit;
    parts++;
  }
  return parts > 0 ? Math.round(total) : null;
}

/** One phrase as a step time, or null when it cannot be one under the rules. */
function timeOf(phrase: string): StepTime | null {
  if (phrase.length > RECIPE_LIMITS.phrase || !containsNumber(phrase)) return null;
  const join = new RegExp(JOIN, 'iu').exec(phrase);
  const range = join !== null && isRangePhrase(phrase);
  let seconds: number | null;
  let maxSeconds: number | undefined;
  if (range) {
    const low = phrase.slice(0, join.index);
    const high = phrase.slice(join.index + join[0].length);
    maxSeconds = compoundSeconds(high) ?? undefined;
    // "20-25 minutes": a lower end without a unit takes the upper end's.
    const highUnit = unitSeconds(/\p{L}+\.?/u.exec(high)?.[0] ?? '');
    seconds = /\p{L}/u.test(low)
      ? compoundSeconds(low)
      : highUnit === null
        ? null
        : Math.round(numberValue(low) * highUnit);
    if (seconds === null || !Number.isFinite(seconds) || maxSeconds === undefined || maxSeconds <= seconds)
      return null;
  } else {
    if (isRangePhrase(phrase)) return null;
    seconds = compoundSeconds(phrase);
  }
  if (seconds === null || seconds < 1 || seconds > RECIPE_LIMITS.secondsMax) return null;
  if (maxSeconds !== undefined && maxSeconds > RECIPE_LIMITS.secondsMax) return null;
  return maxSeconds === undefined ? { phrase, seconds } : { phrase, seconds, maxSeconds };
}

/** The durations in `text`, in order, each once, at most as many as a step may carry. */
export function findStepTimes(text: string): StepTime[] {
  const times: StepTime[] = [];
  for (const match of text.matchAll(PHRASE)) {
    if (times.length >= RECIPE_LIMITS.timesPerStep) break;
    const phrase = match[0].trim();
    const time = timeOf(phrase);
    if (time && occursAsWords(text, phrase) && !times.some((t) => t.phrase === phrase)) times.push(time);
  }
  return times;
}
