import { personOf } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import type { RecipeView } from './recipe-store.port.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { ImageJanitor } from '../photos/image-janitor.js';
import { Forbidden } from '../shared/errors.js';
import { recipeNotFound } from './recipe-errors.js';
import type { Recipe, RecipeInput } from './recipe.js';
import { type RecipeAbilities, abilitiesOf, isLocked, isRecipeKeeper } from './recipe-permissions.js';
import { checkRecipeInput } from './recipe-validation.js';
import { slugBase, slugFitsBase, withFreeSlug } from './slugs.js';
import { type ExpectedVersion, checkExpectedVersion, nextUpdatedAt } from './recipe-version.js';

/** A recipe as one caller sees it: the view plus the effective lock and what the caller may do. */
export interface RecipeDetails extends RecipeView {
  locked: boolean;
  abilities: RecipeAbilities;
}

/**
 * Details already worked out, per view and per what the caller's abilities depend on. A store
 * that keeps views in memory hands out the same view again until it changes: a repeated read then
 * answers the same details, which lets the presentation of an unchanged answer be kept too.
 * Entries go with their view.
 */
const workedOut = new WeakMap<RecipeView, Map<string, RecipeDetails>>();

export function detailsOf(caller: Caller, view: RecipeView): RecipeDetails {
  // Everything `abilitiesOf` reads of the caller.
  const { account } = caller;
  const whom = `${account.id} ${account.role} ${caller.via} ${caller.scopes?.join(',') ?? ''}`;
  let forView = workedOut.get(view);
  const known = forView?.get(whom);
  if (known) return known;
  const details: RecipeDetails = Object.freeze({
    ...view,
    locked: isLocked(view.recipe.editPolicy, view.lockedByDefault),
    abilities: Object.freeze(abilitiesOf(caller, view.recipe, view.lockedByDefault)),
  });
  if (!forView) workedOut.set(view, (forView = new Map()));
  forView.set(whom, details);
  return details;
}

export interface RecipeCollectionDependencies extends Pick<CoreDependencies, 'store' | 'clock' | 'secrets'> {
  /** Removes the photo files a deleted recipe's rows queued for removal. */
  janitor: Pick<ImageJanitor, 'sweep'>;
}

/** The household's recipes: writing, reading, replacing and deleting them. */
export class RecipeCollection {
  constructor(private readonly deps: RecipeCollectionDependencies) {}

  async create(caller: Caller, input: RecipeInput): Promise<RecipeDetails> {
    const content = checkRecipeInput(input);
    const { store, clock, secrets } = this.deps;
    const now = clock.now();
    const id = secrets.newId();
    await store.transaction((tx) =>
      withFreeSlug(tx, content.title, undefined, async (slug) => {
        const recipe: Recipe = {
          ...content,
          id,
          slug,
          editPolicy: input.editPolicy ?? 'default',
          createdById: caller.account.id,
          updatedById: caller.account.id,
          createdAt: now,
          updatedAt: now,
        };
        return (await tx.recipes.insert(recipe)) ? recipe : 'taken';
      }),
    );
    return this.byId(caller, id);
  }

  async byId(caller: Caller, id: string): Promise<RecipeDetails> {
    const view = await this.deps.store.recipes.view({ id }, caller.account.id);
    if (!view) throw recipeNotFound();
    return detailsOf(caller, view);
  }

  async bySlug(caller: Caller, slug: string): Promise<RecipeDetails> {
    const view = await this.deps.store.recipes.view({ slug }, caller.account.id);
    if (!view) throw recipeNotFound();
    return detailsOf(caller, view);
  }

  /**
   * Replaces the whole recipe. The row is locked while the save is checked and
   * written, so two saves racing leave one of them whole, never a mix. The answer is the recipe as
   * the lock found it (its people, marks and photos, which a save leaves alone) with what the save
   * wrote: no second read after the commit.
   */
  async update(
    caller: Caller,
    id: string,
    input: RecipeInput,
    expected?: ExpectedVersion,
  ): Promise<RecipeDetails> {
    const content = checkRecipeInput(input);
    const { store, clock } = this.deps;
    const saved = await store.transaction(async (tx) => {
      const before = await tx.recipes.viewForUpdate(id, caller.account.id);
      if (!before) throw recipeNotFound();
      const current = before.recipe;
      const abilities = abilitiesOf(caller, current, before.lockedByDefault);
      if (!abilities.canEdit) {
        throw new Forbidden(
          'recipes.locked',
          'This recipe is locked: only its author, admins and the owner edit it.',
        );
      }
      // Only after the check who may edit: a version is nothing to tell those who may not.
      checkExpectedVersion(expected, current.updatedAt);
      const editPolicy = input.editPolicy ?? current.editPolicy;
      if (editPolicy !== current.editPolicy && !abilities.canChangePolicy) {
        throw new Forbidden(
          'recipes.policy_keepers_only',
          "Only the recipe's author, admins and the owner change who may edit it.",
        );
      }
      const updatedAt = nextUpdatedAt(clock.now(), current.updatedAt);
      let written: Recipe | undefined;
      const replace = async (slug: string, kept: boolean) => {
        written = { ...current, ...content, slug, editPolicy, updatedById: caller.account.id, updatedAt };
        const outcome = await tx.recipes.replace(written, kept ? 'kept' : 'chosen');
        if (outcome === 'missing') throw recipeNotFound();
        return outcome === 'slug_taken' ? 'taken' : outcome;
      };
      // The slug stays across edits unless the title changes into one that asks for another.
      const keeps = content.title === current.title || slugFitsBase(current.slug, slugBase(content.title));
      if (keeps) await replace(current.slug, true);
      else
        await withFreeSlug(tx, content.title, current.slug, (slug) => replace(slug, slug === current.slug));
      return { ...before, recipe: written ?? current, updatedBy: personOf(caller.account) };
    });
    return detailsOf(caller, saved);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    await this.deps.store.transaction(async (tx) => {
      const current = await tx.recipes.byIdForUpdate(id);
      if (!current) throw recipeNotFound();
      if (!isRecipeKeeper(caller, current)) {
        throw new Forbidden(
          'recipes.delete_keepers_only',
          "Only the recipe's author, admins and the owner delete it.",
        );
      }
      await tx.recipes.delete(id);
    });
    // The photos' files were queued for removal with the rows; they go now (or with a later sweep).
    await this.deps.janitor.sweep();
  }
}
