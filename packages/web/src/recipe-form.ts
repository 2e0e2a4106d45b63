/**
 * The recipe editor's data, apart from the screen: a form as members type it (quantities as
 * text, keys for reordering), to and from the API's recipe input; step times and ingredient
 * references found in a step's text; the API's 422 locations mapped to the form's fields.
 */
import type { Ingredient, IngredientGroup, Step } from './api';
import { editableQuantity } from './quantities';
import { findWhole } from './step-text';
import type { IngredientRef, StepTime } from './step-text';

export interface FormIngredient {
  key: string;
  quantity: string;
  unit: string;
  name: string;
  note: string;
}

export interface FormGroup {
  key: string;
  name: string;
  ingredients: FormIngredient[];
}

export interface FormStep {
  key: string;
  text: string;
  times: StepTime[];
  references: IngredientRef[];
}

export interface RecipeForm {
  title: string;
  description: string;
  servings: string;
  prepMinutes: string;
  cookMinutes: string;
  sourceUrl: string;
  /** Empty: the address's site names the source (the API's rule). */
  sourceName: string;
  tags: string[];
  groups: FormGroup[];
  steps: FormStep[];
  editPolicy: 'default' | 'open' | 'locked';
}

/** The API's recipe input (POST and PUT /api/v1/recipes). */
export interface RecipeInput {
  title: string;
  description: string;
  servings: number;
  prepMinutes: number | null;
  cookMinutes: number | null;
  sourceUrl: string | null;
  sourceName: string | null;
  tags: string[];
  ingredientGroups: { name: string | null; ingredients: Ingredient[] }[];
  steps: { text: string; times: StepTime[]; references: IngredientRef[] }[];
  editPolicy?: 'default' | 'open' | 'locked';
}

let counter = 0;
export const newKey = () => `k${Date.now().toString(36)}${(counter++).toString(36)}`;

export const emptyIngredient = (): FormIngredient => ({
  key: newKey(),
  quantity: '',
  unit: '',
  name: '',
  note: '',
});
export const emptyGroup = (): FormGroup => ({ key: newKey(), name: '', ingredients: [emptyIngredient()] });
export const emptyStep = (): FormStep => ({ key: newKey(), text: '', times: [], references: [] });

export function emptyForm(): RecipeForm {
  return {
    title: '',
    description: '',
    servings: '4',
    prepMinutes: '',
    cookMinutes: '',
    sourceUrl: '',
    sourceName: '',
    tags: [],
    groups: [emptyGroup()],
    steps: [emptyStep()],
    editPolicy: 'default',
  };
}

/** A recipe as the API answers or takes it, any list of it possibly absent: what the form is made from. */
export interface InputLike {
  title?: string;
  description?: string;
  servings?: number;
  prepMinutes?: number | null;
  cookMinutes?: number | null;
  sourceUrl?: string | null;
  sourceName?: string | null;
  tags?: string[] | null;
  ingredientGroups?: IngredientGroup[] | null;
  steps?: Step[] | null;
  editPolicy?: string;
}

/** The site an address names, as the API names a source by it: its host without `www.`. */
function siteOf(address: string | null | undefined): string | null {
  try {
    return address ? new URL(address).hostname.replace(/^www\./u, '') : null;
  } catch {
    return null;
  }
}

