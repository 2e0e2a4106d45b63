import { emptyRecipe, type FoundGroup, type FoundRecipe, type FoundSection } from './found-recipe.js';
import { capitalsHeading, groupHeading, mostlyNotCapitals } from './group-heading.js';
import {
  endsSentence,
  isStepNumber,
  opensWithNumber,
  splitInstructions,
  stepPlacesTakenOff,
  stepsOfText,
  withoutNumbering,
  withoutTrailingYield,
} from './instruction-text.js';
import { isNoIngredient } from './no-ingredient-lines.js';
import type { PageBlock } from './page-content.js';
import { headingRole, headingText, levelOf, roleOf } from './section-headings.js';
import { factsOfLine, timesInText, yieldInText } from './page-text-facts.js';
import { withoutSignOff } from './sign-offs.js';

/**
 * A recipe read from the page's visible structure, for pages without JSON-LD or microdata: the
 * lists and paragraphs under a heading such as "Ingredients" / "Zutaten" are the ingredients,
 * those under "Instructions" / "Method" / "Zubereitung" the steps; smaller headings between them
 * name groups and sections.
 */

/** The blocks under the heading at `start`, up to the next heading of the same rank or above, or another part of the recipe. */
function section(blocks: readonly PageBlock[], start: number): PageBlock[] {
  const level = levelOf(blocks[start]!);
  const ofSteps = roleOf(blocks[start]!) === 'instructions';
  const out: PageBlock[] = [];
  for (let i = start + 1; i < blocks.length; i++) {
    const block = blocks[i]!;
    const role = roleOf(block);
    if (role === 'ingredients' || role === 'instructions' || role === 'after') break;
    // The markup names the block as the other part (where it did not name the heading so: a
    // wrapper named "steps" may hold the whole recipe): the steps have begun after the
    // ingredients; between steps, it is the ingredients of a step, shown again.
    if (block.part !== blocks[start]!.part && block.part === (ofSteps ? 'ingredients' : 'instructions')) {
      if (ofSteps) continue;
      break;
    }
    // "Step 1" headings belong to the steps: they end the ingredients.
    if (role === 'step' && !ofSteps) break;
    if (role === 'heading' && levelOf(block) <= level && block.kind === 'heading') break;
    out.push(block);
  }
  return out;
}

const LINE_LIMIT = 300;

/** A short paragraph that names what the list after it is for ("hand-cut potato chips", "Topping"). */
function namesTheList(block: PageBlock, next: PageBlock | undefined): boolean {
  return (
    block.kind === 'paragraph' &&
    block.lines.length === 1 &&
    next?.kind === 'list' &&
    block.text.split(/\s+/u).length <= 6 &&
    !/[\p{N}.!?]/u.test(block.text) &&
    !isNoIngredient(block.text)
  );
}

function ingredientGroups(blocks: readonly PageBlock[]): FoundGroup[] {
  const lines = blocks.flatMap((b) => (b.kind === 'list' ? b.items : b.kind === 'paragraph' ? b.lines : []));
  const groups: FoundGroup[] = [];
  let current: FoundGroup = { name: null, lines: [] };
  const open = (name: string): void => {
    if (current.lines.length > 0) groups.push(current);
    current = { name, lines: [] };
  };
  const last = lines[lines.length - 1];
  const ordinary = mostlyNotCapitals(lines);
  const add = (line: string): void => {
    // A line in capitals among lines that are not heads a group ("TO SERVE"), unless nothing follows it.
    const name = groupHeading(line) ?? (line === last ? null : capitalsHeading(line, ordinary));
    if (name !== null) open(name);
    else if (line.length <= LINE_LIMIT && !isNoIngredient(line)) current.lines.push(line);
  };
  // Where the ingredients are a list, paragraphs beside it are chat, ads and shop links.
  const hasList = blocks.some((b) => b.kind === 'list' && b.items.some((item) => !isNoIngredient(item)));
  blocks.forEach((block, i) => {
    const heading = headingText(block);
    if (heading !== null) open(heading.replace(/\s*:$/u, ''));
    else if (block.kind === 'list') block.items.forEach(add);
    else if (block.kind === 'paragraph' && namesTheList(block, blocks[i + 1])) open(block.text);
    else if (block.kind === 'paragraph' && !hasList) block.lines.forEach(add);
  });
  if (current.lines.length > 0) groups.push(current);
  return groups;
}

/**
 * A list of words or facts rather than steps ("Breakfast", "Desserts & Baking", "Author Ann",
 * "Temps de préparation : 20 min"): no sentence in it, or nothing but facts.
 */
function isWordList(block: PageBlock): boolean {
  return (
    block.kind === 'list' &&
    block.items.every((item) => (wordCount(item) <= 5 && !/[.!?。！？]$/u.test(item)) || isFact(item))
  );
}

