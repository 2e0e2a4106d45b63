import { emptyRecipe, type FoundGroup, type FoundRecipe, type FoundSection } from './found-recipe.js';
import { groupHeading } from './group-heading.js';
import { splitInstructions } from './instruction-text.js';
import type { PageBlock } from './page-content.js';

/**
 * A recipe read from the page's visible structure, for pages without JSON-LD or microdata: the
 * lists and paragraphs under a heading such as "Ingredients" / "Zutaten" are the ingredients,
 * those under "Instructions" / "Method" / "Zubereitung" the steps; smaller headings between them
 * name groups and sections.
 */

const INGREDIENTS =
  /^(?:the\s+)?(?:ingredients?|ingredient list|zutaten(?:liste)?|ingrédients|ingredienti|ingredientes|ingrediënten|ingredienser|ainekset|składniki|hozzávalók|suroviny|malzemeler|what you(?:'ll| will)? need|you(?:'ll| will)? need)\b/iu;
const INSTRUCTIONS =
  /^(?:instructions?|directions?|methods?|preparation|steps|how to make(?: it)?|cooking instructions|zubereitung|anleitung|so geht'?s|zubereitungsschritte|préparation|bereiding(?:swijze)?|werkwijze|fremgangsm[åa]de|tillagning|gör så här|preparación|elaboración|preparazione|procedimento|modo de preparo|valmistus|przygotowanie|postup|elkészítés|hazırlanışı)\b/iu;
/** Headings after which the recipe is over. */
const AFTER_RECIPE =
  /^(?:notes?|recipe notes|tips?|nutrition|nutritional|comments?|reviews?|related|more recipes|you may also|you might also|equipment|video|faq|storage|rate this|leave a|share|print|hinweis|tipps?|nährwerte|kommentare|notizen)\b/iu;

type Role = 'ingredients' | 'instructions' | 'after' | 'heading' | null;

/** A heading, or a short paragraph standing as one ("Ingredients:", "<p><b>Method</b></p>"). */
function headingText(block: PageBlock): string | null {
  if (block.kind === 'heading') return block.text;
  if (block.kind === 'paragraph' && block.lines.length === 1 && block.text.split(/\s+/u).length <= 5) {
    const text = block.text.replace(/:$/u, '');
    if (
      INGREDIENTS.test(text) ||
      INSTRUCTIONS.test(text) ||
      AFTER_RECIPE.test(text) ||
      groupHeading(block.text) !== null
    ) {
      return text;
    }
  }
  return null;
}

function roleOf(block: PageBlock): Role {
  const text = headingText(block);
  if (text === null) return null;
  if (INGREDIENTS.test(text)) return 'ingredients';
  if (INSTRUCTIONS.test(text)) return 'instructions';
  if (AFTER_RECIPE.test(text)) return 'after';
  return 'heading';
}

/** Heading level; paragraphs standing as headings rank below every real heading. */
function levelOf(block: PageBlock): number {
  return block.kind === 'heading' ? block.level : 7;
}

/** The blocks under the heading at `start`, up to the next heading of the same rank or above, or another part of the recipe. */
function section(blocks: readonly PageBlock[], start: number): PageBlock[] {
  const level = levelOf(blocks[start]!);
  const out: PageBlock[] = [];
  for (let i = start + 1; i < blocks.length; i++) {
    const block = blocks[i]!;
    const role = roleOf(block);
    if (role === 'ingredients' || role === 'instructions' || role === 'after') break;
    if (role === 'heading' && levelOf(block) <= level && block.kind === 'heading') break;
    out.push(block);
  }
  return out;
}

const LINE_LIMIT = 300;

function ingredientGroups(blocks: readonly PageBlock[]): FoundGroup[] {
  const groups: FoundGroup[] = [];
  let current: FoundGroup = { name: null, lines: [] };
  const open = (name: string): void => {
    if (current.lines.length > 0) groups.push(current);
    current = { name, lines: [] };
  };
  for (const block of blocks) {
    const heading = headingText(block);
    if (heading !== null) open(heading.replace(/:$/u, ''));
    else if (block.kind === 'list')
      current.lines.push(...block.items.filter((item) => item.length <= LINE_LIMIT));
    else if (block.kind === 'paragraph') {
      for (const line of block.lines) {
        const name = groupHeading(line);
        if (name !== null) open(name);
        else if (line.length <= LINE_LIMIT) current.lines.push(line);
      }
    }
  }
  if (current.lines.length > 0) groups.push(current);
  return groups;
}

function instructionSections(blocks: readonly PageBlock[]): FoundSection[] {
  const sections: FoundSection[] = [];
  let current: FoundSection = { name: null, steps: [] };
  for (const block of blocks) {
    const heading = headingText(block);
    if (heading !== null) {
      if (current.steps.length > 0) sections.push(current);
      current = { name: heading.replace(/:$/u, ''), steps: [] };
    } else if (block.kind === 'list') current.steps.push(...splitInstructions(block.items));
    else if (block.kind === 'paragraph')
      current.steps.push(...splitInstructions(block.lines.length > 1 ? block.lines : [block.text]));
  }
  if (current.steps.length > 0) sections.push(current);
  return sections;
}

/** A list that reads as ingredients: most items open with an amount. */
function looksLikeIngredients(block: PageBlock): boolean {
  if (block.kind !== 'list' || block.items.length < 3) return false;
  const amounts = block.items.filter((item) => /^[\d½¼¾⅓⅔⅛]/u.test(item.trim())).length;
  return amounts / block.items.length >= 0.5;
}

const YIELD =
  /(?:serves|servings|yield|yields|makes|portions?|portionen|personen|personnes|porties|porciones)\s*:?\s*(\d+(?:\s*[-–]\s*\d+)?)/iu;
const TIMES: Array<[keyof Pick<FoundRecipe, 'prepTime' | 'cookTime' | 'totalTime'>, RegExp]> = [
  [
    'prepTime',
    /(?:prep(?:aration)?\s*time|vorbereitung(?:szeit)?|arbeitszeit)\s*:?\s*((?:\d+\s*\p{L}+\.?\s*){1,3})/iu,
  ],
  [
    'cookTime',
    /(?:cook(?:ing)?\s*time|bake\s*time|kochzeit|backzeit|garzeit)\s*:?\s*((?:\d+\s*\p{L}+\.?\s*){1,3})/iu,
  ],
  ['totalTime', /(?:total\s*time|gesamtzeit)\s*:?\s*((?:\d+\s*\p{L}+\.?\s*){1,3})/iu],
];

/** The recipe the page's blocks show; fields it cannot find stay empty. */
export function recipeFromBlocks(blocks: readonly PageBlock[]): FoundRecipe {
  const recipe = emptyRecipe();
  const title = blocks.find((b) => b.kind === 'heading' && b.level === 1);
  if (title && title.kind === 'heading') recipe.title = title.text;
  const ingredientsAt = blocks.findIndex((b) => roleOf(b) === 'ingredients');
  if (ingredientsAt !== -1) recipe.ingredientGroups = ingredientGroups(section(blocks, ingredientsAt));
  else {
    const list = blocks.find(looksLikeIngredients);
    if (list && list.kind === 'list') recipe.ingredientGroups = [{ name: null, lines: list.items }];
  }
  const after = Math.max(ingredientsAt, 0);
  let instructionsAt = blocks.findIndex((b, i) => i >= after && roleOf(b) === 'instructions');
  if (instructionsAt === -1) instructionsAt = blocks.findIndex((b) => roleOf(b) === 'instructions');
  if (instructionsAt !== -1)
    recipe.instructionSections = instructionSections(section(blocks, instructionsAt));
  for (const block of blocks) {
    const texts =
      block.kind === 'list' ? block.items : block.kind === 'paragraph' ? block.lines : [block.text];
    for (const text of texts) {
      if (recipe.yields.length === 0) {
        const found = YIELD.exec(text);
        if (found) recipe.yields = [found[1]!];
      }
      for (const [field, pattern] of TIMES) {
        if (recipe[field] === null) recipe[field] = pattern.exec(text)?.[1]?.trim() ?? null;
      }
    }
  }
  return recipe;
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Group names for ingredient lines that came without them (JSON-LD lists ingredients flat): the
 * headings that stand between the same lines in the page's lists ("For the dough", "Filling").
 * Answers the lines in groups, or null when the page's lists do not show the lines in order.
 */
export function groupsFromBlocks(
  lines: readonly string[],
  blocks: readonly PageBlock[],
): FoundGroup[] | null {
  const wanted = lines.map(comparable);
  const names = new Map<number, string>();
  let next = 0;
  let pending: string | null = null;
  for (const block of blocks) {
    if (next >= wanted.length) break;
    const heading = headingText(block);
    if (heading !== null) {
      const role = roleOf(block);
      pending = role === 'heading' ? heading.replace(/:$/u, '') : null;
      continue;
    }
    if (block.kind !== 'list') continue;
    for (const item of block.items) {
      if (next >= wanted.length) break;
      const text = comparable(item);
      if (text === '' || !(text === wanted[next] || (wanted[next] !== '' && text.startsWith(wanted[next]!))))
        continue;
      if (pending !== null) names.set(next, pending);
      pending = null;
      next++;
    }
  }
  if (next < wanted.length || names.size === 0 || (names.size === 1 && names.has(0))) return null;
  const groups: FoundGroup[] = [];
  lines.forEach((line, i) => {
    const name = names.get(i);
    if (i === 0 || name !== undefined) groups.push({ name: name ?? null, lines: [] });
    groups[groups.length - 1]!.lines.push(line);
  });
  return groups;
}
