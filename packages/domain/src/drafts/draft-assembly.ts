import type { Ingredient, IngredientGroup } from '../recipes/recipe.js';
import { RECIPE_LIMITS, siteOf } from '../recipes/recipe-validation.js';
import { headOf, wellFormed } from '../shared/text.js';
import type { DraftReading, ReviewLine } from './draft-reading.js';
import { minutesOf } from './durations.js';
import { repairMojibake } from './mojibake.js';
import type { FoundImage, FoundRecipe } from './found-recipe.js';
import { readIngredientLine } from './ingredient-line.js';
import { DEFAULT_SERVINGS, servingsOf } from './servings.js';
import { findReferences } from './step-references.js';
import { findStepTimes } from './step-time-finder.js';

/** Where a draft came from, beyond the recipe itself. */
export interface DraftSource {
  /** The address to keep as the recipe's source (already absolute), or null. */
  sourceUrl: string | null;
  sourceName: string | null;
  /** The page's language writes decimals with a comma ("1,5 kg"). */
  decimalComma: boolean;
  /** The address of the recipe's photo (absolute), or null. */
  photoUrl: string | null;
  /** Used when the recipe has no title of its own. */
  fallbackTitle: string;
}

// Control characters (C0 and C1) other than tab and line ends: no text, and C0 cannot be stored (see recipe-validation).
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;
/**
 * Characters that show nothing, spoiling comparisons and searches, or that make text read otherwise
 * than it is stored: format characters (zero-width spaces and joiners, directional marks,
 * embeddings, overrides and isolates, the byte order mark, …) and noncharacters (U+FFFE, U+FFFF,
 * U+FDD0–U+FDEF, …). Not the soft hyphen: where a long word may break, it is the page's text.
 */
const INVISIBLE = /(?!\u00AD)[\p{Cf}\p{Noncharacter_Code_Point}]/gu;

/** Cuts what the limits cut, noting that something was cut. */
class Fitter {
  truncated = false;

  /**
   * Trimmed, whitespace collapsed, control characters a space, format characters and noncharacters
   * removed, half characters (lone surrogates, as JSON-LD escapes may carry) shown as U+FFFD, cut at
   * a word boundary to `max` characters.
   */
  text(raw: string | null | undefined, max: number): string {
    const text = repairMojibake(wellFormed(raw ?? ''))
      .replace(INVISIBLE, '')
      .replace(CONTROL, ' ')
      .replace(/\s+/gu, ' ')
      .trim();
    return this.cut(text, max);
  }

  /** Like text(), keeping line breaks (descriptions). */
  paragraph(raw: string | null | undefined, max: number): string {
    const text = repairMojibake(wellFormed(raw ?? ''))
      .replace(INVISIBLE, '')
      .replace(CONTROL, ' ')
      .replace(/[^\S\n]+/gu, ' ')
      .replace(/ *\n */gu, '\n')
      .trim();
    return this.cut(text, max);
  }

  cut(text: string, max: number): string {
    if (text.length <= max) return text;
    this.truncated = true;
    const head = headOf(text, max);
    const space = head.lastIndexOf(' ');
    return (space > max * 0.6 ? head.slice(0, space) : head).trim();
  }

  /** At most `max` items, noting the rest as cut. */
  count<T>(items: T[], max: number): T[] {
    if (items.length <= max) return items;
    this.truncated = true;
    return items.slice(0, max);
  }
}

function splitAtSentences(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const head = headOf(rest, max);
    const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
    const at =
      end > max * 0.3 ? end + 1 : head.lastIndexOf(' ') > max * 0.3 ? head.lastIndexOf(' ') : head.length;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest !== '') parts.push(rest);
  return parts;
}

/** An ingredient within the limits: an over-long name continues in the note, an over-long note is cut. */
function fitIngredient(raw: Ingredient, fit: Fitter): Ingredient {
  let name = fit.text(raw.name, Number.MAX_SAFE_INTEGER);
  let note = fit.text(raw.note, Number.MAX_SAFE_INTEGER);
  if (name.length > RECIPE_LIMITS.ingredientName) {
    const head = headOf(name, RECIPE_LIMITS.ingredientName);
    const space = head.lastIndexOf(' ');
    const cutAt = space > 40 ? space : head.length;
    note = [name.slice(cutAt).trim(), note].filter((n) => n !== '').join(', ');
    name = name.slice(0, cutAt).trim();
  }
  note = fit.cut(note, RECIPE_LIMITS.ingredientNote);
  const unit = raw.unit === null ? null : fit.text(raw.unit, RECIPE_LIMITS.unit) || null;
  const quantity =
    raw.quantity !== null &&
    Number.isFinite(raw.quantity) &&
    raw.quantity >= 0 &&
    raw.quantity <= RECIPE_LIMITS.quantityMax
      ? raw.quantity
      : null;
  return { name, note: note === '' ? null : note, quantity, unit };
}

