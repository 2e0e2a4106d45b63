import { siteOf } from '../recipes/recipe-validation.js';
import { assembleDraft, largestImage } from './draft-assembly.js';
import type { DraftReading } from './draft-reading.js';
import { emptyRecipe, lineCount, stepCount, type FoundGroup, type FoundRecipe } from './found-recipe.js';
import { plainText } from './html-text.js';
import { recipeFromMicrodata } from './microdata-recipe.js';
import type { PageContent } from './page-content.js';
import { groupsFromBlocks, sectionsFromBlocks } from './names-from-page.js';
import { recipeFromBlocks } from './page-structure.js';
import { pageTitle, titleOfPlainPage } from './page-title.js';
import { recipeFromJsonLd } from './schema-recipe.js';
import { absoluteAddress, isWebAddress } from './web-address.js';

/** Languages that write decimals with a comma ("1,5 kg"). */
const DECIMAL_COMMA =
  /^(?:de|fr|nl|it|es|pt|da|sv|nb|nn|no|fi|pl|cs|sk|sl|hr|sr|hu|tr|ru|uk|el|ro|bg|et|lv|lt|is|ca|id)\b/iu;

function hasContent(recipe: FoundRecipe | null): recipe is FoundRecipe {
  return recipe !== null && (lineCount(recipe) > 0 || stepCount(recipe) > 0);
}

/**
 * Fills what `recipe` lacks from `other`: a field counts as missing when it is empty. Used to
 * complete a JSON-LD recipe from microdata and from the page's own headings and lists.
 */
function completed(recipe: FoundRecipe, other: FoundRecipe): FoundRecipe {
  return {
    title: recipe.title ?? other.title,
    description: recipe.description ?? other.description,
    yields: recipe.yields.length > 0 ? recipe.yields : other.yields,
    prepTime: recipe.prepTime ?? other.prepTime,
    cookTime: recipe.cookTime ?? other.cookTime,
    totalTime: recipe.totalTime ?? other.totalTime,
    ingredientGroups: lineCount(recipe) > 0 ? recipe.ingredientGroups : other.ingredientGroups,
    instructionSections: stepCount(recipe) > 0 ? recipe.instructionSections : other.instructionSections,
    images: recipe.images.length > 0 ? recipe.images : other.images,
    keywords: recipe.keywords.length > 0 ? recipe.keywords : other.keywords,
    categories: recipe.categories.length > 0 ? recipe.categories : other.categories,
    cuisines: recipe.cuisines.length > 0 ? recipe.cuisines : other.cuisines,
    publisherName: recipe.publisherName ?? other.publisherName,
  };
}

function hasAmount(line: string): boolean {
  return /[\p{N}½¼¾⅓⅔⅛]/u.test(line);
}

/**
 * Whether the page shows the structured lines with amounts: as many lines, each holding the
 * structured line's words ("flour" in "1 ½ cups all-purpose flour"), most with an amount.
 */
function showsWithAmounts(shown: readonly FoundGroup[], named: readonly FoundGroup[]): boolean {
  const lines = shown.flatMap((g) => g.lines);
  const names = named.flatMap((g) => g.lines).map(comparable);
  return (
    lines.length === names.length &&
    lines.every((line, i) => names[i]!.trim() !== '' && comparable(line).includes(names[i]!)) &&
    lines.filter(hasAmount).length * 2 > lines.length
  );
}