/** Chinese and Japanese, written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** About how many words a text holds: its spaced words, and one for every two characters of unspaced script. */
function wordCount(text: string): number {
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  return text.split(/\s+/u).length + Math.floor(unspaced / 2);
}

/** A line of facts where steps stand ("Temps de cuisson : 40 min", "Arbeitszeit: 20 Min."): no step. */
function isFact(text: string): boolean {
  return factsOfLine(text, true) !== null;
}

/**
 * Steps under an instructions heading: the items of its lists, or, when it has no list of steps,
 * its paragraphs (a list is where a page puts its steps; paragraphs beside it are chat and ads).
 * Smaller headings start sections.
 */
function instructionSections(sectionBlocks: readonly PageBlock[]): FoundSection[] {
  const sections: FoundSection[] = [];
  let current: FoundSection = { name: null, steps: [] };
  const hasList = sectionBlocks.some((b) => b.kind === 'list' && !isWordList(b));
  const blocks = hasList ? sectionBlocks : upToTheLastNumber(withoutAsides(withinStepsBox(sectionBlocks)));
  for (const block of blocks) {
    const heading = headingText(block);
    if (heading !== null) {
      if (roleOf(block) === 'step') continue;
      if (current.steps.length > 0) sections.push(current);
      // A section's name stands as a step: as the page wrote it ("Serving suggestions:").
      current = { name: withoutNumbering(heading), steps: [] };
    } else if (block.kind === 'list' && !isWordList(block))
      current.steps.push(...splitInstructions(block.items));
    else if (block.kind === 'paragraph' && !hasList) {
      current.steps.push(...stepsOfText(block.lines));
    }
  }
  if (current.steps.length > 0) sections.push(current);
  const steps = sections
    .map((s) => ({ ...s, steps: s.steps.filter((step) => !isFact(step)) }))
    .filter((s) => s.steps.length > 0);
  return withoutPlaces(hasList ? steps : withoutClosingWords(steps));
}

/** Paragraphs that stand as steps: neither a heading nor a step's number standing apart ("1", "2."). */
type Paragraph = Extract<PageBlock, { kind: 'paragraph' }>;

function textParagraphs(blocks: readonly PageBlock[]): Paragraph[] {
  return blocks.filter(
    (b): b is Paragraph => b.kind === 'paragraph' && headingText(b) === null && !isStepNumber(b.text),
  );
}

/** The box a block stands in: the elements around its own. */
const boxOf = (block: PageBlock): string => (block.within ?? []).slice(0, -1).join(' ');

/**
 * Steps written as paragraphs, without a paragraph alone in a box of its own where the others stand
 * side by side in one (an image's caption, a tip box, a note on the equipment).
 */
function withoutAsides(blocks: readonly PageBlock[]): PageBlock[] {
  const paragraphs = textParagraphs(blocks);
  const inBox = new Map<string, number>();
  for (const p of paragraphs) inBox.set(boxOf(p), (inBox.get(boxOf(p)) ?? 0) + 1);
  // One box holds the steps, each other box one paragraph, no more of those than steps.
  const together = [...inBox.values()].filter((n) => n > 1);
  const alone = [...inBox.values()].filter((n) => n === 1).length;
  if (together.length !== 1 || together[0]! < alone) return [...blocks];
  return blocks.filter(
    (b) => !(b.within !== undefined && paragraphs.includes(b as Paragraph) && inBox.get(boxOf(b)) === 1),
  );
}

/**
 * Steps written as paragraphs that number them ("1. …", "2. …"), up to the last number: what
 * follows without one is the page's (a signature, "Sign my guestbook!").
 */
function upToTheLastNumber(blocks: readonly PageBlock[]): PageBlock[] {
  const paragraphs = textParagraphs(blocks);
  const numbered = paragraphs.filter((p) => p.lines.some(opensWithNumber));
  const counted =
    paragraphs[0]?.lines.some(opensWithNumber) === true &&
    numbered.flatMap((p) => p.lines.filter(opensWithNumber)).length >= 2 &&
    // (Not where the numbers stand apart, "1" over its step.)
    !blocks.some((b) => b.kind === 'paragraph' && isStepNumber(b.text));
  if (!counted) return [...blocks];
  const last = blocks.indexOf(numbered[numbered.length - 1]!);
  return blocks.filter((b, i) => i <= last || !paragraphs.includes(b as Paragraph));
}

/** The sections without the writer's closing words after the last step ("Enjoy!", "I hope you love this …"). */
function withoutClosingWords(sections: FoundSection[]): FoundSection[] {
  const last = sections[sections.length - 1];
  if (last === undefined) return sections;
  return [...sections.slice(0, -1), { ...last, steps: withoutSignOff(last.steps) }].filter(
    (s) => s.steps.length > 0,
  );
}

