import type { Caller } from '../accounts/caller.js';
import type { CoreDependencies } from '../core-dependencies.js';
import { Forbidden, removedWhile } from '../shared/errors.js';
import { recipeNotFound } from './recipe-errors.js';
import type { MarkOutcome } from './recipe-store.port.js';

/**
 * A member's marks on recipes. Favorites are private to each member; tasty marks
 * are seen by everyone (who and how many), and nobody marks their own recipe tasty.
 * Clearing a mark that is not there is fine.
 */
export class RecipeMarks {
  constructor(private readonly deps: Pick<CoreDependencies, 'store' | 'clock'>) {}

  async favor(caller: Caller, recipeId: string): Promise<void> {
    const outcome = await this.deps.store.recipes.addFavorite(
      recipeId,
      caller.account.id,
      this.deps.clock.now(),
    );
    settled(outcome, 'the favorite was kept');
  }

  async unfavor(caller: Caller, recipeId: string): Promise<void> {
    await this.deps.store.recipes.removeFavorite(recipeId, caller.account.id);
  }

  async markTasty(caller: Caller, recipeId: string): Promise<void> {
    const { store, clock } = this.deps;
    const recipe = await store.recipes.byId(recipeId);
    if (!recipe) throw recipeNotFound();
    if (recipe.createdById === caller.account.id) {
      throw new Forbidden('recipes.own_tasty', 'You cannot mark your own recipe tasty.');
    }
    settled(
      await store.recipes.addTasty(recipeId, caller.account.id, clock.now()),
      'the recipe was marked tasty',
    );
  }

  async clearTasty(caller: Caller, recipeId: string): Promise<void> {
    await this.deps.store.recipes.removeTasty(recipeId, caller.account.id);
  }
}

/** Refuses a mark that was not kept: its recipe is gone, or the marking account (`what`: "…was kept"). */
function settled(outcome: MarkOutcome, what: string): void {
  if (outcome === 'account_gone') throw removedWhile(what);
  if (outcome === 'missing') throw recipeNotFound();
}
