import { isAdmin } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import type { Scope } from '../tokens/scopes.js';
import type { EditPolicy, Recipe } from './recipe.js';

/** What the caller may do with one recipe, as answers show it. */
export interface RecipeAbilities {
  canEdit: boolean;
  canDelete: boolean;
  canChangePolicy: boolean;
}

/** The effective lock: `default` follows the household's `recipesLockedByDefault` when read. */
export function isLocked(policy: EditPolicy, lockedByDefault: boolean): boolean {
  return policy === 'locked' || (policy === 'default' && lockedByDefault);
}

/** The author, admins and the owner: they edit even a locked recipe, delete it and change its policy. */
export function isRecipeKeeper(caller: Caller, recipe: Pick<Recipe, 'createdById'>): boolean {
  return isAdmin(caller.account) || (recipe.createdById !== null && recipe.createdById === caller.account.id);
}

function tokenAllows(caller: Caller, scope: Scope): boolean {
  return caller.via !== 'token' || (caller.scopes ?? []).includes(scope);
}

export function abilitiesOf(
  caller: Caller,
  recipe: Pick<Recipe, 'createdById' | 'editPolicy'>,
  lockedByDefault: boolean,
): RecipeAbilities {
  const keeper = isRecipeKeeper(caller, recipe);
  const writes = tokenAllows(caller, 'recipes:write');
  return {
    canEdit: writes && (keeper || !isLocked(recipe.editPolicy, lockedByDefault)),
    canDelete: keeper && tokenAllows(caller, 'recipes:delete'),
    canChangePolicy: keeper && writes,
  };
}
