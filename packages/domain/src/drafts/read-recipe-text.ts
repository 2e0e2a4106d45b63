import { assembleDraft } from './draft-assembly.js';
import type { DraftReading } from './draft-reading.js';
import { emptyRecipe, type FoundGroup, type FoundSection } from './found-recipe.js';
import { capitalsHeading, groupHeading, mostlyNotCapitals } from './group-heading.js';
import { isNoIngredient } from './no-ingredient-lines.js';
import { factsOfLine } from './page-text-facts.js';
import { headingRole } from './section-headings.js';
import { repairMojibake } from './mojibake.js';
import { isStepNumber, splitInstructions, stepsOfParagraph } from './instruction-text.js';
import { startsWithNumber } from './quantity.js';
import { unitAtStart } from './units.js';

/**
 * Reads pasted text into a recipe draft: the first line is the title; headings (those of the
 * pages, in their languages: "Ingredients", "Zutaten", "Method", "Préparation", …) divide the rest;
 * without headings, the shape of each line decides — bullets and lines that open with an amount
 * are ingredients, numbered lines are steps, anything else before them is the description.
 */

const YIELD =
  /^(?:serves|servings|yield|yields|makes|portionen|für)\s*:?\s*(?:about\s+|ca\.\s*|etwa\s+)?(\d+)\b|^(\d+)\s*(?:servings|portionen|personen)\b/iu;
const PREP = /^(?:prep(?:aration)?(?:\s*time)?|vorbereitung(?:szeit)?|arbeitszeit)\s*:\s*(.+)$/iu;
const COOK = /^(?:cook(?:ing)?(?:\s*time)?|bake(?:\s*time)?|kochzeit|backzeit|garzeit)\s*:\s*(.+)$/iu;
const BULLET = /^[•·▪◦‣∙○●*–—-]\s*/u;
const NUMBERED = /^(?:(?:step|schritt)\s*)?\d{1,2}\s*[.):]\s*(?!\d)/iu;