/** A recipe (or a draft's recipe) as the editor's form. */
export function formOf(recipe: InputLike): RecipeForm {
  const groups = (recipe.ingredientGroups ?? []).map((g) => ({
    key: newKey(),
    name: g.name ?? '',
    ingredients: (g.ingredients ?? []).map((i) => ({
      key: newKey(),
      quantity: i.quantity === null ? '' : editableQuantity(i.quantity, i.unit ?? null),
      unit: i.unit ?? '',
      name: i.name,
      note: i.note ?? '',
    })),
  }));
  const policy = recipe.editPolicy;
  return {
    title: recipe.title ?? '',
    description: recipe.description ?? '',
    servings: String(recipe.servings ?? 4),
    prepMinutes: recipe.prepMinutes == null ? '' : String(recipe.prepMinutes),
    cookMinutes: recipe.cookMinutes == null ? '' : String(recipe.cookMinutes),
    sourceUrl: recipe.sourceUrl ?? '',
    // A name the API made of the address stays unwritten, so that a changed address names itself.
    sourceName: recipe.sourceName && recipe.sourceName !== siteOf(recipe.sourceUrl) ? recipe.sourceName : '',
    tags: [...(recipe.tags ?? [])],
    groups: groups.length > 0 ? groups : [emptyGroup()],
    steps: (recipe.steps ?? []).map((s) => ({
      key: newKey(),
      text: s.text,
      times: [...(s.times ?? [])],
      references: [...(s.references ?? [])],
    })),
    editPolicy: policy === 'open' || policy === 'locked' ? policy : 'default',
  };
}

const GLYPHS: Record<string, number> = {
  '½': 0.5,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '¼': 0.25,
  '¾': 0.75,
  '⅛': 0.125,
  '⅜': 0.375,
  '⅝': 0.625,
  '⅞': 0.875,
};

