import type { MicrodataItem } from '@larder/domain';
import type { AnyNode, Element } from 'domhandler';
import { absoluteUrl, collapse, isElement, textLinesOf, textOf } from './dom-text.js';

const SRC_TAGS = new Set(['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video']);
const HREF_TAGS = new Set(['a', 'area', 'link']);
/** Items nest; a page that nests deeper than this is not describing a recipe. */
const MAX_DEPTH = 16;

function words(value: string | undefined): string[] {
  return (value ?? '').split(/\s+/u).filter((w) => w !== '');
}

/**
 * A property's value as the microdata standard reads it, plus one habit of recipe sites: a
 * `content` attribute on any element ("<span itemprop=recipeYield content=4>") wins over its text.
 */
function valueOf(el: Element, base: string): string {
  const a = el.attribs;
  if (a['content'] !== undefined) return collapse(a['content']);
  if (SRC_TAGS.has(el.name)) return absoluteUrl(a['src'], base) ?? '';
  if (HREF_TAGS.has(el.name)) return absoluteUrl(a['href'], base) ?? '';
  if (el.name === 'object') return absoluteUrl(a['data'], base) ?? '';
  if ((el.name === 'data' || el.name === 'meter') && a['value'] !== undefined) return collapse(a['value']);
  if (el.name === 'time' && a['datetime'] !== undefined) return collapse(a['datetime']);
  return textOf(el);
}

/**
 * Properties whose element often holds a whole list ("<div itemprop=recipeInstructions><ol>…"):
 * each item or paragraph is a value of its own, as the steps or lines they are.
 */
const LISTED = new Set(['recipeInstructions', 'recipeIngredient', 'ingredients', 'step']);

/** The texts of the `<li>`s (or, without any, the `<p>`s) inside `el`; empty when it has fewer than two. */
function listedTexts(el: Element): string[] {
  for (const tag of ['li', 'p']) {
    const found: string[] = [];
    const visit = (node: AnyNode): void => {
      if (!isElement(node)) return;
      // The innermost items are the steps: an <li> holding a list gives the items of that list.
      const nested = node.name === tag && !node.children.some((c) => isElement(c) && containsTag(c, tag));
      if (nested) {
        const text = textOf(node);
        if (text !== '') found.push(text);
        return;
      }
      for (const child of node.children) visit(child);
    };
    visit(el);
    if (found.length >= 2) return found;
  }
  return [];
}

function containsTag(el: Element, tag: string): boolean {
  return el.name === tag || el.children.some((c) => isElement(c) && containsTag(c, tag));
}

/** The element that gave each listed property of an item, or 'several' when more than one did. */
type Holders = Map<string, Element | 'several'>;

function readItem(el: Element, base: string, depth: number): MicrodataItem {
  const item: MicrodataItem = { types: words(el.attribs['itemtype']), properties: {} };
  const holders: Holders = new Map();
  for (const child of el.children) collectProperties(child, item, base, depth, holders);
  // A page that gives a listed property once, for the whole list without <li>s or <p>s in it
  // ("<div itemprop=ingredients>1 cup flour<br>2 eggs</div>", a <div> per line), gives its lines;
  // one that repeats it gives a line in each (which may hold blocks: "<dt>40 gr</dt><dd>spek</dd>").
  for (const [name, holder] of holders) {
    if (holder === 'several' || item.properties[name]?.length !== 1) continue;
    const lines = textLinesOf(holder);
    if (lines.length >= 2) item.properties[name] = lines;
  }
  return item;
}

/** Finds `node`'s properties for `item`, not looking inside nested items (their properties are theirs). */
function collectProperties(
  node: AnyNode,
  item: MicrodataItem,
  base: string,
  depth: number,
  holders: Holders,
): void {
  if (!isElement(node)) return;
  const names = words(node.attribs['itemprop']);
  const nested = node.attribs['itemscope'] !== undefined;
  if (names.length > 0) {
    const listed =
      !nested && node.attribs['content'] === undefined && names.some((n) => LISTED.has(n))
        ? listedTexts(node)
        : [];
    const values =
      listed.length > 0
        ? listed
        : [nested && depth < MAX_DEPTH ? readItem(node, base, depth + 1) : valueOf(node, base)];
    for (const name of names) {
      (item.properties[name] ??= []).push(...values);
      if (LISTED.has(name) && !nested && node.attribs['content'] === undefined)
        holders.set(name, holders.has(name) ? 'several' : node);
    }
  }
  if (nested) return;
  for (const child of node.children) collectProperties(child, item, base, depth, holders);
}

/** Every top-level microdata item (`itemscope` without `itemprop`) under `root`, in document order. */
export function microdataItems(root: AnyNode, base: string): MicrodataItem[] {
  const items: MicrodataItem[] = [];
  const visit = (node: AnyNode): void => {
    if (node.type === 'root') return node.children.forEach(visit);
    if (!isElement(node)) return;
    if (node.attribs['itemscope'] !== undefined && node.attribs['itemprop'] === undefined) {
      items.push(readItem(node, base, 0));
    }
    // Items inside items are read as part of them; an item inside a property-less item is top level too.
    for (const child of node.children) visit(child);
  };
  visit(root);
  return items;
}
