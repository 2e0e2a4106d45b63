import { isOwner } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import type { CoreDependencies } from '../core-dependencies.js';
import { Forbidden } from '../shared/errors.js';
import { type HouseholdSettings, type SettingsPatch, applySettingsPatch } from './household-settings.js';

/** The owner's household settings; everyone may read them. */
export class HouseholdSettingsService {
  constructor(private readonly deps: Pick<CoreDependencies, 'store'>) {}

  get(): Promise<HouseholdSettings> {
    return this.deps.store.settings.get();
  }

  async update(caller: Caller, patch: SettingsPatch): Promise<HouseholdSettings> {
    if (!isOwner(caller.account)) {
      throw new Forbidden('settings.owner_only', 'Only the owner changes household settings.');
    }
    if (caller.via !== 'session') {
      throw new Forbidden('auth.session_only', 'Household settings are changed from a signed-in session.');
    }
    return this.deps.store.transaction(async (tx) => {
      const next = applySettingsPatch(await tx.settings.getForUpdate(), patch);
      await tx.settings.save(next);
      return next;
    });
  }
}
