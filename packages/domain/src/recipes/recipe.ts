import type { PersonRef } from '../accounts/account.js';

/**
 * Who may edit a recipe besides its author, admins and the owner:
 * `open` everyone, `locked` nobody, `default` whatever the household's
 * `recipesLockedByDefault` says at the moment it is read.
 */
export const EDIT_POLICIES = ['default', 'open', 'locked'] as const;
export type EditPolicy = (typeof EDIT_POLICIES)[number];

export interface Ingredient {
  name: string;
  note: string | null;
  quantity: number | null;
  unit: string | null;
}

export interface IngredientGroup {
  /** null for the unnamed group. */
  name: string | null;
  ingredients: Ingredient[];
}

/** Ties a word of a step's text to an ingredient of a group. */
export interface IngredientRef {
  /** null (or '') names the unnamed group. */
  groupName: string | null;
  ingredientName: string;
  word: string;
}

/** A duration marked in a step's text, e.g. "20-25 minutes". */
export interface StepTime {
  phrase: string;
  /** The duration, or the lower end of a range. */
  seconds: number;
  /** The upper end of a range; only for a range. */
  maxSeconds?: number;
}

export interface Step {
  text: string;
  references: IngredientRef[];
  times: StepTime[];
}

/** What a member writes: everything a save replaces. */
export interface RecipeContent {
  title: string;
  description: string;
  servings: number;
  prepMinutes: number | null;
  cookMinutes: number | null;
  sourceUrl: string | null;
  sourceName: string | null;
  tags: string[];
  ingredientGroups: IngredientGroup[];
  steps: Step[];
}

export interface Recipe extends RecipeContent {
  id: string;
  slug: string;
  editPolicy: EditPolicy;
  /** null once the author's account is deleted: the recipe stays. */
  createdById: string | null;
  updatedById: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A step as a client sends it: a save without `times` or `references` drops them. */
export interface StepInput {
  text: string;
  references?: IngredientRef[] | null | undefined;
  times?: StepTime[] | null | undefined;
}

/** The body of a create or a full replace. */
export interface RecipeInput {
  title: string;
  description: string;
  servings: number;
  prepMinutes: number | null;
  cookMinutes: number | null;
  sourceUrl: string | null;
  /** Derived from the address's site when not given. */
  sourceName?: string | null | undefined;
  tags: string[];
  ingredientGroups: IngredientGroup[];
  steps: StepInput[];
  /** Absent on a replace: the policy stays as it is. */
  editPolicy?: EditPolicy | undefined;
}

/** Prep plus cook time; null when neither is known. */
export function totalMinutesOf(recipe: Pick<RecipeContent, 'prepMinutes' | 'cookMinutes'>): number | null {
  if (recipe.prepMinutes === null && recipe.cookMinutes === null) return null;
  return (recipe.prepMinutes ?? 0) + (recipe.cookMinutes ?? 0);
}

/** Stands in for a person whose account was deleted, next to what they wrote or marked. */
export function formerMember(): PersonRef {
  return { id: '', username: '', displayName: 'Former member', color: 'slate', avatarId: null };
}
