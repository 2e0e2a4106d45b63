import { IssueList } from '../shared/errors.js';
import {
  MALFORMED_TEXT_MESSAGE,
  characterCount,
  isWellFormedText,
  showsSomething,
  tidy,
} from '../shared/text.js';
import type {
  Ingredient,
  IngredientGroup,
  IngredientRef,
  RecipeContent,
  RecipeInput,
  Step,
  StepInput,
  StepTime,
} from './recipe.js';
import { containsNumber, isRangePhrase, phraseAsWritten } from './step-text.js';

/** Bounds of every field of a recipe (the HTTP schemas state the same numbers). */
export const RECIPE_LIMITS = {
  title: 200,
  description: 2000,
  servingsMin: 1,
  servingsMax: 99,
  minutesMax: 1440,
  sourceUrl: 500,
  sourceName: 200,
  tags: 20,
  tag: 40,
  groups: 20,
  groupName: 60,
  ingredientsPerGroup: 100,
  ingredientName: 120,
  ingredientNote: 200,
  unit: 20,
  quantityMax: 1_000_000,
  steps: 50,
  stepText: 2000,
  referencesPerStep: 30,
  word: 120,
  timesPerStep: 20,
  phrase: 60,
  secondsMax: 604_800,
} as const;

const URL_FORM = /^https?:\/\/(?:[^\s/?#@]*@)?(\[[0-9a-f:.]+\]|[^\s:/?#[\]@]+)(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/** The site an address belongs to, without `www.`: "https://www.example.com/x" → "example.com". */
export function siteOf(url: string): string | null {
  const host = URL_FORM.exec(url.trim())?.[1];
  if (!host) return null;
  const site = host
    .toLowerCase()
    .replace(/\.$/u, '')
    .replace(/^www\./u, '');
  return site === '' ? null : site;
}

/**
 * A name as compared, not as kept: one Unicode form (NFKC: "Cafe" + a combining accent is "Café",
 * full-width "ｃａｋｅ" is "cake", the ligature "ﬁ" is "fi"), soft hyphens dropped, in lower case.
 */
function folded(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\u00AD/gu, '')
    .toLowerCase();
}

function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return folded((a ?? '').trim()) === folded((b ?? '').trim());
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** The text trimmed, or null when it shows nothing (blank, or only characters without a look). */
function orNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  return showsSomething(trimmed) ? trimmed : null;
}

/**
 * Control characters other than tab and line ends — C0, DEL and C1 (U+0080–U+009F, where U+009B
 * starts a terminal escape): never part of a recipe (and NUL cannot be stored).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

class Checker {
  readonly issues = new IssueList();

  text(location: string, value: string, { min = 0, max }: { min?: number; max: number }): void {
    if (min > 0 && (value.length < min || !showsSomething(value)))
      this.issues.add(location, 'must not be empty');
    else if (characterCount(value) > max) this.issues.add(location, `must be at most ${max} characters`);
    else if (CONTROL.test(value)) this.issues.add(location, 'must not contain control characters');
    else if (!isWellFormedText(value)) this.issues.add(location, MALFORMED_TEXT_MESSAGE);
  }

  integer(location: string, value: unknown, min: number, max: number): void {
    if (!isInteger(value)) this.issues.add(location, 'must be an integer');
    else if (value < min) this.issues.add(location, `must be at least ${min}`);
    else if (value > max) this.issues.add(location, `must be at most ${max}`);
  }

  count(location: string, items: readonly unknown[], max: number, min = 0): void {
    if (items.length < min)
      this.issues.add(location, `must have at least ${min} item${min === 1 ? '' : 's'}`);
    if (items.length > max) this.issues.add(location, `must have at most ${max} items`);
  }
}

/**
 * A tag as kept: tidied and folded (see `folded`), so "Vegan" and "vegan", "Café" typed with a
 * combining accent and with a precomposed one, "ｃａｋｅ" and "cake" are one tag. A dotted capital
 * I ("İzmir") lower-cases to "i" + a combining dot; the dot goes, so `izmir` finds it.
 */
export function tagOf(text: string): string {
  return folded(tidy(text)).replace(/i\u0307/gu, 'i');
}

