import { type HouseholdSettings, SHARE_DAYS } from '../settings/household-settings.js';
import { IssueList } from '../shared/errors.js';

/**
 * How long a new link lasts: the days asked for, or the household default when
 * none are named. `null` (no expiry) is allowed only while the household has no
 * maximum; a number must be one of 1, 7, 30, 365 and within the maximum.
 */
export function resolveShareDays(
  requested: number | null | undefined,
  settings: Pick<HouseholdSettings, 'publicShareDefaultDays' | 'publicShareMaxDays'>,
  location = 'days',
): number | null {
  const days = requested === undefined ? settings.publicShareDefaultDays : requested;
  const max = settings.publicShareMaxDays;
  const issues = new IssueList();
  if (days !== null && !(SHARE_DAYS as readonly number[]).includes(days)) {
    issues.add(location, `must be one of ${SHARE_DAYS.join(', ')}, or null for no expiry`);
  } else if (max !== null && (days === null || days > max)) {
    issues.add(
      location,
      `must not exceed publicShareMaxDays (${max})${days === null ? '; no expiry exceeds every maximum' : ''}`,
    );
  }
  issues.throwIfAny();
  return days;
}