/** `1 1/2`, `1½`, `½`, `1,5`, `0.75` → a number; `` → null; anything else → NaN. */
export function parseQuantity(text: string): number | null {
  const s = text.trim();
  if (s === '') return null;
  const glyph = /^(\d+)?\s*([½⅓⅔¼¾⅛⅜⅝⅞])$/.exec(s);
  if (glyph) return Number(glyph[1] ?? 0) + (GLYPHS[glyph[2]!] ?? 0);
  const mixed = /^(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(s);
  if (mixed) {
    const denominator = Number(mixed[3]);
    if (denominator === 0) return Number.NaN;
    return Number(mixed[1] ?? 0) + Number(mixed[2]) / denominator;
  }
  if (/^\d+(?:[.,]\d+)?$/.test(s)) return Number(s.replace(',', '.'));
  return Number.NaN;
}

export interface FormIssue {
  location: string;
  message: string;
}

const whole = (text: string): number | null => {
  const s = text.trim();
  if (s === '') return null;
  return /^\d+$/.test(s) ? Number(s) : Number.NaN;
};

/**
 * The API input, with the form's own problems (numbers that are none) at their fields, and a way
 * back from the input's locations to the form's (empty rows are left out of the input).
 */
export function inputOf(
  form: RecipeForm,
  messages: { notANumber: string; required: string },
): { input: RecipeInput; issues: FormIssue[]; formLocation(location: string): string } {
  const issues: FormIssue[] = [];
  const number = (location: string, value: number | null) => {
    if (value !== null && Number.isNaN(value)) issues.push({ location, message: messages.notANumber });
    return value !== null && Number.isNaN(value) ? null : value;
  };
  const filled = (i: FormIngredient) =>
    i.name.trim() !== '' || i.quantity.trim() !== '' || i.unit.trim() !== '' || i.note.trim() !== '';
  const ingredientIndex = form.groups.map((g) => g.ingredients.flatMap((i, n) => (filled(i) ? [n] : [])));
  const stepIndex = form.steps.flatMap((step, n) => (step.text.trim() !== '' ? [n] : []));
  const servings = number('servings', whole(form.servings));
  // Servings are required (an integer from 1, docs/recipes.md): empty is told as such, never sent as 0.
  if (form.servings.trim() === '') issues.push({ location: 'servings', message: messages.required });
  const input: RecipeInput = {
    title: form.title.trim(),
    description: form.description.trim(),
    servings: servings ?? 0,
    prepMinutes: number('prepMinutes', whole(form.prepMinutes)),
    cookMinutes: number('cookMinutes', whole(form.cookMinutes)),
    sourceUrl: form.sourceUrl.trim() || null,
    sourceName: form.sourceName.trim() || null,
    tags: form.tags,
    ingredientGroups: form.groups.map((g, gi) => ({
      name: g.name.trim() || null,
      ingredients: ingredientIndex[gi]!.map((n) => {
        const i = g.ingredients[n]!;
        return {
          quantity: number(`ingredientGroups[${gi}].ingredients[${n}].quantity`, parseQuantity(i.quantity)),
          unit: i.unit.trim() || null,
          name: i.name.trim(),
          note: i.note.trim() || null,
        };
      }),
    })),
    steps: stepIndex.map((n) => {
      const s = form.steps[n]!;
      return { text: s.text.trim(), times: keptTimes(s), references: keptReferences(s, form) };
    }),
    editPolicy: form.editPolicy,
  };
  const formLocation = (location: string) =>
    location
      .replace(/^body\.?/, '')
      .replace(
        /^ingredientGroups\[(\d+)\]\.ingredients\[(\d+)\]/,
        (all, g: string, i: string) =>
          `ingredientGroups[${g}].ingredients[${ingredientIndex[Number(g)]?.[Number(i)] ?? i}]`,
      )
      .replace(/^steps\[(\d+)\]/, (all, n: string) => `steps[${stepIndex[Number(n)] ?? n}]`);
  return { input, issues, formLocation };
}

/** A step's times whose phrase is still in its text. */
export function keptTimes(step: FormStep): StepTime[] {
  return step.times.filter((time) => findWhole(step.text, time.phrase) >= 0);
}

/** A step's references whose word is still in its text and whose ingredient still exists. */
/** What references are checked against: the groups' and ingredients' names. */
export interface IngredientNames {
  groups: readonly { name: string; ingredients: readonly { name: string }[] }[];
}

export function keptReferences(step: FormStep, form: IngredientNames): IngredientRef[] {
  return step.references.filter(
    (ref) =>
      findWhole(step.text, ref.word) >= 0 &&
      form.groups.some(
        (g) =>
          (g.name.trim() || null) === ref.groupName &&
          g.ingredients.some((i) => i.name.trim() === ref.ingredientName),
      ),
  );
}

/** Where each ingredient stands, by its key: `group\u0000name` as references name it. */
function placesOf(form: RecipeForm): { byKey: Map<string, string>; count: Map<string, number> } {
  const byKey = new Map<string, string>();
  const count = new Map<string, number>();
  for (const group of form.groups)
    for (const ingredient of group.ingredients) {
      const place = `${group.name.trim()}\u0000${ingredient.name.trim()}`;
      byKey.set(ingredient.key, place);
      count.set(place, (count.get(place) ?? 0) + 1);
    }
  return { byKey, count };
}

/**
 * The form after a change, with the steps' references following the ingredients they name: a
 * group renamed, an ingredient's name corrected, an ingredient moved into another group — the
 * references name the group and the ingredient, so they are renamed along (an ingredient whose old
 * place another one shared is left alone: which one a reference meant is not known). The same form
 * when no reference moves.
 */
export function carryReferences(before: RecipeForm, after: RecipeForm): RecipeForm {
  if (before.groups === after.groups) return after;
  const old = placesOf(before);
  const now = placesOf(after);
  const renamed = new Map<string, string>();
  for (const [key, place] of now.byKey) {
    const was = old.byKey.get(key);
    if (was !== undefined && was !== place && old.count.get(was) === 1) renamed.set(was, place);
  }
  if (renamed.size === 0) return after;
  const placeOf = (ref: IngredientRef) => `${ref.groupName ?? ''}\u0000${ref.ingredientName}`;
  if (!after.steps.some((step) => step.references.some((ref) => renamed.has(placeOf(ref))))) return after;
  const steps = after.steps.map((step) =>
    step.references.some((ref) => renamed.has(placeOf(ref)))
      ? {
          ...step,
          references: step.references.map((ref) => {
            const place = renamed.get(placeOf(ref));
            if (place === undefined) return ref;
            const [groupName, ingredientName] = place.split('\u0000') as [string, string];
            return { ...ref, groupName: groupName || null, ingredientName };
          }),
        }
      : step,
  );
  return { ...after, steps };
}

const UNIT_SECONDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:s|sec|secs|second|seconds|sek|sekunde|sekunden)$/i, 1],
  [/^(?:min|mins|minute|minutes|minute[n]?|minuten)$/i, 60],
  [/^(?:h|hr|hrs|hour|hours|std|stunde|stunden)$/i, 3600],
];

