import type { AnyNode } from 'domhandler';

/**
 * How deep a page's elements may nest. Real pages nest a few dozen deep, the deepest recipe pages
 * seen about 60; a page nested thousands deep is an attack on the parser (htmlparser2 takes time
 * that grows with the square of the depth: 50,000 deep, a second) and on every walk over the page.
 */
export const MOST_NESTING = 1000;

/** Elements that never hold others (they have no end tag). */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose end tag may be left out: the next of their kind ends them, so they do not pile up. */
const OPTIONAL_END = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
  'rb',
  'rt',
  'rtc',
  'rp',
]);

/** Elements whose content is text up to their end tag, never elements. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][^\s/>]*)[^>]*?(\/?)>/g;

/** The most elements a page may hold: the busiest recipe pages seen hold about 5,400. */
export const MOST_ELEMENTS = 50_000;

/**
 * The most work end tags that close nothing may cost the parser: it looks for each through every
 * element still open (depth × such tags). Real pages have a handful.
 */
export const MOST_STRAY_WORK = 2_000_000;

/** What a page's text says of its shape, read in one pass before any parse. */
export interface HtmlShape {
  /** How deep its elements nest. */
  deepest: number;
  /** How many elements it has. */
  elements: number;
  /** Depth × end tags that close nothing (the parser's search for each). */
  strayWork: number;
}

/**
 * The shape of a page read from its text, as htmlparser2 will build it: each start tag of an
 * element that holds others goes one deeper; an end tag closes its element (and those opened
 * inside it) when one of that name is open, and nothing otherwise. Stops reading as soon as a
 * limit is passed. Linear in the page: open elements are counted by name, so a stray end tag is
 * known for one without searching; and only the text up to the page's last `>` is read, where every
 * `<` and a letter is a tag that ends at the next `>` (its name and attributes take in anything
 * else), so that no tag is looked for in vain. Past the last `>` no tag ends: a start tried there
 * would read on to the end and fail, again from the next `<` ("<a" repeated 10,000 times took minutes).
 */
export function shapeOfHtml(
  html: string,
  most = { nesting: MOST_NESTING, elements: MOST_ELEMENTS, strayWork: MOST_STRAY_WORK },
): HtmlShape {
  const open: string[] = [];
  const openByName = new Map<string, number>();
  const shape: HtmlShape = { deepest: 0, elements: 0, strayWork: 0 };
  const tags = html.slice(0, html.lastIndexOf('>') + 1);
  TAG.lastIndex = 0;
  for (let match = TAG.exec(tags); match !== null; match = TAG.exec(tags)) {
    const name = match[2]?.toLowerCase();
    if (name === undefined) continue;
    if (match[1] === '/') {
      if ((openByName.get(name) ?? 0) === 0) {
        shape.strayWork += open.length;
        if (shape.strayWork > most.strayWork) break;
        continue;
      }
      for (let closed = open.pop(); closed !== undefined; closed = open.pop()) {
        openByName.set(closed, (openByName.get(closed) ?? 1) - 1);
        if (closed === name) break;
      }
      continue;
    }
    shape.elements++;
    if (shape.elements > most.elements) break;
    if (RAW_TEXT.has(name)) {
      const end = new RegExp(`</${name}`, 'gi');
      end.lastIndex = TAG.lastIndex;
      TAG.lastIndex = end.exec(tags)?.index ?? tags.length;
      continue;
    }
    if (VOID.has(name) || OPTIONAL_END.has(name) || match[3] === '/') continue;
    open.push(name);
    openByName.set(name, (openByName.get(name) ?? 0) + 1);
    if (open.length > shape.deepest) shape.deepest = open.length;
    if (shape.deepest > most.nesting) break;
  }
  return shape;
}

/** Whether a page of this shape is past any limit (and so no page to parse). */
export function pastLimits(shape: HtmlShape): boolean {
  return shape.deepest > MOST_NESTING || shape.elements > MOST_ELEMENTS || shape.strayWork > MOST_STRAY_WORK;
}

/** How deep the parsed page's elements nest (walked without recursion). */
export function depthOf(root: AnyNode): number {
  let deepest = 0;
  const pending: Array<[AnyNode, number]> = [[root, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > deepest) deepest = depth;
    if ('children' in node) for (const child of node.children) pending.push([child, depth + 1]);
  }
  return deepest;
}
