import { RECIPE_LIMITS } from '../recipes/recipe-validation.js';

/**
 * Minutes out of a recipe time as pages write it: ISO 8601 ("PT1H30M", "P0DT0H20M", "PT0.5H")
 * including the usual slips ("PT1H30", "PT 20M", lower case), or words ("1 hour 30 minutes",
 * "20 Min.", "1 Std. 15 Min."). Null when there is no time, a time of zero (pages write "PT0M" for
 * a time they do not give), or more than a day (a recipe's times are kept in minutes up to 24 hours).
 */

const ISO =
  /^P(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M?)?(?:(\d+(?:[.,]\d+)?)S)?)?$/u;
const WORD_PART =
  /(\d+(?:[.,]\d+)?)\s*(days?|tage?n?|d|hours?|hrs?|h|stunden?|std|heures?|uur|minutes?|mins?|min|minuten?|m|seconds?|secs?|s)\b\.?/giu;

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
  if (compact === '') return null;
  const iso = ISO.exec(compact);
  if (iso && compact !== 'P' && compact !== 'PT') {
    const [, days, hours, minutes, seconds] = iso;
    return withinADay(number(days) * 1440 + number(hours) * 60 + number(minutes) + number(seconds) / 60);
  }
  let total = 0;
  let parts = 0;
  for (const match of text.matchAll(WORD_PART)) {
    const unit = match[2]!.toLowerCase();
    const value = number(match[1]);
    if (/^(?:d|days?|tage?n?)$/u.test(unit)) total += value * 1440;
    else if (/^(?:h|hrs?|hours?|stunden?|std|heures?|uur)$/u.test(unit)) total += value * 60;
    else if (/^(?:s|secs?|seconds?)$/u.test(unit)) total += value / 60;
    else total += value;
    parts++;
  }
  if (parts > 0) return withinADay(total);
  // A bare number is minutes ("20").
  return /^\d+$/u.test(text.trim()) ? withinADay(Number(text.trim())) : null;
}
