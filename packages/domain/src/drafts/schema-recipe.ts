import type { FoundGroup, FoundImage, FoundRecipe, FoundSection } from './found-recipe.js';
import { plainText, textLines } from './html-text.js';
import {
  hasType,
  isNode,
  jsonLdGraph,
  resolve,
  typesOf,
  type JsonLdGraph,
  type JsonNode,
} from './json-ld.js';
import { capitalsHeading, groupHeading, mostlyNotCapitals } from './group-heading.js';
import { stepsOfParagraph, stepsOfText, withoutNumbering } from './instruction-text.js';

/** A value as a list: schema.org allows one value or many for every property. */
function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The plain texts a property holds: strings (HTML stripped), numbers, and the text of nested nodes. */
function texts(value: unknown, graph: JsonLdGraph): string[] {
  const out: string[] = [];
  for (const item of list(value)) {
    const node = resolve(item, graph);
    if (typeof node === 'string') out.push(plainText(node));
    else if (typeof node === 'number') out.push(String(node));
    else if (isNode(node)) {
      const inner = node['@value'] ?? node['name'] ?? node['text'];
      if (typeof inner === 'string' || typeof inner === 'number') out.push(plainText(String(inner)));
    }
  }
  return out.filter((text) => text !== '');
}

function firstText(value: unknown, graph: JsonLdGraph): string | null {
  return texts(value, graph)[0] ?? null;
}

/** A comma list or a list of strings ("dinner, easy", ["Dinner", "Easy"]) as separate words. */
function commaList(value: unknown, graph: JsonLdGraph): string[] {
  return texts(value, graph)
    .flatMap((text) => text.split(/\s*[,;]\s*/u))
    .map((text) => text.trim())
    .filter((text) => text !== '');
}

/** Ingredient lines, grouped by HowToSections and by heading lines such as "For the sauce:". */
function ingredientGroups(value: unknown, graph: JsonLdGraph): FoundGroup[] {
  const groups: FoundGroup[] = [];
  let current: FoundGroup = { name: null, lines: [] };
  const open = (name: string | null): void => {
    if (current.lines.length > 0 || current.name !== null) groups.push(current);
    current = { name, lines: [] };
  };
  const items = list(value);
  const ordinary = mostlyNotCapitals(items.filter((item): item is string => typeof item === 'string'));
  const isLast = (item: unknown): boolean => items[items.length - 1] === item;
  for (const item of items) {
    const node = resolve(item, graph);
    if (isNode(node) && (hasType(node, 'HowToSection') || node['itemListElement'] !== undefined)) {
      open(firstText(node['name'], graph));
      for (const line of texts(node['itemListElement'], graph)) current.lines.push(line);
      open(null);
      continue;
    }
    const lines = typeof node === 'string' ? textLines(node) : texts(node, graph);
    for (const line of lines) {
      const heading = groupHeading(line) ?? (isLast(item) ? null : capitalsHeading(line, ordinary));
      if (heading !== null) open(heading);
      else current.lines.push(line);
    }
  }
  open(null);
  return groups.filter((g) => g.lines.length > 0);
}

/** A step's name that only numbers it ("Step 3", "6.", "Etape 2", "gazpacho step 5"). */
const NUMBERING_NAME =
  /^(?:\d{1,2}[.):]?|.*\b(?:step|schritt|étape|etape|stap|paso|passo)\s*\d{1,2}\s*[.:]?)$/iu;

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The texts of the directions and tips a step lists (HowToDirection, HowToTip): each one's text, else its name. */
function directions(value: unknown, graph: JsonLdGraph): string[] {
  return list(value)
    .flatMap((item) => {
      const node = resolve(item, graph);
      if (typeof node === 'string') return [plainText(node)];
      if (!isNode(node)) return [];
      return texts(node['text'] ?? node['description'] ?? node['name'], graph);
    })
    .filter((text) => text !== '');
}

/**
 * A step node's name when it titles the step ("Blister the tomatoes", "Day 1 (Morning):"): not
 * its text again (sites often repeat the start of the text as the name), not a number.
 */
function stepTitle(node: JsonNode, text: string, graph: JsonLdGraph): string | null {
  const name = firstText(node['name'], graph);
  if (name === null || NUMBERING_NAME.test(name.trim())) return null;
  const [a, b] = [comparable(name), comparable(text)];
  return a === '' || b.startsWith(a) || a.startsWith(b) ? null : name;
}

/**
 * The texts of one step node: its text (else its description, else the texts of the directions
 * and tips it lists), after its name when the name titles it; else its name alone.
 */
function stepText(node: JsonNode, graph: JsonLdGraph): string[] {
  for (const key of ['text', 'description', 'itemListElement']) {
    const value = node[key];
    // Its lines kept apart for now: a single step may hold every step, one a line.
    const text = typeof value === 'string' ? textLines(value).join('\n') : directions(value, graph).join(' ');
    if (text === '') continue;
    const title = stepTitle(node, text, graph);
    return title === null ? [text] : [title, text];
  }
  return texts(node['name'], graph);
}

