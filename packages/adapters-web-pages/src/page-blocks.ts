import type { PageBlock } from '@larder/domain';
import type { AnyNode, Element } from 'domhandler';
import { BLOCK_TAGS, collapse, INVISIBLE_TAGS, isElement, textOf } from './dom-text.js';

/** Page furniture, never the recipe. */
const CHROME_TAGS = new Set(['nav', 'aside', 'form', 'dialog', 'menu']);
/** A page's own banner and foot; inside an article or main they are the article's own and stay. */
const BANNER_TAGS = new Set(['header', 'footer']);
const CONTENT_TAGS = new Set(['article', 'main']);

/**
 * Class and id words that mark furniture: comments, sidebars, share buttons, related posts,
 * newsletters, cookie banners, ads, menus. A word matches whole, between dashes or underscores.
 */
const CHROME_WORD =
  /(?:^|[-_])(?:comments?|commentlist|respond|sidebar|share|sharing|social|related|newsletter|subscribe|breadcrumbs?|cookies?|consent|advert|advertisement|adsbygoogle|popup|modal|navbar|navigation|menu|skip)(?:$|[-_])/iu;

function isChrome(el: Element, insideContent: boolean): boolean {
  if (INVISIBLE_TAGS.has(el.name) || CHROME_TAGS.has(el.name)) return true;
  if (BANNER_TAGS.has(el.name) && !insideContent) return true;
  const a = el.attribs;
  if (a['hidden'] !== undefined || a['aria-hidden'] === 'true' || a['role'] === 'navigation') return true;
  if (/display\s*:\s*none/iu.test(a['style'] ?? '')) return true;
  for (const word of `${a['class'] ?? ''} ${a['id'] ?? ''}`.split(/\s+/u)) {
    if (word !== '' && CHROME_WORD.test(word)) return true;
  }
  return false;
}

/** Text split into lines at `<br>` and at nested blocks, each line collapsed, empty lines dropped. */
class Lines {
  private lines: string[] = [];
  private current: string[] = [];

  add(text: string): void {
    this.current.push(text);
  }

  breakLine(): void {
    const line = collapse(this.current.join(''));
    if (line !== '') this.lines.push(line);
    this.current = [];
  }

  take(): string[] {
    this.breakLine();
    const lines = this.lines;
    this.lines = [];
    return lines;
  }
}

/** Walks the main content in document order, turning it into headings, lists and paragraphs. */
class BlockWriter {
  readonly blocks: PageBlock[] = [];
  private readonly loose = new Lines();

  private flush(): void {
    const lines = this.loose.take();
    if (lines.length > 0) this.blocks.push({ kind: 'paragraph', text: lines.join(' '), lines });
  }

  visit(node: AnyNode, insideContent: boolean): void {
    if (node.type === 'text') {
      this.loose.add(node.data);
      return;
    }
    if (!isElement(node) || isChrome(node, insideContent)) return;
    const name = node.name;
    if (name === 'br') return this.loose.breakLine();
    if (!BLOCK_TAGS.has(name)) {
      for (const child of node.children) this.visit(child, insideContent);
      return;
    }
    this.flush();
    if (/^h[1-6]$/u.test(name)) {
      const text = textOf(node);
      if (text !== '') this.blocks.push({ kind: 'heading', level: Number(name[1]), text });
    } else if (name === 'ul' || name === 'ol') {
      const items = listItems(node, insideContent);
      if (items.length > 0) this.blocks.push({ kind: 'list', ordered: name === 'ol', items });
    } else if (name === 'table') {
      const rows = tableRows(node, insideContent);
      if (rows.length > 0) this.blocks.push({ kind: 'list', ordered: false, items: rows });
    } else {
      const inside = insideContent || CONTENT_TAGS.has(name);
      for (const child of node.children) this.visit(child, inside);
    }
    this.flush();
  }

  finish(): PageBlock[] {
    this.flush();
    return this.blocks;
  }
}

/** The items of a list, nested lists flattened after their parent item. */
function listItems(list: Element, insideContent: boolean): string[] {
  const items: string[] = [];
  const visitItem = (li: Element): void => {
    const own = new Lines();
    const nested: Element[] = [];
    const walk = (node: AnyNode): void => {
      if (node.type === 'text') return own.add(node.data);
      if (!isElement(node) || isChrome(node, insideContent)) return;
      if (node.name === 'ul' || node.name === 'ol') return void nested.push(node);
      if (BLOCK_TAGS.has(node.name)) own.add(' ');
      for (const child of node.children) walk(child);
      if (BLOCK_TAGS.has(node.name)) own.add(' ');
    };
    for (const child of li.children) walk(child);
    const text = own.take().join(' ');
    if (text !== '') items.push(text);
    for (const inner of nested) items.push(...listItems(inner, insideContent));
  };
  const walkList = (node: AnyNode): void => {
    if (!isElement(node) || isChrome(node, insideContent)) return;
    if (node.name === 'li') return visitItem(node);
    // Sloppy markup puts items inside wrappers (or leaves the <li> out): look through them.
    for (const child of node.children) walkList(child);
  };
  for (const child of list.children) walkList(child);
  return items;
}

/** The rows of a table, cells joined by a space ("200 g" + "flour" → "200 g flour"). */
function tableRows(table: Element, insideContent: boolean): string[] {
  const rows: string[] = [];
  const walk = (node: AnyNode): void => {
    if (!isElement(node) || isChrome(node, insideContent)) return;
    if (node.name === 'tr') {
      const row = collapse(node.children.map((cell) => (isElement(cell) ? textOf(cell) : '')).join(' '));
      if (row !== '') rows.push(row);
      return;
    }
    for (const child of node.children) walk(child);
  };
  walk(table);
  return rows;
}

function findAll(root: AnyNode, test: (el: Element) => boolean, found: Element[] = []): Element[] {
  if (!isElement(root) && root.type !== 'root') return found;
  if (isElement(root) && test(root)) found.push(root);
  for (const child of (root as Element).children) findAll(child, test, found);
  return found;
}

/** How much of the page's text a `<main>` or `<article>` must hold to be taken for the page's content. */
const MAIN_SHARE = 0.3;

/**
 * Where the page's own content is: its one `<main>` (or `role=main`), else its one `<article>`,
 * else the whole body. Several articles usually mean teasers for other posts, so none is chosen;
 * nor is a main or article holding little of the page's text (themes leave empty ones about).
 */
function mainContent(body: AnyNode): AnyNode {
  const total = textOf(body).length;
  const holdsContent = (el: Element): boolean => textOf(el).length >= total * MAIN_SHARE;
  const mains = findAll(body, (el) => el.name === 'main' || el.attribs['role'] === 'main');
  if (mains.length === 1 && holdsContent(mains[0]!)) return mains[0]!;
  const articles = findAll(body, (el) => el.name === 'article');
  if (articles.length === 1 && holdsContent(articles[0]!)) return articles[0]!;
  return body;
}

/** The visible structure of the page's main content: headings, lists and paragraphs in order. */
export function pageBlocks(body: AnyNode): PageBlock[] {
  const root = mainContent(body);
  const writer = new BlockWriter();
  const insideContent = isElement(root) && (CONTENT_TAGS.has(root.name) || root.attribs['role'] === 'main');
  if (isElement(root) || root.type === 'root') {
    for (const child of (root as Element).children) writer.visit(child, insideContent);
  }
  return writer.finish();
}
