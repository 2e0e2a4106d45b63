import { RECIPE_LIMITS } from '../recipes/recipe-validation.js';
import { withDecimalFractions } from './quantity.js';

/**
 * Minutes out of a recipe time as pages write it: ISO 8601 ("PT1H30M", "P0DT0H20M", "PT0.5H")
 * including the usual slips ("PT1H30", "PT 20M", lower case), or words ("1 hour 30 minutes",
 * "20 Min.", "1 Std. 15 Min."). Null when there is no time, a time of zero (pages write "PT0M" for
 * a time they do not give) or below it, or more than a day (a recipe's times are kept in minutes up
 * to 24 hours).
 */

/**
 * A number of a time: at most 9 digits before the decimal mark (a day is 1440 minutes, 86400
 * seconds) and 18 after (a float written out: "PT0.083333333333333H"). Bounded, so that a run of
 * thousands of digits costs the patterns below a few steps at each digit rather than the whole run
 * again at each: linear, not quadratic.
 */
const NUMBER = String.raw`\d{1,9}(?:[.,]\d{1,18})?`;

const ISO = new RegExp(
  String.raw`^P(?:(${NUMBER})D)?(?:T(?:(${NUMBER})H)?(?:(${NUMBER})M?)?(?:(${NUMBER})S)?)?$`,
  'u',
);
/** One part of a time in words ("1 hour", "30 Min."); a number starts where no digit stands before it. */
const WORD_PART = new RegExp(
  String.raw`(?<!\d)(${NUMBER})\s*(days?|tage?n?|d|hours?|hrs?|h|stunden?|std|heures?|uur|horas?|ore|ora|timer|timmar|timme|minutes?|mins?|min|minuten?|minut[io]s?|minutter|minuter|mn|m|seconds?|secs?|s)(?!\p{L})\.?`,
  'giu',
);

/** A time written below zero ("PT-5M", "P0DT-5M", "-5 min"): a minus before its first number. */
const BELOW_ZERO = /^(?:P[\dDTH.,]*)?[-−]/u;

function number(text: string | undefined): number {
  return text === undefined ? 0 : Number(text.replace(',', '.'));
}

/** Whole minutes up to a day; none for zero, which pages write for a time they do not know ("PT0M"). */
function withinADay(minutes: number): number | null {
  if (!Number.isFinite(minutes) || minutes < 0) return null;
  const rounded = Math.round(minutes);
  return rounded > 0 && rounded <= RECIPE_LIMITS.minutesMax ? rounded : null;
}

export function minutesOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const compact = text.trim().toUpperCase().replace(/\s+/gu, '');
  if (compact === '' || BELOW_ZERO.test(compact)) return null;
  const iso = ISO.exec(compact);
  if (iso && compact !== 'P' && compact !== 'PT') {
    const [, days, hours, minutes, seconds] = iso;
    return withinADay(number(days) * 1440 + number(hours) * 60 + number(minutes) + number(seconds) / 60);
  }
  let total = 0;
  let parts = 0;
  // "1/2 hour" is half an hour (it was read as "2 hour").
  for (const match of withDecimalFractions(text).matchAll(WORD_PART)) {
    const unit = match[2]!.toLowerCase();
    const value = number(match[1]);
    if (/^(?:d|days?|tage?n?)$/u.test(unit)) total += value * 1440;
    else if (/^(?:h|hrs?|hours?|stunden?|std|heures?|uur|horas?|ore|ora|timer|timmar|timme)$/u.test(unit))
      total += value * 60;
    else if (/^(?:s|secs?|seconds?)$/u.test(unit)) total += value / 60;
    else total += value;
    parts++;
  }
  // "1 h 10": the minutes after the hours, without their word.
  const minutesAfterHours = /(?:\d\s*(?:h|heures?|std\.?|hrs?|hours?|ore|horas?))\s*(\d{1,2})\s*$/iu.exec(
    text,
  );
  if (minutesAfterHours) total += Number(minutesAfterHours[1]);
  if (parts > 0) return withinADay(total);
  // A bare number is minutes ("20").
  return /^\d+$/u.test(text.trim()) ? withinADay(Number(text.trim())) : null;
}
