import type { AnyNode, Element } from 'domhandler';

/** Elements that end a line of text: their edges count as whitespace between words. */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/** Elements whose content is never text a reader sees. */
export const INVISIBLE_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'select',
  'textarea',
  'button',
  'head',
]);

export function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** Trims and collapses every run of whitespace (non-breaking spaces included) to one space. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * What a number field shows: its value, as text (`<input type="number" value="12"> Portionen`, a
 * recipe's servings as the member may change them). Other fields show nothing a recipe needs.
 */
export function shownValue(node: AnyNode): string | null {
  if (!isElement(node) || node.name !== 'input' || node.attribs['type']?.toLowerCase() !== 'number')
    return null;
  const value = node.attribs['value']?.trim() ?? '';
  return value === '' ? null : ` ${value} `;
}

function appendText(node: AnyNode, out: string[]): void {
  if (node.type === 'text') {
    out.push(node.data);
    return;
  }
  const value = shownValue(node);
  if (value !== null) return void out.push(value);
  if (!isElement(node) || INVISIBLE_TAGS.has(node.name)) return;
  const block = BLOCK_TAGS.has(node.name);
  if (block) out.push(' ');
  for (const child of node.children) appendText(child, out);
  if (block) out.push(' ');
}

/** The visible text of a node, words kept apart where blocks meet, whitespace collapsed. */
export function textOf(node: AnyNode): string {
  const out: string[] = [];
  appendText(node, out);
  return collapse(out.join(''));
}

/** The visible text of a node as lines: split at `<br>` and where blocks meet, each collapsed, empty ones dropped. */
export function textLinesOf(node: AnyNode): string[] {
  const out: string[] = [];
  const visit = (at: AnyNode): void => {
    if (at.type === 'text') return void out.push(at.data.replaceAll('\n', ' '));
    const value = shownValue(at);
    if (value !== null) return void out.push(value);
    if (!isElement(at) || INVISIBLE_TAGS.has(at.name)) return;
    const block = BLOCK_TAGS.has(at.name);
    if (block) out.push('\n');
    for (const child of at.children) visit(child);
    if (block) out.push('\n');
  };
  visit(node);
  return out
    .join('')
    .split('\n')
    .map(collapse)
    .filter((line) => line !== '');
}

/** `href` made absolute against the page; null for an address that cannot be made sense of. */
export function absoluteUrl(href: string | undefined, base: string): string | null {
  if (href === undefined) return null;
  const trimmed = href.trim();
  if (trimmed === '') return null;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return null;
  }
}
