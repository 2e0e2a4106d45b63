import type { HouseholdSettings, HouseholdSettingsRepository } from '@larder/domain';
import type { Selectable } from 'kysely';
import type { HouseholdSettingsTable } from '../schema.js';
import type { Executor } from './executor.js';

function fromRow(row: Selectable<HouseholdSettingsTable>): HouseholdSettings {
  return {
    publicShares: row.public_shares,
    publicShareDefaultDays: row.public_share_default_days,
    publicShareMaxDays: row.public_share_max_days,
    publicShareAttribution: row.public_share_attribution,
    linkPreviews: row.link_previews,
    linkPreviewMinutes: row.link_preview_minutes,
    recipesLockedByDefault: row.recipes_locked_by_default,
  };
}

export class PostgresHouseholdSettingsRepository implements HouseholdSettingsRepository {
  constructor(private readonly db: Executor) {}

  async get(): Promise<HouseholdSettings> {
    return fromRow(await this.db.selectFrom('household_settings').selectAll().executeTakeFirstOrThrow());
  }

  async getForUpdate(): Promise<HouseholdSettings> {
    return fromRow(
      await this.db.selectFrom('household_settings').selectAll().forUpdate().executeTakeFirstOrThrow(),
    );
  }

  async save(settings: HouseholdSettings): Promise<void> {
    await this.db
      .updateTable('household_settings')
      .set({
        public_shares: settings.publicShares,
        public_share_default_days: settings.publicShareDefaultDays,
        public_share_max_days: settings.publicShareMaxDays,
        public_share_attribution: settings.publicShareAttribution,
        link_previews: settings.linkPreviews,
        link_preview_minutes: settings.linkPreviewMinutes,
        recipes_locked_by_default: settings.recipesLockedByDefault,
      })
      .where('id', '=', 1)
      .execute();
  }
}