function checkTags(tags: readonly string[], c: Checker): string[] {
  c.count('tags', tags, RECIPE_LIMITS.tags);
  const out: string[] = [];
  tags.forEach((raw, i) => {
    const tag = tagOf(raw);
    c.text(`tags[${i}]`, tag, { min: 1, max: RECIPE_LIMITS.tag });
    if (tag !== '' && !out.includes(tag)) out.push(tag);
  });
  return out;
}

function checkIngredient(raw: Ingredient, at: string, c: Checker): Ingredient {
  const name = tidy(raw.name);
  c.text(`${at}.name`, name, { min: 1, max: RECIPE_LIMITS.ingredientName });
  const note = orNull(raw.note);
  if (note !== null) c.text(`${at}.note`, note, { max: RECIPE_LIMITS.ingredientNote });
  const unit = orNull(raw.unit);
  if (unit !== null) c.text(`${at}.unit`, unit, { max: RECIPE_LIMITS.unit });
  const quantity = raw.quantity ?? null;
  if (quantity !== null) {
    if (typeof quantity !== 'number' || !Number.isFinite(quantity))
      c.issues.add(`${at}.quantity`, 'must be a number');
    else if (quantity < 0) c.issues.add(`${at}.quantity`, 'must be at least 0');
    else if (quantity > RECIPE_LIMITS.quantityMax)
      c.issues.add(`${at}.quantity`, `must be at most ${RECIPE_LIMITS.quantityMax}`);
  }
  return { name, note, quantity, unit };
}

function checkGroups(groups: readonly IngredientGroup[], c: Checker): IngredientGroup[] {
  c.count('ingredientGroups', groups, RECIPE_LIMITS.groups, 1);
  const seen: Array<string | null> = [];
  return groups.map((group, g) => {
    const at = `ingredientGroups[${g}]`;
    const name = orNull(group.name === null ? null : tidy(group.name));
    if (name !== null) c.text(`${at}.name`, name, { max: RECIPE_LIMITS.groupName });
    if (seen.some((other) => sameName(other, name))) {
      c.issues.add(`${at}.name`, name === null ? 'only one group may be unnamed' : 'names another group too');
    }
    seen.push(name);
    const ingredients = group.ingredients ?? [];
    c.count(`${at}.ingredients`, ingredients, RECIPE_LIMITS.ingredientsPerGroup);
    return {
      name,
      ingredients: ingredients.map((ing, i) => checkIngredient(ing, `${at}.ingredients[${i}]`, c)),
    };
  });
}

function checkReference(
  ref: IngredientRef,
  at: string,
  text: string,
  groups: IngredientGroup[],
  c: Checker,
): IngredientRef {
  const groupName = orNull(ref.groupName === null ? null : tidy(ref.groupName));
  const ingredientName = tidy(ref.ingredientName);
  const typed = tidy(ref.word);
  if (groupName !== null) c.text(`${at}.groupName`, groupName, { max: RECIPE_LIMITS.groupName });
  c.text(`${at}.ingredientName`, ingredientName, { min: 1, max: RECIPE_LIMITS.ingredientName });
  c.text(`${at}.word`, typed, { min: 1, max: RECIPE_LIMITS.word });
  const group = groups.find((g) => sameName(g.name, groupName));
  if (!group) {
    c.issues.add(
      `${at}.groupName`,
      groupName === null
        ? 'the recipe has no unnamed ingredient group'
        : 'names no ingredient group of this recipe',
    );
  } else if (ingredientName !== '' && !group.ingredients.some((i) => sameName(i.name, ingredientName))) {
    c.issues.add(`${at}.ingredientName`, 'names no ingredient of that group');
  }
  const word = typed === '' ? typed : phraseAsWritten(text, typed);
  if (word === null) c.issues.add(`${at}.word`, "must occur in the step's text");
  return { groupName, ingredientName, word: word ?? typed };
}

