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

/**
 * How deep the page's tags nest, read from its text in one pass before any parse: each start tag
 * of an element that holds others goes one deeper, each end tag one back. Stops counting as soon
 * as it passes `most`.
 */
export function nestingOfHtml(html: string, most = MOST_NESTING): number {
  let depth = 0;
  let deepest = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    const name = match[2]?.toLowerCase();
    if (name === undefined) continue;
    if (match[1] === '/') {
      if (depth > 0) depth--;
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const end = new RegExp(`</${name}`, 'gi');
      end.lastIndex = TAG.lastIndex;
      TAG.lastIndex = end.exec(html)?.index ?? html.length;
    }
    if (VOID.has(name) || OPTIONAL_END.has(name) || match[3] === '/' || RAW_TEXT.has(name)) continue;
    depth++;
    if (depth > deepest) deepest = depth;
    if (deepest > most) break;
  }
  return deepest;
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