/** How many of their outermost boxes two blocks share. */
function shared(a: PageBlock, b: PageBlock): number {
  const [x, y] = [a.within ?? [], b.within ?? []];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/**
 * Steps written as paragraphs end where the box holding the first two ends: what follows in
 * another box is the page's (a call to share, a reminder form, an ad for the cookbook).
 */
function withinStepsBox(blocks: readonly PageBlock[]): PageBlock[] {
  // (Not a step's number standing apart: "1", "2.")
  const paragraphs = blocks.filter(
    (b) => b.kind === 'paragraph' && headingText(b) === null && !isStepNumber(b.text),
  );
  if (paragraphs.length < 2 || paragraphs[0]!.within === undefined) return [...blocks];
  const depth = shared(paragraphs[0]!, paragraphs[1]!);
  const first = blocks.indexOf(paragraphs[0]!);
  const end = blocks.findIndex((b, i) => i > first && shared(b, paragraphs[0]!) < depth);
  return end === -1 ? [...blocks] : blocks.slice(0, end);
}

/** Steps in paragraphs that open with their place ("1Wash the vegetables", "2Chop …") without it. */
function withoutPlaces(sections: FoundSection[]): FoundSection[] {
  const steps = stepPlacesTakenOff(sections.flatMap((s) => s.steps));
  let at = 0;
  return sections.map((s) => ({ ...s, steps: s.steps.map(() => steps[at++]!) }));
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
function looksLikeIngredients(block: PageBlock | undefined): boolean {
  if (block?.kind !== 'list' || block.items.length < 2) return false;
  const amounts = block.items.filter((item) => /^[\d½¼¾⅓⅔⅛]/u.test(item.trim())).length;
  return amounts / block.items.length >= 0.5;
}

/**
 * Ingredients without a heading that says so: the first list of three or more items whose items
 * mostly open with an amount, and the lists right after it that read so too, each under the
 * heading (or short paragraph) before it as a group.
 */
function ingredientsByShape(blocks: readonly PageBlock[]): FoundGroup[] {
  const first = blocks.findIndex((b) => looksLikeIngredients(b) && b.kind === 'list' && b.items.length >= 3);
  if (first === -1) return [];
  const taken: PageBlock[] = [blocks[first]!];
  for (let i = first + 1; i < blocks.length; i++) {
    const block = blocks[i]!;
    const heading = roleOf(block) === 'heading' ? headingText(block) : null;
    const name =
      heading ?? (namesTheList(block, blocks[i + 1]) && block.kind === 'paragraph' ? block.text : null);
    if (name !== null && looksLikeIngredients(blocks[i + 1])) {
      taken.push({ kind: 'heading', level: 7, text: name }, blocks[i + 1]!);
      i++;
    } else if (looksLikeIngredients(block)) taken.push(block);
    else break;
  }
  return ingredientGroups(taken);
}

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
      if (bare.split(/\s+/u).length <= 3 && headingRole(bare) !== null) {
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

/** The blocks the page's markup names as part of the ingredients (or the steps), for pages whose headings do not say. */
function blocksOfPart(blocks: readonly PageBlock[], part: 'ingredients' | 'instructions'): PageBlock[] {
  return blocks.filter((b) => b.part === part && roleOf(b) !== 'after');
}

/**
 * The steps' blocks without the part's own heading ("How to make the tart", in words the reader
 * does not know): a first heading that outranks every other heading of the part names no section.
 * (Over ingredients such a heading names their one group: "Brittle".)
 */
function withoutStepsHeading(stepBlocks: readonly PageBlock[]): readonly PageBlock[] {
  const [first, ...rest] = stepBlocks;
  const outranks =
    first?.kind === 'heading' && rest.every((b) => b.kind !== 'heading' || b.level > first.level);
  return outranks ? rest : stepBlocks;
}

/** A page's yield ("Serves 4") set at the end of its last step is the yield, not a step. */
function withoutYieldAtTheEnd(sections: FoundSection[]): FoundSection[] {
  const last = sections[sections.length - 1];
  if (last === undefined) return sections;
  const steps = withoutTrailingYield(last.steps);
  return [...sections.slice(0, -1), { ...last, steps }].filter((s) => s.steps.length > 0);
}

/** A line that opens with an amount (after a checkbox's "▢" or a bullet). */
const OPENS_WITH_AMOUNT = /^[^\p{L}\p{N}]*[\d½¼¾⅓⅔⅛]/u;

/**
 * How much lines read as ingredient lines: the share that open with an amount or are short, more
 * for the share with amounts (a post's list of what goes in names them; the recipe's list says
 * how much), a little more for more lines.
 */
function ingredientShape(groups: readonly FoundGroup[]): number {
  const lines = groups.flatMap((g) => g.lines);
  if (lines.length === 0) return 0;
  const amounts = lines.filter((line) => OPENS_WITH_AMOUNT.test(line)).length;
  const shaped = lines.filter((line) => OPENS_WITH_AMOUNT.test(line) || line.split(/\s+/u).length <= 6);
  return (shaped.length + amounts / 2) / lines.length + lines.length / 1000;
}

/**
 * Steps that stand without a heading of their own, right after the ingredients ("Ingredients",
 * its lists, then the method's paragraphs): the paragraphs that follow the section's lists (and
 * their group headings) while each ends a sentence, when there are two or more (what follows
 * — a photo's caption, a heading, a list of facts — is the page's).
 */
function paragraphsAfterTheIngredients(blocks: readonly PageBlock[], ingredientsAt: number): PageBlock[] {
  const under = section(blocks, ingredientsAt);
  const firstList = under.findIndex((block) => block.kind === 'list');
  const start = under.findIndex((block, i) => i > firstList && block.kind === 'paragraph');
  if (firstList === -1 || start === -1) return [];
  const after: PageBlock[] = [];
  for (const block of under.slice(start)) {
    if (block.kind !== 'paragraph' || !endsSentence(block.text.trim())) break;
    after.push(block);
  }
  return after.length >= 2 ? after : [];
}

/** Where the headings of a part stand, in order. */
function headingsOf(blocks: readonly PageBlock[], role: 'ingredients' | 'instructions'): number[] {
  return blocks.flatMap((b, i) => (roleOf(b) === role ? [i] : []));
}

/** The recipe the page's blocks show; fields it cannot find stay empty. */
export function recipeFromBlocks(pageBlocks: readonly PageBlock[]): FoundRecipe {
  const blocks = separateHeadings(pageBlocks);
  const recipe = emptyRecipe();
  const title = blocks.find((b) => b.kind === 'heading' && b.level === 1 && /\p{L}{2}/u.test(b.text));
  if (title && title.kind === 'heading') recipe.title = title.text;
  // The first heading of each part under which something stands ("How to make it" may only introduce "Method").
  // Of several ingredients headings (a post's "Ingredients in this soup", then the recipe card's),
  // the one whose lines read most as ingredient lines; the first of equals.
  let ingredientsAt: number | undefined;
  let best = 0;
  for (const at of headingsOf(blocks, 'ingredients')) {
    const groups = ingredientGroups(section(blocks, at));
    const score = ingredientShape(groups);
    if (score > best) {
      [best, ingredientsAt, recipe.ingredientGroups] = [score, at, groups];
    }
  }
  if (recipe.ingredientGroups.length === 0) {
    recipe.ingredientGroups = ingredientGroups(blocksOfPart(blocks, 'ingredients'));
  }
  if (recipe.ingredientGroups.length === 0) recipe.ingredientGroups = ingredientsByShape(blocks);
  const after = ingredientsAt ?? 0;
  const instructionHeadings = headingsOf(blocks, 'instructions');
  // Steps after the ingredients first, else anywhere.
  for (const at of [...instructionHeadings.filter((at) => at >= after), ...instructionHeadings]) {
    recipe.instructionSections = instructionSections(section(blocks, at));
    if (recipe.instructionSections.length > 0) break;
  }
  if (recipe.instructionSections.length === 0) {
    const firstStep = blocks.findIndex((b, i) => i >= after && roleOf(b) === 'step');
    if (firstStep !== -1) recipe.instructionSections = numberedSteps(blocks, firstStep);
  }
  if (recipe.instructionSections.length === 0) {
    recipe.instructionSections = instructionSections(
      withoutStepsHeading(blocksOfPart(blocks, 'instructions')),
    );
  }
  if (recipe.instructionSections.length === 0 && ingredientsAt !== undefined) {
    recipe.instructionSections = instructionSections(paragraphsAfterTheIngredients(blocks, ingredientsAt));
  }
  recipe.instructionSections = withoutYieldAtTheEnd(recipe.instructionSections);
  // A yield stated as a fact ("Servings: 8") wins over one said in a story before it ("One batch makes 2 cups").
  let stated: string | null = null;
  let said: string | null = null;
  for (const block of blocks) {
    const texts =
      block.kind === 'list' ? block.items : block.kind === 'paragraph' ? block.lines : [block.text];
    for (const text of texts) {
      if (stated === null) {
        const found = yieldInText(text);
        if (found?.stated) stated = found.yields;
        else if (found) said ??= found.yields;
      }
      const times = timesInText(text);
      recipe.prepTime ??= times.prepTime ?? null;
      recipe.cookTime ??= times.cookTime ?? null;
      recipe.totalTime ??= times.totalTime ?? null;
    }
  }
  const yields = stated ?? said;
  if (yields !== null) recipe.yields = [yields];
  return recipe;
}