/** The four step-time rules of the contract, each failure located at its field. */
function checkTime(time: StepTime, at: string, text: string, c: Checker): StepTime {
  const typed = tidy(time.phrase);
  c.text(`${at}.phrase`, typed, { min: 1, max: RECIPE_LIMITS.phrase });
  const written = typed === '' ? null : phraseAsWritten(text, typed);
  const phrase = written ?? typed;
  if (phrase !== '') {
    if (written === null) c.issues.add(`${at}.phrase`, "must occur in the step's text");
    if (!containsNumber(phrase)) c.issues.add(`${at}.phrase`, 'must contain a number');
  }
  c.integer(`${at}.seconds`, time.seconds, 1, RECIPE_LIMITS.secondsMax);
  const range = isRangePhrase(phrase);
  const max = time.maxSeconds ?? null;
  if (max === null) {
    if (range)
      c.issues.add(`${at}.maxSeconds`, 'is required when the phrase is a range such as "20-25 minutes"');
    return { phrase, seconds: time.seconds };
  }
  if (!range) {
    c.issues.add(`${at}.maxSeconds`, 'is only allowed when the phrase is a range such as "20-25 minutes"');
  } else {
    c.integer(`${at}.maxSeconds`, max, 1, RECIPE_LIMITS.secondsMax);
    if (isInteger(max) && isInteger(time.seconds) && max <= time.seconds) {
      c.issues.add(`${at}.maxSeconds`, 'must be greater than seconds');
    }
  }
  return { phrase, seconds: time.seconds, maxSeconds: max };
}

function checkSteps(steps: readonly StepInput[], groups: IngredientGroup[], c: Checker): Step[] {
  c.count('steps', steps, RECIPE_LIMITS.steps);
  return steps.map((step, s) => {
    const at = `steps[${s}]`;
    const text = step.text.trim();
    c.text(`${at}.text`, text, { min: 1, max: RECIPE_LIMITS.stepText });
    // A save without references or times drops them.
    const references = step.references ?? [];
    const times = step.times ?? [];
    c.count(`${at}.references`, references, RECIPE_LIMITS.referencesPerStep);
    c.count(`${at}.times`, times, RECIPE_LIMITS.timesPerStep);
    return {
      text,
      references: references.map((r, i) => checkReference(r, `${at}.references[${i}]`, text, groups, c)),
      times: times.map((t, i) => checkTime(t, `${at}.times[${i}]`, text, c)),
    };
  });
}

/**
 * Checks every rule of a recipe body and answers it tidied (trimmed text, empty
 * optional text as null, lower-case unique tags, the source's name derived from
 * its address when not given). Throws one ValidationFailed listing every issue.
 */
export function checkRecipeInput(input: RecipeInput): RecipeContent {
  const c = new Checker();
  const title = tidy(input.title);
  c.text('title', title, { min: 1, max: RECIPE_LIMITS.title });
  const description = input.description.trim();
  c.text('description', description, { max: RECIPE_LIMITS.description });
  c.integer('servings', input.servings, RECIPE_LIMITS.servingsMin, RECIPE_LIMITS.servingsMax);
  for (const field of ['prepMinutes', 'cookMinutes'] as const) {
    if (input[field] !== null) c.integer(`${field}`, input[field], 0, RECIPE_LIMITS.minutesMax);
  }
  const sourceUrl = orNull(input.sourceUrl);
  let site: string | null = null;
  if (sourceUrl !== null) {
    c.text('sourceUrl', sourceUrl, { max: RECIPE_LIMITS.sourceUrl });
    site = siteOf(sourceUrl);
    if (site === null) c.issues.add('sourceUrl', 'must be an http or https address');
  }
  const givenName = orNull(
    input.sourceName === undefined || input.sourceName === null ? null : tidy(input.sourceName),
  );
  if (givenName !== null) c.text('sourceName', givenName, { max: RECIPE_LIMITS.sourceName });
  const tags = checkTags(input.tags, c);
  const ingredientGroups = checkGroups(input.ingredientGroups, c);
  const steps = checkSteps(input.steps, ingredientGroups, c);
  c.issues.throwIfAny();
  return {
    title,
    description,
    servings: input.servings,
    prepMinutes: input.prepMinutes,
    cookMinutes: input.cookMinutes,
    sourceUrl,
    sourceName: givenName ?? site,
    tags,
    ingredientGroups,
    steps,
  };
}