/** Steps in sections: HowToSections, HowToSteps, ItemLists, strings, as pages nest them. */
function instructionSections(value: unknown, graph: JsonLdGraph): FoundSection[] {
  const sections: FoundSection[] = [];
  let current: FoundSection = { name: null, steps: [] };
  const close = (): void => {
    if (current.steps.length > 0) sections.push(current);
  };
  const visit = (item: unknown, depth: number, oneOfMany = false): void => {
    if (depth > MOST_NESTED_LISTS) return;
    const node = resolve(item, graph);
    if (typeof node === 'string' && oneOfMany) {
      // One of a list of strings is one step, as a HowToStep's text is, its lines joined.
      current.steps.push(...stepsOfText([textLines(node).join(' ')]));
    } else if (typeof node === 'string') {
      // "…for a couple of hours.When ready…": paragraphs whose markup was stripped run together.
      current.steps.push(...stepsOfText(textLines(node.replace(/([.!?])(?=\p{Lu}\p{Ll})/gu, '$1\n'))));
    } else if (Array.isArray(node)) {
      const many = node.filter((inner) => typeof resolve(inner, graph) === 'string').length >= 2;
      for (const inner of node) visit(inner, depth + 1, many);
    } else if (isNode(node)) {
      const children = node['itemListElement'] ?? node['steps'];
      if (hasType(node, 'HowToSection') && children !== undefined) {
        close();
        current = { name: firstText(node['name'], graph), steps: [] };
        for (const inner of list(children)) visit(inner, depth + 1);
        close();
        current = { name: null, steps: [] };
      } else if (
        hasType(node, 'ListItem') &&
        node['text'] === undefined &&
        isNode(resolve(node['item'], graph))
      ) {
        // A ListItem wrapping its step: {"@type": "ListItem", "item": {"@type": "HowToStep", …}}.
        visit(node['item'], depth + 1);
      } else if (children !== undefined && !hasType(node, 'HowToStep')) {
        for (const inner of list(children)) visit(inner, depth + 1);
      } else {
        current.steps.push(...stepText(node, graph));
      }
    }
  };
  visit(value, 0);
  close();
  // One step holding every step ("1. Heat the oven. 2. …", or one a line) is split into its steps.
  if (sections.length === 1 && sections[0]!.steps.length === 1) {
    sections[0]!.steps = stepsOfParagraph(sections[0]!.steps[0]!.split('\n'));
  }
  // "1. Heat the oil", "Step 2 - Pour …": the number a step's text repeats is taken off.
  return sections.map((s) => ({
    ...s,
    steps: s.steps.map((step) => withoutNumbering(step.replace(/\n/gu, ' '))),
  }));
}

function dimension(value: unknown): number | null {
  const raw = isNode(value) ? value['value'] : value;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseFloat(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Lists inside lists deeper than this hold no recipe's values (a page nesting thousands deep would exhaust the stack). */
const MOST_NESTED_LISTS = 8;

function images(value: unknown, graph: JsonLdGraph, depth = 0): FoundImage[] {
  const out: FoundImage[] = [];
  for (const item of list(value)) {
    const node = resolve(item, graph);
    if (typeof node === 'string' && node.trim() !== '')
      out.push({ url: node.trim(), width: null, height: null });
    else if (Array.isArray(node)) {
      if (depth < MOST_NESTED_LISTS) out.push(...images(node, graph, depth + 1));
    } else if (isNode(node)) {
      const url = [node['url'], node['contentUrl'], node['@id']].find(
        (u) => typeof u === 'string' && u.trim() !== '',
      );
      if (typeof url === 'string')
        out.push({ url: url.trim(), width: dimension(node['width']), height: dimension(node['height']) });
    }
  }
  return out;
}

function publisherName(node: JsonNode, graph: JsonLdGraph): string | null {
  for (const item of list(node['publisher'])) {
    const publisher = resolve(item, graph);
    if (typeof publisher === 'string' && publisher.trim() !== '') return plainText(publisher);
    if (isNode(publisher)) {
      const name = firstText(publisher['name'], graph);
      if (name) return name;
    }
  }
  return null;
}

/** A schema.org Recipe node (from JSON-LD or microdata) as a FoundRecipe. */
export function recipeFromNode(node: JsonNode, graph: JsonLdGraph): FoundRecipe {
  return {
    title: firstText(node['name'], graph) ?? firstText(node['headline'], graph),
    description: firstText(node['description'], graph),
    yields: texts(node['recipeYield'] ?? node['yield'], graph),
    prepTime: firstText(node['prepTime'], graph),
    cookTime: firstText(node['cookTime'], graph),
    totalTime: firstText(node['totalTime'], graph),
    ingredientGroups: ingredientGroups(ingredientsOf(node), graph),
    instructionSections: instructionSections(node['recipeInstructions'], graph),
    images: images(node['image'] ?? node['thumbnailUrl'], graph),
    keywords: commaList(node['keywords'], graph),
    categories: commaList(node['recipeCategory'], graph),
    cuisines: commaList(node['recipeCuisine'], graph),
    publisherName: publisherName(node, graph),
  };
}

/**
 * The ingredient list: `recipeIngredient`, or the older `ingredients`, whichever lists more
 * (pages that give both often squeeze one of them into a single string).
 */
function ingredientsOf(node: JsonNode): unknown[] {
  const current = list(node['recipeIngredient']);
  const older = list(node['ingredients']);
  return older.length > current.length ? older : current;
}

function ingredientCount(node: JsonNode): number {
  return ingredientsOf(node).length;
}

/**
 * The page's recipe in JSON-LD: of every node typed Recipe (at the top, in `@graph`, in arrays,
 * in a WebPage's `mainEntity`, …) the one with the most ingredients; its publisher, when it names
 * none, is any publisher the page's JSON-LD names. Null when there is no recipe.
 */
export function recipeFromJsonLd(raws: readonly string[]): FoundRecipe | null {
  const graph = jsonLdGraph(raws);
  let best: JsonNode | null = null;
  for (const node of graph.nodes) {
    if (!typesOf(node).some((t) => t.toLowerCase() === 'recipe')) continue;
    if (best === null || ingredientCount(node) > ingredientCount(best)) best = node;
  }
  if (best === null) return null;
  const recipe = recipeFromNode(best, graph);
  for (const node of graph.nodes) {
    if (recipe.publisherName !== null) break;
    if (node['publisher'] !== undefined) recipe.publisherName = publisherName(node, graph);
  }
  return recipe;
}
