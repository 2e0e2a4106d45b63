/**
 * The lifetimes the API takes, as its description lists them: a public link's days, an API
 * token's days, the minutes a chat link previews a recipe. Offered as choices, never typed.
 */
import { t } from './i18n';

export const SHARE_DAYS = [1, 7, 30, 365] as const;
export const TOKEN_DAYS = [30, 90, 365] as const;
export const PREVIEW_MINUTES = [15, 60, 1440] as const;

/** "1 day", "7 days", … for the share lifetimes up to `most` (null: all). */
export function dayChoices(most: number | null = null): Array<readonly [number, string]> {
  return SHARE_DAYS.filter((n) => most === null || n <= most).map((n) => [n, t('dayCount', { n })] as const);
}