/** Group names within the limits and distinct; a second unnamed group joins the group before it. */
function fitGroups(
  found: FoundRecipe,
  source: DraftSource,
  fit: Fitter,
): { groups: IngredientGroup[]; review: ReviewLine[] } {
  const groups: IngredientGroup[] = [];
  const review: ReviewLine[] = [];
  for (const foundGroup of found.ingredientGroups) {
    let name = foundGroup.name === null ? null : fit.text(foundGroup.name, RECIPE_LIMITS.groupName) || null;
    let group: IngredientGroup;
    if (name === null && groups.length > 0) {
      // Lines without a group after a named group carry on that group (only one group may be unnamed).
      group = groups[groups.length - 1]!;
    } else {
      // Two groups of one name ("Sauce" twice) stay apart: the second is numbered.
      const taken = (candidate: string | null): boolean =>
        groups.some((g) => (g.name ?? '').toLowerCase() === (candidate ?? '').toLowerCase());
      const base = name ?? '';
      for (let n = 2; name !== null && taken(name); n++) {
        name = `${headOf(base, RECIPE_LIMITS.groupName - String(n).length - 1).trim()} ${n}`;
      }
      if (groups.length >= RECIPE_LIMITS.groups) {
        fit.truncated = true;
        continue;
      }
      group = { name, ingredients: [] };
      groups.push(group);
    }
    for (const line of foundGroup.lines) {
      const text = fit.text(line, Number.MAX_SAFE_INTEGER);
      if (text === '') continue;
      if (group.ingredients.length >= RECIPE_LIMITS.ingredientsPerGroup) {
        fit.truncated = true;
        break;
      }
      const reading = readIngredientLine(text, { decimalComma: source.decimalComma });
      const ingredient = fitIngredient(reading.ingredient, fit);
      if (ingredient.name === '') continue;
      if (!reading.sure)
        review.push({ group: groups.indexOf(group), ingredient: group.ingredients.length, line: text });
      group.ingredients.push(ingredient);
    }
  }
  const kept = groups.filter((g) => g.ingredients.length > 0);
  if (kept.length !== groups.length) {
    // Empty groups are dropped: the review's group indexes follow.
    const index = new Map(groups.map((g, i) => [i, kept.indexOf(g)]));
    for (const line of review) line.group = index.get(line.group) ?? line.group;
  }
  // A recipe needs one group at least, even when the page listed no ingredients.
  if (kept.length === 0) kept.push({ name: null, ingredients: [] });
  return { groups: kept, review };
}

function fitSteps(found: FoundRecipe, groups: IngredientGroup[], fit: Fitter): DraftReading['steps'] {
  const texts: string[] = [];
  for (const section of found.instructionSections) {
    // A step has no section of its own: a section's name stands as a step before its steps ("For the sauce:").
    if (section.name !== null && fit.text(section.name, RECIPE_LIMITS.stepText) !== '') {
      texts.push(fit.text(section.name, RECIPE_LIMITS.stepText));
    }
    for (const raw of section.steps) {
      const text = fit.text(raw, Number.MAX_SAFE_INTEGER);
      if (text !== '') texts.push(...splitAtSentences(text, RECIPE_LIMITS.stepText));
    }
  }
  return fit.count(texts, RECIPE_LIMITS.steps).map((text) => ({
    text,
    times: findStepTimes(text),
    references: findReferences(text, groups),
  }));
}

/**
 * The page's tags, each once, lower case, at most as many as a recipe keeps: a set, so that a list of
 * 200,000 keywords is read once rather than searched again for each (it froze the service 30 s);
 * reading stops at the first tag past the limit.
 */
function fitTags(found: FoundRecipe, fit: Fitter): string[] {
  const tags = new Set<string>();
  for (const raw of [...found.keywords, ...found.categories, ...found.cuisines]) {
    const tag = fit.text(raw, Number.MAX_SAFE_INTEGER).toLowerCase();
    if (tag === '' || tags.has(tag)) continue;
    // A tag longer than a tag may be is a sentence, not a tag: left out rather than cut.
    if (tag.length > RECIPE_LIMITS.tag) {
      fit.truncated = true;
      continue;
    }
    if (tags.size === RECIPE_LIMITS.tags) {
      fit.truncated = true;
      break;
    }
    tags.add(tag);
  }
  return [...tags];
}

/**
 * An image's area, from its stated size or the size its address names ("…-225x225.jpg",
 * "/fit-in/800x800/"); an image of no known size counts as full size, larger than any other.
 */
function areaOf(image: FoundImage): number {
  if (image.width !== null && image.height !== null) return image.width * image.height;
  const named = [...image.url.matchAll(/(?<!\d)(\d{2,4})x(\d{2,4})(?!\d)/gu)].pop();
  if (named) return Number(named[1]) * Number(named[2]);
  return Number.POSITIVE_INFINITY;
}

/** The largest image the page names, the first of equals (pages list the full-size image first, crops after). */
export function largestImage(images: readonly FoundImage[]): FoundImage | null {
  let best: FoundImage | null = null;
  for (const image of images) {
    if (best === null || areaOf(image) > areaOf(best)) best = image;
  }
  return best;
}

/** A found recipe as a draft every recipe rule accepts; what the limits cut is reported by `truncated`. */
export function assembleDraft(found: FoundRecipe, source: DraftSource): DraftReading {
  const fit = new Fitter();
  const { groups, review } = fitGroups(found, source, fit);
  const sourceUrl =
    source.sourceUrl !== null &&
    source.sourceUrl.length <= RECIPE_LIMITS.sourceUrl &&
    siteOf(source.sourceUrl) !== null
      ? source.sourceUrl
      : null;
  return {
    title:
      fit.text(found.title, RECIPE_LIMITS.title) ||
      fit.text(source.fallbackTitle, RECIPE_LIMITS.title) ||
      'Recipe',
    description: fit.paragraph(found.description, RECIPE_LIMITS.description),
    servings: servingsOf(found.yields) ?? DEFAULT_SERVINGS,
    prepMinutes: minutesOf(found.prepTime),
    cookMinutes: minutesOf(found.cookTime),
    sourceUrl,
    sourceName: fit.text(source.sourceName, RECIPE_LIMITS.sourceName) || null,
    ingredientGroups: groups,
    steps: fitSteps(found, groups, fit),
    review,
    tags: fitTags(found, fit),
    photoUrl: source.photoUrl,
    truncated: fit.truncated,
  };
}
