import type { HouseholdSettings } from './household-settings.js';

export interface HouseholdSettingsRepository {
  get(): Promise<HouseholdSettings>;
  /** Reads the settings locked against concurrent change, inside a transaction. */
  getForUpdate(): Promise<HouseholdSettings>;
  /** Writes the whole settings row in one statement. */
  save(settings: HouseholdSettings): Promise<void>;
}