/** Lower case, words apart by one space, padded so that a word is found whole (" flour " in " 1 cup flour "). */
function comparable(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

function sourceUrlOf(page: PageContent): string | null {
  for (const candidate of [page.canonicalUrl, page.meta['og:url'], page.url]) {
    if (isWebAddress(candidate)) return candidate.trim();
  }
  return null;
}

function photoOf(recipe: FoundRecipe, page: PageContent): string | null {
  const image = largestImage(recipe.images);
  const fromRecipe = image ? absoluteAddress(image.url, page.url) : null;
  if (fromRecipe) return fromRecipe;
  for (const key of [
    'og:image:secure_url',
    'og:image',
    'og:image:url',
    'twitter:image',
    'twitter:image:src',
  ]) {
    const address = absoluteAddress(page.meta[key], page.url);
    if (address) return address;
  }
  return null;
}

/**
 * Reads a web page into a recipe draft. The recipe comes from the page's schema.org Recipe in
 * JSON-LD, else from its microdata, else from its visible structure; what the first lacks is
 * filled from the next (see docs/drafts.md). Open Graph and meta tags give the title,
 * description, photo and site name where the recipe does not.
 */
export function readRecipePage(page: PageContent): DraftReading {
  const fromJsonLd = recipeFromJsonLd(page.jsonLd);
  const fromMicrodata = hasContent(fromJsonLd) ? null : recipeFromMicrodata(page.microdata);
  let recipe = [fromJsonLd, fromMicrodata].find(hasContent) ?? fromJsonLd ?? fromMicrodata ?? emptyRecipe();
  if (fromJsonLd && recipe !== fromJsonLd) recipe = completed(recipe, fromJsonLd);
  // The page's headings and lists fill whatever the structured data left out (ingredients, steps, yield, times).
  const incomplete =
    lineCount(recipe) === 0 ||
    stepCount(recipe) === 0 ||
    recipe.yields.length === 0 ||
    recipe.prepTime === null ||
    recipe.cookTime === null;
  const fromBlocks = recipeFromBlocks(page.blocks);
  if (incomplete) {
    // Without structured data, the page's own title names the recipe more surely than its first <h1>
    // (unless the title is that <h1> with a site's name after it).
    if (recipe.title === null) fromBlocks.title = titleOfPlainPage(page, fromBlocks.title);
    recipe = completed(recipe, fromBlocks);
  }
  // Structured data that names the ingredients without any amount, beside a page that shows them with theirs.
  if (
    !recipe.ingredientGroups.some((g) => g.lines.some(hasAmount)) &&
    showsWithAmounts(fromBlocks.ingredientGroups, recipe.ingredientGroups)
  ) {
    recipe = { ...recipe, ingredientGroups: fromBlocks.ingredientGroups };
  }
  // Some sites put the ingredients (or the steps) beside the main content, in a sidebar.
  if ((lineCount(recipe) === 0 || stepCount(recipe) === 0) && page.outsideBlocks) {
    const outside = recipeFromBlocks(page.outsideBlocks);
    recipe = {
      ...recipe,
      ingredientGroups: lineCount(recipe) > 0 ? recipe.ingredientGroups : outside.ingredientGroups,
      instructionSections: stepCount(recipe) > 0 ? recipe.instructionSections : outside.instructionSections,
    };
  }
  // JSON-LD lists ingredients flat; the page's headings between the same lines name their groups.
  if (recipe.ingredientGroups.length === 1 && recipe.ingredientGroups[0]!.name === null) {
    const grouped = groupsFromBlocks(recipe.ingredientGroups[0]!.lines, page.blocks);
    if (grouped) recipe = { ...recipe, ingredientGroups: grouped };
  }
  // Likewise for steps: the page's headings between them name their sections.
  if (recipe.instructionSections.length === 1 && recipe.instructionSections[0]!.name === null) {
    const sectioned = sectionsFromBlocks(recipe.instructionSections[0]!.steps, page.blocks);
    if (sectioned) recipe = { ...recipe, instructionSections: sectioned };
  }
  const keywords = page.meta['keywords'];
  if (recipe.keywords.length === 0 && keywords) {
    recipe = { ...recipe, keywords: keywords.split(/\s*,\s*/u) };
  }
  const description = recipe.description ?? page.meta['description'] ?? page.meta['og:description'] ?? null;
  const sourceUrl = sourceUrlOf(page);
  const site = siteOf(sourceUrl ?? page.url);
  return assembleDraft(
    { ...recipe, description: description === null ? null : plainText(description) },
    {
      sourceUrl,
      sourceName: page.meta['og:site_name'] ?? recipe.publisherName ?? site,
      decimalComma: DECIMAL_COMMA.test(page.lang ?? ''),
      photoUrl: photoOf(recipe, page),
      fallbackTitle: pageTitle(page) ?? site ?? 'Recipe',
    },
  );
}
