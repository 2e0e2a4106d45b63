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
  /^(?:recipe notes|nutritional|related|more recipes|you may also|you might also|equipment|rate this|leave a|share|print|hinweis|nährwerte|kommentare|notizen)\b|\b(?:notes?|tips?|tipps?|nutrition|comments?|reviews?|faq|storage|video)\b/iu;
/** "Step 1", "Schritt 2": a heading that only numbers the step under it. */
const STEP_NUMBER = /^(?:step|schritt|stap|étape|paso|passo)\s*\d{1,2}\s*:?$/iu;

type Role = 'ingredients' | 'instructions' | 'after' | 'step' | 'heading' | null;

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
  if (STEP_NUMBER.test(text)) return 'step';
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
  const ofSteps = roleOf(blocks[start]!) === 'instructions';
  const out: PageBlock[] = [];
  for (let i = start + 1; i < blocks.length; i++) {
    const block = blocks[i]!;
    const role = roleOf(block);
    if (role === 'ingredients' || role === 'instructions' || role === 'after') break;
    // "Step 1" headings belong to the steps: they end the ingredients.
    if (role === 'step' && !ofSteps) break;
    if (role === 'heading' && levelOf(block) <= level && block.kind === 'heading') break;
    out.push(block);
  }
  return out;
}

const LINE_LIMIT = 300;

/** Lines under an ingredients heading that are no ingredient: yields, unit switches, ads. */
const NOT_AN_INGREDIENT =
  /^(?:serves|servings?|makes|yields?|portions?|advertisement|anzeige|werbung|us|metric|imperial|us customary|[\d/]+x(?:\s*[\d/]+x)+)\b.{0,20}$|^\d+\s+(?:servings|portions|personen|portionen)$/iu;

function ingredientGroups(blocks: readonly PageBlock[]): FoundGroup[] {
  const groups: FoundGroup[] = [];
  let current: FoundGroup = { name: null, lines: [] };
  const open = (name: string): void => {
    if (current.lines.length > 0) groups.push(current);
    current = { name, lines: [] };
  };
  const add = (line: string): void => {
    const name = groupHeading(line);
    if (name !== null) open(name);
    else if (line.length <= LINE_LIMIT && !NOT_AN_INGREDIENT.test(line.trim())) current.lines.push(line);
  };
  for (const block of blocks) {
    const heading = headingText(block);
    if (heading !== null) open(heading.replace(/:$/u, ''));
    else if (block.kind === 'list') block.items.forEach(add);
    else if (block.kind === 'paragraph') block.lines.forEach(add);
  }
  if (current.lines.length > 0) groups.push(current);
  return groups;
}

/**
 * Steps under an instructions heading: the items of its lists, or, when it has no list, its
 * paragraphs (a list is where a page puts its steps; paragraphs beside it are chat and ads).
 * Smaller headings start sections.
 */
function instructionSections(blocks: readonly PageBlock[]): FoundSection[] {
  const sections: FoundSection[] = [];
  let current: FoundSection = { name: null, steps: [] };
  const hasList = blocks.some((b) => b.kind === 'list');
  for (const block of blocks) {
    const heading = headingText(block);
    if (heading !== null) {
      if (roleOf(block) === 'step') continue;
      if (current.steps.length > 0) sections.push(current);
      current = { name: heading.replace(/:$/u, ''), steps: [] };
    } else if (block.kind === 'list') current.steps.push(...splitInstructions(block.items));
    else if (block.kind === 'paragraph' && !hasList) {
      current.steps.push(...splitInstructions(block.lines.length > 1 ? block.lines : [block.text]));
    }
  }
  if (current.steps.length > 0) sections.push(current);
  return sections;
}

/** Steps each under a heading of its own ("Step 1", "Step 2", …): the paragraphs under each heading are one step. */
function numberedSteps(blocks: readonly PageBlock[], start: number): FoundSection[] {
  const steps: string[] = [];
  let current: string[] = [];
  for (let i = start; i < blocks.length; i++) {
    const block = blocks[i]!;
    const role = roleOf(block);
    if (role === 'step') {
      if (current.length > 0) steps.push(current.join(' '));
      current = [];
    } else if (role !== null) break;
    else if (block.kind === 'paragraph') current.push(block.text);
    else if (block.kind === 'list') current.push(...block.items);
  }
  if (current.length > 0) steps.push(current.join(' '));
  return steps.length > 0 ? [{ name: null, steps }] : [];
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

/**
 * A paragraph whose first line is a heading ("Bereiding<br>Verhit de pan…") as the heading and
 * the rest of the paragraph.
 */
function separateHeadings(blocks: readonly PageBlock[]): PageBlock[] {
  const out: PageBlock[] = [];
  for (const block of blocks) {
    if (block.kind === 'paragraph' && block.lines.length > 1) {
      const [first, ...rest] = block.lines;
      const bare = first!.replace(/:$/u, '');
      if (bare.split(/\s+/u).length <= 3 && (INGREDIENTS.test(bare) || INSTRUCTIONS.test(bare))) {
        out.push(
          { kind: 'heading', level: 7, text: bare },
          { kind: 'paragraph', text: rest.join(' '), lines: rest },
        );
        continue;
      }
    }
    out.push(block);
  }
  return out;
}

/** The recipe the page's blocks show; fields it cannot find stay empty. */
export function recipeFromBlocks(pageBlocks: readonly PageBlock[]): FoundRecipe {
  const blocks = separateHeadings(pageBlocks);
  const recipe = emptyRecipe();
  const title = blocks.find((b) => b.kind === 'heading' && b.level === 1 && /\p{L}{2}/u.test(b.text));
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
  if (instructionsAt !== -1) {
    recipe.instructionSections = instructionSections(section(blocks, instructionsAt));
  }
  if (recipe.instructionSections.length === 0) {
    const firstStep = blocks.findIndex((b, i) => i >= after && roleOf(b) === 'step');
    if (firstStep !== -1) recipe.instructionSections = numberedSteps(blocks, firstStep);
  }
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

/**
 * Section names for steps that came without them (a JSON-LD Recipe whose page shows its steps
 * under headings such as "For the sauce"): the headings that stand between the same steps on the
 * page. Answers the steps in sections, or null when the page does not show the steps in order.
 */
export function sectionsFromBlocks(
  steps: readonly string[],
  blocks: readonly PageBlock[],
): FoundSection[] | null {
  const wanted = steps.map((step) => comparable(step).slice(0, 60));
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
    const texts = block.kind === 'list' ? block.items : block.kind === 'paragraph' ? [block.text] : [];
    for (const text of texts) {
      if (next >= wanted.length) break;
      const found = comparable(text);
      if (wanted[next] === '' || !found.startsWith(wanted[next]!)) continue;
      if (pending !== null) names.set(next, pending);
      pending = null;
      next++;
    }
  }
  if (next < wanted.length || names.size === 0 || (names.size === 1 && names.has(0))) return null;
  const sections: FoundSection[] = [];
  steps.forEach((step, i) => {
    const name = names.get(i);
    if (i === 0 || name !== undefined) sections.push({ name: name ?? null, steps: [] });
    sections[sections.length - 1]!.steps.push(step);
  });
  return sections;
}
