import { personOf } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import type { RecipeView } from './recipe-store.port.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { ImageJanitor } from '../photos/image-janitor.js';
import { type DomainError, Forbidden, removedWhile } from '../shared/errors.js';
import { recipeNotFound } from './recipe-errors.js';
import type { EditPolicy, Recipe, RecipeContent, RecipeInput } from './recipe.js';
import type { Repositories } from '../store.port.js';
import { type RecipeAbilities, abilitiesOf, isLocked, isRecipeKeeper } from './recipe-permissions.js';
import { checkRecipeInput } from './recipe-validation.js';
import { slugBase, withFreeSlug } from './slugs.js';
import { type ExpectedVersion, nextUpdatedAt, staleVersion } from './recipe-version.js';

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

/** Why `caller` may not save over the recipe of `view` (asking for `askedPolicy`); null if they may. */
function refusalOf(
  caller: Caller,
  view: RecipeView,
  askedPolicy: EditPolicy | undefined,
  expected: ExpectedVersion | undefined,
): DomainError | null {
  const current = view.recipe;
  const abilities = abilitiesOf(caller, current, view.lockedByDefault);
  if (!abilities.canEdit) {
    return new Forbidden(
      'recipes.locked',
      'This recipe is locked: only its author, admins and the owner edit it.',
    );
  }
  // Only after the check who may edit: a version is nothing to tell those who may not.
  const stale = staleVersion(expected, current.updatedAt);
  if (stale) return stale;
  if (askedPolicy !== undefined && askedPolicy !== current.editPolicy && !abilities.canChangePolicy) {
    return new Forbidden(
      'recipes.policy_keepers_only',
      "Only the recipe's author, admins and the owner change who may edit it.",
    );
  }
  return null;
}

/** The household's recipes: writing, reading, replacing and deleting them. */
export class RecipeCollection {
  constructor(private readonly deps: RecipeCollectionDependencies) {}

  /**
   * Writes a new recipe under the first free slug of its title. One statement writes it (a slug
   * taken meanwhile writes nothing, and the next is tried), so no transaction is needed; the answer
   * is the recipe as written, by its author, with no marks or photos yet: no read after the write.
   */
  async create(caller: Caller, input: RecipeInput): Promise<RecipeDetails> {
    const content = checkRecipeInput(input);
    const { store, clock, secrets } = this.deps;
    const { recipesLockedByDefault } = await store.settings.get();
    const now = clock.now();
    const id = secrets.newId();
    const recipe = await withFreeSlug(store, content.title, undefined, async (slug) => {
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
      const outcome = await store.recipes.insert(recipe);
      if (outcome === 'author_gone') throw removedWhile('the recipe was saved');
      return outcome === 'inserted' ? recipe : 'taken';
    });
    const author = personOf(caller.account);
    return detailsOf(caller, {
      recipe,
      createdBy: author,
      updatedBy: author,
      tastyBy: [],
      favorite: false,
      tasty: false,
      lockedByDefault: recipesLockedByDefault,
      images: [],
      coverImageId: null,
      imageCount: 0,
      imageBytes: 0,
    });
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
   * Replaces the whole recipe; two saves racing leave one of them whole, never a mix. A save is
   * first tried on the recipe as last read (from the read cache, most often) and written only if
   * the stored recipe is still that version: one statement, no lock. When it has changed meanwhile,
   * or the recipe as read would refuse the save (it may be out of date), it is tried again under
   * the recipe's lock, on the recipe as it is, and refused there if it must be. Either way the
   * answer is the recipe as checked (its people, marks and photos, which a save leaves alone) with
   * what the save wrote: no read after the write.
   */
  async update(
    caller: Caller,
    id: string,
    input: RecipeInput,
    expected?: ExpectedVersion,
  ): Promise<RecipeDetails> {
    const content = checkRecipeInput(input);
    const { store } = this.deps;
    const seen = await store.recipes.view({ id }, caller.account.id);
    if (seen && refusalOf(caller, seen, input.editPolicy, expected) === null) {
      const saved = await this.write(store, caller, seen, content, input.editPolicy, seen.recipe.updatedAt);
      if (saved !== 'missing') return detailsOf(caller, saved);
    }
    const saved = await store.transaction(async (tx) => {
      const before = await tx.recipes.viewForUpdate(id, caller.account.id);
      if (!before) throw recipeNotFound();
      const refusal = refusalOf(caller, before, input.editPolicy, expected);
      if (refusal) throw refusal;
      return this.write(tx, caller, before, content, input.editPolicy);
    });
    if (saved === 'missing') throw recipeNotFound();
    return detailsOf(caller, saved);
  }

  /**
   * Writes `content` over the recipe of `before` (only while it is still the version of
   * `unchangedSince`, when given): the recipe as it is then, or 'missing' when there is none (or
   * none of that version).
   */
  private async write(
    repositories: Pick<Repositories, 'recipes'>,
    caller: Caller,
    before: RecipeView,
    content: RecipeContent,
    askedPolicy: EditPolicy | undefined,
    unchangedSince?: Date,
  ): Promise<RecipeView | 'missing'> {
    const current = before.recipe;
    const editPolicy = askedPolicy ?? current.editPolicy;
    const updatedAt = nextUpdatedAt(this.deps.clock.now(), current.updatedAt);
    let written = current;
    const replace = async (slug: string, kept: boolean) => {
      written = { ...current, ...content, slug, editPolicy, updatedById: caller.account.id, updatedAt };
      const outcome = await repositories.recipes.replace(written, kept ? 'kept' : 'chosen', unchangedSince);
      if (outcome === 'author_gone') throw removedWhile('the recipe was saved');
      return outcome === 'slug_taken' ? 'taken' : outcome;
    };
    // The slug stays across edits unless the title changes into one that asks for another base
    // ("Pie 2024" renamed "Pie" asks for pie, though pie-2024 looks like pie with a suffix).
    const keeps = content.title === current.title || slugBase(content.title) === slugBase(current.title);
    const outcome = keeps
      ? await replace(current.slug, true)
      : await withFreeSlug(repositories, content.title, current.slug, (slug) =>
          replace(slug, slug === current.slug),
        );
    if (outcome === 'missing') return 'missing';
    return { ...before, recipe: written, updatedBy: personOf(caller.account) };
  }

  /** Deletes the recipe; with `expected`, only while it is at one of those versions (else 412). */
  async delete(caller: Caller, id: string, expected?: ExpectedVersion): Promise<void> {
    await this.deps.store.transaction(async (tx) => {
      const current = await tx.recipes.byIdForUpdate(id);
      if (!current) throw recipeNotFound();
      if (!isRecipeKeeper(caller, current)) {
        throw new Forbidden(
          'recipes.delete_keepers_only',
          "Only the recipe's author, admins and the owner delete it.",
        );
      }
      const stale = staleVersion(expected, current.updatedAt);
      if (stale) throw stale;
      await tx.recipes.delete(id);
    });
    // The photos' files were queued for removal with the rows; they go now (or with a later sweep).
    await this.deps.janitor.sweep();
  }
}