/** "1 1/2", "1/2", "1.5", "2 ½", "½": as cooks write an amount of time. */
const NUMBER = String.raw`\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?(?:\s*[½¼¾⅓⅔])?|[½¼¾⅓⅔]`;
const TIME = new RegExp(
  String.raw`(?<![\p{L}\p{N}/.,])(${NUMBER})(?:\s*(?:-|–|to|bis)\s*(${NUMBER}))?\s*(seconds?|secs?|sek(?:unden?)?|minutes?|mins?|minuten?|hours?|hrs?|h|stunden?|std)(?![\p{L}\p{N}])`,
  'giu',
);

function amount(text: string): number {
  const value = parseQuantity(text.replace(/\s+/gu, ' '));
  return value === null || Number.isNaN(value) ? 0 : value;
}

/** Durations written in a step ("20 minutes", "20-25 Minuten", "1 to 2 hours"), as the API takes them. */
export function findTimes(text: string): StepTime[] {
  const found: StepTime[] = [];
  for (const match of text.matchAll(TIME)) {
    const unit = UNIT_SECONDS.find(([pattern]) => pattern.test(match[3]!))?.[1];
    if (!unit) continue;
    const seconds = Math.round(amount(match[1]!) * unit);
    const upper = match[2] ? Math.round(amount(match[2]) * unit) : null;
    if (seconds < 1) continue;
    if (upper !== null && upper <= seconds) continue;
    found.push({ phrase: match[0], seconds, ...(upper !== null ? { maxSeconds: upper } : {}) });
  }
  return found;
}

/** Words of a step that name an ingredient (its whole name, or its last word), not linked yet. */
export function findReferences(step: FormStep, form: IngredientNames): IngredientRef[] {
  const found: IngredientRef[] = [];
  for (const group of form.groups) {
    for (const ingredient of group.ingredients) {
      const name = ingredient.name.trim();
      if (!name) continue;
      const words = name.split(/\s+/);
      const candidates = [name, ...(words.length > 1 && words.at(-1)!.length >= 4 ? [words.at(-1)!] : [])];
      for (const candidate of candidates) {
        const at = findWhole(step.text, candidate);
        if (at < 0) continue;
        const ref = {
          word: step.text.slice(at, at + candidate.length),
          groupName: group.name.trim() || null,
          ingredientName: name,
        };
        const taken = [...step.references, ...found].some(
          (r) => r.ingredientName === name && r.groupName === ref.groupName,
        );
        if (!taken) found.push(ref);
        break;
      }
    }
  }
  return found;
}

/** The API's locations (`body.steps[0].times[0].phrase`) by the nearest field the form shows. */
export function issuesByField(
  issues: readonly FormIssue[],
  fields: ReadonlySet<string>,
): { byField: Map<string, string[]>; other: string[] } {
  const byField = new Map<string, string[]>();
  const other: string[] = [];
  for (const issue of issues) {
    let location = issue.location.replace(/^body\.?/, '');
    while (location && !fields.has(location)) {
      const cut = Math.max(location.lastIndexOf('.'), location.lastIndexOf('['));
      location = cut > 0 ? location.slice(0, cut) : '';
    }
    if (location) byField.set(location, [...(byField.get(location) ?? []), issue.message]);
    else other.push(issue.message);
  }
  return { byField, other };
}

/** Moves an item of a list from one place to another. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
