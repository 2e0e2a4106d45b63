import { IssueList } from '../shared/errors.js';

export const SHARE_DAYS = [1, 7, 30, 365] as const;
export const LINK_PREVIEW_MINUTES = [15, 60, 1440] as const;

export interface HouseholdSettings {
  publicShares: boolean;
  /** Days a new public link lasts unless the member picks otherwise; null: no expiry. */
  publicShareDefaultDays: number | null;
  /** Longest a public link may live; null: no maximum. */
  publicShareMaxDays: number | null;
  publicShareAttribution: boolean;
  linkPreviews: boolean;
  linkPreviewMinutes: number;
  recipesLockedByDefault: boolean;
}

export const DEFAULT_SETTINGS: HouseholdSettings = {
  publicShares: false,
  publicShareDefaultDays: null,
  publicShareMaxDays: null,
  publicShareAttribution: true,
  linkPreviews: false,
  linkPreviewMinutes: 15,
  recipesLockedByDefault: false,
};

export type SettingsPatch = Partial<HouseholdSettings>;

/**
 * Applies a patch: only named fields change. The default lifetime of a public
 * link never exceeds the maximum; lowering the maximum alone pulls the default
 * down with it, while naming a default above the maximum is refused.
 */
export function applySettingsPatch(current: HouseholdSettings, patch: SettingsPatch): HouseholdSettings {
  const next: HouseholdSettings = { ...current };
  for (const key of Object.keys(patch) as Array<keyof HouseholdSettings>) {
    if (patch[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = patch[key];
  }
  const max = next.publicShareMaxDays;
  if (max !== null) {
    const exceeds = next.publicShareDefaultDays === null || next.publicShareDefaultDays > max;
    if (exceeds) {
      if ('publicShareDefaultDays' in patch) {
        const issues = new IssueList();
        issues.add(
          'publicShareDefaultDays',
          `must not exceed publicShareMaxDays (${max})${next.publicShareDefaultDays === null ? '; no expiry exceeds every maximum' : ''}`,
        );
        issues.throwIfAny();
      }
      next.publicShareDefaultDays = max;
    }
  }
  return next;
}
