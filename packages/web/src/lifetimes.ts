/**
 * The lifetimes the API takes, as its description lists them: a public link's days, an API
 * token's days, the minutes a chat link previews a recipe. Offered as choices, never typed.
 */
import { t } from './i18n';

export const SHARE_DAYS = [1, 7, 30, 365] as const;
export const TOKEN_DAYS = [30, 90, 365] as const;
export const PREVIEW_MINUTES = [15, 60, 1440] as const;

/** "1 day", "7 days", … for the lifetimes `days` (a public link's unless told) up to `most` (null: all). */
export function dayChoices(
  most: number | null = null,
  days: readonly number[] = SHARE_DAYS,
): Array<readonly [number, string]> {
  return days.filter((n) => most === null || n <= most).map((n) => [n, t('dayCount', { n })] as const);
}

/** A public link's lifetime within the household's longest (null: no end, only without a longest). */
export function withinMost(days: number | null, most: number | null): number | null {
  return most !== null && (days ?? Infinity) > most ? most : days;
}