/** A heading line: its words, with or without a colon, markdown marks taken off. */
function headingOf(line: string): string {
  return line
    .replace(/^#+\s*/u, '')
    .replace(/^\*\*(.*)\*\*$/u, '$1')
    .replace(/:$/u, '')
    .trim();
}

/** "- [ ] 2 eggs", "* [x] 2 eggs": an item of a checklist, its box taken off. */
const CHECKBOX = /^([*+-])\s*\[[ xX]?\]\s*/u;

/** One emoji as written: a pictograph with its modifiers, variation selectors and joined parts. */
const EMOJI = String.raw`\p{Extended_Pictographic}[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u200D]*`;
/** "🔸 ", "▪️ ", "✅ ", "👉 ": an emoji at the start of a line, a space after it, stands for a bullet. */
const EMOJI_BULLET = new RegExp(String.raw`^${EMOJI}\s+`, 'u');
/** "Brownies ✨": an emoji ending a title. */
const EMOJI_AT_END = new RegExp(String.raw`\s*${EMOJI}$`, 'u');
/** "1️⃣ Whisk …": a keycap number is a step's number. */
const KEYCAP_NUMBER = /^(\d)\uFE0F?\u20E3\s*/u;
/** "#baking #cake": a line of hashtags only, as a post ends. */
const HASHTAGS = /^#[\p{L}\p{N}_]+(?:\s+#[\p{L}\p{N}_]+)*$/u;

/** A line of a chat message or a post in plain words: an emoji before it a bullet, a keycap number a step's. */
function withoutEmojiMarks(line: string): string {
  return line.replace(EMOJI_BULLET, '- ').replace(KEYCAP_NUMBER, '$1. ');
}

/**
 * A line of markdown (as a notes app or an AI answer writes it) in plain words: a line wholly in
 * bold ("**Dressing**", "**Method:**") a heading, the bold marks inside a line ("**Serves:** 2")
 * taken off, a checklist item a bullet.
 */
function plainLine(line: string): string {
  const bold = /^\*\*([^*]+)\*\*(:?)$/u.exec(line);
  if (bold) return `## ${bold[1]!.trim()}${bold[2]}`;
  return line.replace(/\*\*|__/gu, '').replace(CHECKBOX, '$1 ');
}

/** "## Dressing", "### For the sauce": a markdown heading. */
function isMarkedHeading(line: string): boolean {
  return /^#{1,6}\s/u.test(line) && !/\p{N}/u.test(line);
}

/** "Zutaten für 2 Personen", "Ingredients for 4 people", "Ingredients (serves 4)": the yield a heading names. */
const HEADING_YIELD =
  /\b(?:für|for|serves|makes|pour|para|per|voor)\s+(\d+)\b|\((\d+)\s*(?:servings|portionen|personen|people)?\)/iu;

/** The lines of pasted text: spaces tidied, markdown and emoji marks plain, page footers and hashtags left out. */
function pastedLines(text: string): string[] {
  return repairMojibake(text)
    .split(/\r\n?|\n/u)
    .map((line) => withoutEmojiMarks(plainLine(line.replace(/\s+/gu, ' ').trim())))
    .filter((line) => !PAGE_FOOTER.test(line) && !HASHTAGS.test(line));
}

function headingYield(line: string): string | null {
  const found = HEADING_YIELD.exec(line);
  return found ? (found[1] ?? found[2]!) : null;
}

/** The title of the first line: "✨ Brownies ✨" → "Brownies". */
function titleOf(line: string): string {
  return headingOf(line).replace(BULLET, '').replace(EMOJI_AT_END, '');
}

/**
 * The part a heading line opens, in the words of the page's headings (`section-headings.ts`):
 * "Ingredients", "Zutaten", "Ingrédients", "INGREDIENTES"; "Method", "Préparation", "Procedimento",
 * "Bereiding"; "Notes", "Tipps", "Consigli", "Nutrition" (what follows the recipe). A short line
 * that ends no sentence.
 */
function headingPart(line: string): 'ingredients' | 'instructions' | 'notes' | null {
  const text = headingOf(line);
  if (text.split(/\s+/u).length > 5 || /[.!?]$/u.test(text)) return null;
  const role = headingRole(text);
  return role === 'after' ? 'notes' : role;
}

/** "Page 12 of 48 The Autumn Table", "Seite 3", "— 12 —", a lone "12": a page's footer in copied text. */
const PAGE_FOOTER =
  /^(?:(?:page|seite|p\.)\s*\d+\s*(?:(?:of|von|\/)\s*\d+\b.*)?|[—–-]\s*\d+\s*[—–-]|\d{1,4})$/iu;
/** The end of an ingredient line that goes on at the next: a comma, "and", "1-inch" (before its noun). */
const UNFINISHED = /(?:[,(-]|\b(?:and|or|with|into|in|of|to|for|und|oder|mit|für)|\d-\p{L}+)$/iu;

/**
 * Whether `line` goes on with the ingredient line before it, broken by a hard line break ("1 large
 * red pepper, seeded and" / "cut into cubes"): it starts in lower case, with no amount or bullet,
 * and the line before broke off unfinished (a "salt" after a whole line is an ingredient).
 */
function continuesIngredient(previous: string, line: string): boolean {
  if (!/^\p{Ll}/u.test(line) || startsWithNumber(line)) return false;
  const open = (previous.match(/\(/gu) ?? []).length > (previous.match(/\)/gu) ?? []).length;
  return open || UNFINISHED.test(previous);
}

/** "Olive oil - 6 tbsp", "Flour: 200 g", "Shallot - 1, minced": a name, then its amount (and a note). */
const NAME_THEN_AMOUNT = /^(\p{L}[^\d:]{0,40}?)\s*(?::|\s[-–—])\s*(\d\S*(?:\s+[^\s,]+){0,2})\s*(,.*)?$/u;

/**
 * The lines, those written name first in a run of three or more ("Olive oil - 6 tbsp" / "Flour:
 * 200 g" / …, an ingredient list without a heading) with their amount put first ("6 tbsp Olive
 * oil"), as the ingredient reader reads them. Fewer in a row are left as they are ("Oven: 180 °C"),
 * and so are times ("Kochzeit: 10 Min.").
 */
function amountsFirst(lines: readonly string[]): string[] {
  // "Arbeitszeit: 15 Min." is a time, no ingredient.
  const nameFirst = lines.map((line) => (factsOfLine(line, false) ? null : NAME_THEN_AMOUNT.exec(line)));
  return lines.map((line, i) => {
    const run = (j: number): boolean => nameFirst[j] != null;
    const inRun =
      run(i) && ((run(i - 1) && run(i - 2)) || (run(i - 1) && run(i + 1)) || (run(i + 1) && run(i + 2)));
    const [, name, amount, note] = nameFirst[i] ?? [];
    return inRun ? `${amount} ${name}${note ?? ''}` : line;
  });
}

function looksLikeIngredient(line: string): boolean {
  if (BULLET.test(line)) return true;
  if (NUMBERED.test(line)) return false;
  if (startsWithNumber(line)) return true;
  return unitAtStart(line) !== null && line.split(/\s+/u).length <= 8;
}

export function readRecipeText(text: string): DraftReading {
  const lines = pastedLines(text);
  const recipe = emptyRecipe();
  const first = lines.findIndex((line) => line !== '');
  recipe.title = first === -1 ? null : titleOf(lines[first]!);
  type Part = 'description' | 'ingredients' | 'instructions' | 'notes';
  let part: Part = 'description';
  const description: string[] = [];
  const groups: FoundGroup[] = [{ name: null, lines: [] }];
  const sections: FoundSection[] = [{ name: null, steps: [] }];
  const paragraph: string[] = [];
  const endParagraph = (): void => {
    sections[sections.length - 1]!.steps.push(...stepsOfParagraph(paragraph));
    paragraph.length = 0;
  };
  const body = amountsFirst(lines.slice(first + 1));
  // "DOUGH", "BAKE AND ICE": a line in capitals heads a group or a section when the lines around are
  // not written in capitals, and lines of its part follow it (the last line of a part is no heading).
  const ordinary = mostlyNotCapitals(body.filter((line) => line !== '' && headingPart(line) === null));
  const capitalsAt = (i: number): string | null => {
    // The next line that is not blank, looked for in place: a copy of the rest of the text for
    // every line made a long paste cost the square of its length (64 KiB of "-" lines: 30 s).
    let next = i + 1;
    while (next < body.length && body[next] === '') next++;
    return next === body.length || headingPart(body[next]!) !== null
      ? null
      : capitalsHeading(body[i]!, ordinary);
  };
  for (const [i, line] of body.entries()) {
    if (line === '') {
      endParagraph();
      if (part === 'description' && description.length > 0) description.push('');
      continue;
    }
    const heading = headingPart(line);
    if (heading !== null) {
      endParagraph();
      part = heading;
      const yields = heading === 'ingredients' ? headingYield(line) : null;
      if (yields !== null && recipe.yields.length === 0) recipe.yields = [yields];
      continue;
    }
    const facts = factsOfLine(line, part === 'instructions');
    if (facts) {
      if (facts.yields && recipe.yields.length === 0) recipe.yields = [facts.yields];
      if (facts.prepTime) recipe.prepTime ??= facts.prepTime;
      if (facts.cookTime) recipe.cookTime ??= facts.cookTime;
      continue;
    }
    const servings = YIELD.exec(line);
    if (servings && recipe.yields.length === 0 && part !== 'instructions') {
      recipe.yields = [servings[1] ?? servings[2]!];
      continue;
    }
    const prep = PREP.exec(line);
    const cook = COOK.exec(line);
    if ((prep || cook) && part !== 'instructions') {
      if (prep) recipe.prepTime = prep[1]!;
      if (cook) recipe.cookTime = cook[1]!;
      continue;
    }
    // Without headings, the first line shaped like an ingredient starts the ingredients, the first numbered line the steps.
    // "5 from 3 votes", "1x2x3x": a recipe card's rating and multipliers, no ingredients.
    if (isNoIngredient(line) && part !== 'instructions') {
      if (part === 'description') description.push(line);
      continue;
    }
    if (part === 'description' && looksLikeIngredient(line)) part = 'ingredients';
    if ((part === 'description' || part === 'ingredients') && (NUMBERED.test(line) || isStepNumber(line))) {
      part = 'instructions';
    }
    if (part === 'description') description.push(line);
    else if (part === 'ingredients') {
      const heading = isMarkedHeading(line)
        ? headingOf(line)
        : (groupHeading(headingOf(line) + (line.endsWith(':') ? ':' : '')) ?? capitalsAt(i));
      const list = groups[groups.length - 1]!.lines;
      const previous = list[list.length - 1];
      if (previous !== undefined && continuesIngredient(previous, line))
        list[list.length - 1] = `${previous} ${line}`;
      else if (heading !== null && !BULLET.test(line)) groups.push({ name: heading, lines: [] });
      else list.push(line.replace(BULLET, ''));
    } else if (part === 'instructions') {
      // A numbered step starts a paragraph: the lines after it, up to the next number, go on with it.
      if (NUMBERED.test(line) || isStepNumber(line)) {
        endParagraph();
        paragraph.push(line);
      } else if (BULLET.test(line)) {
        endParagraph();
        sections[sections.length - 1]!.steps.push(...splitInstructions([line.replace(BULLET, '')]));
      } else if (
        isMarkedHeading(line) ||
        (groupHeading(line) !== null && line.endsWith(':')) ||
        capitalsAt(i) !== null
      ) {
        endParagraph();
        sections.push({ name: headingOf(line), steps: [] });
      } else paragraph.push(line);
    }
  }
  endParagraph();
  recipe.description = description.join('\n').trim() || null;
  recipe.ingredientGroups = groups.filter((g) => g.lines.length > 0);
  recipe.instructionSections = sections.filter((s) => s.steps.length > 0);
  return assembleDraft(recipe, {
    sourceUrl: null,
    sourceName: null,
    decimalComma: /\d,\d/u.test(text) && !/\d\.\d/u.test(text),
    photoUrl: null,
    fallbackTitle: 'Recipe',
  });
}
