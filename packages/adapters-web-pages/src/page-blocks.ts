import type { BlockPart, PageBlock } from '@larder/domain';
import type { AnyNode, Element, ParentNode } from 'domhandler';
import { BLOCK_TAGS, collapse, INVISIBLE_TAGS, isElement, shownValue, textOf } from './dom-text.js';

/** Page furniture, never the recipe. */
const CHROME_TAGS = new Set(['nav', 'form', 'dialog', 'menu']);
/** A page's own banner and foot; inside an article or main they are the article's own and stay. */
const BANNER_TAGS = new Set(['header', 'footer']);
const CONTENT_TAGS = new Set(['article', 'main']);
const HEADING = /^h[1-6]$/u;
const LIST_TAGS = new Set(['ul', 'ol', 'dl']);

/**
 * Class and id words that mark furniture: comments, share buttons, related posts, newsletters,
 * cookie banners, ads, menus. A word matches whole, between dashes or underscores.
 */
const CHROME_WORD =
  /(?:^|[-_])(?:comments?|commentlist|respond|share|sharing|social|related|newsletter|subscribe|breadcrumbs?|cookies?|consent|advert|advertisement|adsbygoogle|popup|modal|navbar|navigation|menu|skip)(?:$|[-_])/iu;
/** Sidebars: furniture for the main content, but some sites put their ingredients in one. */
const SIDEBAR_WORD = /(?:^|[-_])sidebar(?:$|[-_])/iu;
/**
 * Class words that state a flag or a taxonomy rather than name a part ("has-comments",
 * "tweak-share-buttons", "no-sidebar", "category-cookies", "tag-social"): themes put them on the
 * article or the body itself.
 */
const FLAG_WORD =
  /^(?:has|no|not|non|with|without|show|hide|enable|disable|tweak|is|can|allow|category|cat|tag|term|taxonomy|format|type|status)[-_]/iu;

/** Class or id words naming the part of a recipe a block stands in (see BlockPart). */
const INGREDIENTS_WORD = /ingredi|zutat/iu;
const INSTRUCTIONS_WORD = /instruction|direction|method|preparation|zubereitung|(?:^|[-_])steps?(?:$|[-_])/iu;

function classWords(el: Element): string[] {
  return `${el.attribs['class'] ?? ''} ${el.attribs['id'] ?? ''}`
    .split(/\s+/u)
    .filter((word) => word !== '' && !FLAG_WORD.test(word));
}

/** The share of the content's text an element must hold for "sidebar" in its class not to make a sidebar of it. */
const HOLDS_CONTENT = 0.5;

/** "Sidebar" in a class cannot make a sidebar of what holds most of the content ("post-sidebar" layouts). */
function namedSmall(el: Element, ctx: Context): boolean {
  return textOf(el).length <= ctx.contentLength * HOLDS_CONTENT;
}

function isSidebar(el: Element, ctx: Context): boolean {
  if (el.name === 'aside') return true;
  return classWords(el).some((word) => SIDEBAR_WORD.test(word)) && namedSmall(el, ctx);
}

/**
 * A tab that is not shown: one of several tab panes ("US" and "Metric" amounts) that lacks the
 * "active" (or "show") class while a sibling pane has it.
 */
function isHiddenTab(el: Element): boolean {
  const isPane = (node: AnyNode): node is Element =>
    isElement(node) &&
    (node.attribs['role'] === 'tabpanel' || /(?:^|\s)tab-pane(?:\s|$)/u.test(node.attribs['class'] ?? ''));
  const shown = (pane: Element): boolean =>
    /(?:^|\s)(?:active|show)(?:\s|$)/u.test(pane.attribs['class'] ?? '');
  if (!isPane(el) || shown(el)) return false;
  return (el.parent?.children ?? []).some((sibling) => isPane(sibling) && shown(sibling));
}

function isChrome(el: Element, ctx: Context): boolean {
  if (INVISIBLE_TAGS.has(el.name) || CHROME_TAGS.has(el.name)) return true;
  if (BANNER_TAGS.has(el.name) && !ctx.insideContent) return true;
  const a = el.attribs;
  if (a['hidden'] !== undefined || a['aria-hidden'] === 'true' || a['role'] === 'navigation') return true;
  if (/display\s*:\s*none/iu.test(a['style'] ?? '')) return true;
  if (isHiddenTab(el)) return true;
  if (!ctx.sidebars && isSidebar(el, ctx)) return true;
  return classWords(el).some((word) => CHROME_WORD.test(word));
}

function partOf(el: Element): BlockPart | undefined {
  const words = classWords(el);
  if (words.some((word) => INGREDIENTS_WORD.test(word))) return 'ingredients';
  if (words.some((word) => INSTRUCTIONS_WORD.test(word))) return 'instructions';
  return undefined;
}

/** Where the walk stands. */
interface Context {
  /** Inside an article or main: their header and footer are the article's own. */
  insideContent: boolean;
  /** Sidebars are read (the walk over what lies outside the main content). */
  sidebars: boolean;
  /** Blocks met here are written (the outside walk passes over the main content, but not its sidebars). */
  emit: boolean;
  part: BlockPart | undefined;
  /** Inside `<b>` or `<strong>`. */
  bold: boolean;
  /** The length of the text of the content being walked. */
  contentLength: number;
  /** The numbers of the block elements the walk stands in, outermost first. */
  within: number[];
}

interface Line {
  text: string;
  /** All of the line's text is bold. */
  emphasized: boolean;
  /** An empty line (two `<br>` in a row) stands before it: it opens a paragraph. */
  afterGap: boolean;
}

/**
 * Text split into lines at `<br>` and at nested blocks, each line collapsed, empty lines dropped
 * (a line after one opens a paragraph).
 */
class Lines {
  private lines: Line[] = [];
  private current: string[] = [];
  private plain = false;
  private bold = false;
  private gap = false;

  add(text: string, bold = false): void {
    this.current.push(text);
    if (text.trim() !== '') {
      if (bold) this.bold = true;
      else this.plain = true;
    }
  }

  breakLine(): void {
    const text = collapse(this.current.join(''));
    if (text !== '') {
      this.lines.push({ text, emphasized: this.bold && !this.plain, afterGap: this.gap });
      this.gap = false;
    } else if (this.lines.length > 0) this.gap = true;
    this.current = [];
    this.plain = false;
    this.bold = false;
  }

  take(): Line[] {
    this.breakLine();
    const lines = this.lines;
    this.lines = [];
    this.gap = false;
    return lines;
  }
}

/** Tags of the elements a page repeats to make a list without `<ul>` ("<div class=ingredient>" × 12). */
const ROW_TAGS = new Set(['div', 'label', 'section']);
/** A row holding several blocks of text is a line made of parts ("1 db" "patisszon" "(1 kg)"), not an article. */
const ROW_PARTS_MAX = 150;

/** Whether an element reads as one item of a list made of repeated elements; its text when it does. */
function rowText(el: Element): string | null {
  if (!ROW_TAGS.has(el.name)) return null;
  let blocks = 0;
  let sentences = 0;
  let nested = false;
  const scan = (node: AnyNode): void => {
    if (nested || !isElement(node) || INVISIBLE_TAGS.has(node.name)) return;
    if (HEADING.test(node.name) || LIST_TAGS.has(node.name) || node.name === 'table') nested = true;
    else if (BLOCK_TAGS.has(node.name)) {
      blocks++;
      if (/[.!?]$/u.test(textOf(node))) sentences++;
    }
    for (const child of node.children) scan(child);
  };
  for (const child of el.children) scan(child);
  if (nested) return null;
  const text = textOf(el);
  // Parts of a row are fragments ("1 db", "patisszon"); several sentences make a section.
  if (text === '' || (blocks > 1 && (text.length > ROW_PARTS_MAX || sentences > 1))) return null;
  return text;
}

/** Walks the page in document order, turning it into headings, lists and paragraphs. */
class BlockWriter {
  readonly blocks: PageBlock[] = [];
  private readonly loose = new Lines();
  /** Block elements entered so far: each one's number. */
  private elements = 0;

  constructor(private readonly mainRoot: AnyNode | null) {}

  private push(block: PageBlock, ctx: Context): void {
    if (!ctx.emit) return;
    if (ctx.part !== undefined) block.part = ctx.part;
    if (ctx.within.length > 0) block.within = ctx.within;
    this.blocks.push(block);
  }

  /**
   * The loose text so far as paragraphs, parted where an empty line stands (`<br><br>`); a line
   * all in bold stands as a paragraph of its own.
   */
  private flush(ctx: Context): void {
    let lines: string[] = [];
    const paragraph = (): void => {
      if (lines.length > 0) this.push({ kind: 'paragraph', text: lines.join(' '), lines }, ctx);
      lines = [];
    };
    for (const line of this.loose.take()) {
      if (line.afterGap) paragraph();
      if (!line.emphasized) {
        lines.push(line.text);
        continue;
      }
      paragraph();
      this.push({ kind: 'paragraph', text: line.text, lines: [line.text], emphasized: true }, ctx);
    }
    paragraph();
  }

  visit(node: AnyNode, ctx: Context): void {
    if (node.type === 'text') {
      if (ctx.emit) this.loose.add(node.data, ctx.bold);
      return;
    }
    const value = shownValue(node);
    if (value !== null) {
      if (ctx.emit) this.loose.add(value, ctx.bold);
      return;
    }
    if (!isElement(node) || isChrome(node, ctx)) return;
    const name = node.name;
    if (name === 'br') return this.loose.breakLine();
    if (!BLOCK_TAGS.has(name)) {
      const inner = name === 'b' || name === 'strong' ? { ...ctx, bold: true } : ctx;
      for (const child of node.children) this.visit(child, inner);
      return;
    }
    this.flush(ctx);
    const inside: Context = {
      ...ctx,
      within: [...ctx.within, this.elements++],
      insideContent: ctx.insideContent || CONTENT_TAGS.has(name),
      part: partOf(node) ?? ctx.part,
      emit: node === this.mainRoot ? false : ctx.emit || (ctx.sidebars && isSidebar(node, ctx)),
      bold: false,
    };
    if (HEADING.test(name)) {
      const text = textOf(node);
      if (text !== '') this.push({ kind: 'heading', level: Number(name[1]), text }, inside);
    } else if (
      name === 'ul' ||
      name === 'ol' ||
      (name === 'table' && !isLayoutTable(node)) ||
      (name === 'dl' && inside.part !== undefined)
    ) {
      // A definition list is mostly facts ("Author", "Prep time"), read as paragraphs; one the
      // markup names ingredients or steps is a list of them.
      this.visitList(node, inside);
    } else {
      // The terms of a definition list read as paragraphs, not as rows of a list.
      this.visitChildren(node.children, inside, name !== 'dl');
    }
    this.flush(inside);
  }

  /**
   * The children of a block, where a run of two or more elements of one tag and class that each
   * read as a row ("<div class=ingredients__item>" × 12) is a list of their texts.
   */
  private visitChildren(children: AnyNode[], ctx: Context, rows = true): void {
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const run = rows ? this.rowRun(children, i, ctx) : { items: [], end: i + 1 };
      if (run.items.length >= 2) {
        this.flush(ctx);
        const first = child as Element;
        this.push(
          { kind: 'list', ordered: false, items: run.items },
          { ...ctx, part: partOf(first) ?? ctx.part },
        );
        i = run.end - 1;
        continue;
      }
      this.visit(child, ctx);
    }
  }

  /** The rows of the run starting at `start` (whitespace between them passed over), and where it ends. */
  private rowRun(children: AnyNode[], start: number, ctx: Context): { items: string[]; end: number } {
    const first = children[start]!;
    const none = { items: [], end: start + 1 };
    if (!isElement(first) || !ROW_TAGS.has(first.name) || isChrome(first, ctx)) return none;
    const key = `${first.name} ${first.attribs['class'] ?? ''}`;
    const classed = (first.attribs['class'] ?? '').trim() !== '';
    // Cheap test first: a second element of the same tag and class follows.
    let next = start + 1;
    while (
      next < children.length &&
      children[next]!.type === 'text' &&
      (children[next] as { data: string }).data.trim() === ''
    )
      next++;
    const second = children[next];
    if (!second || !isElement(second) || `${second.name} ${second.attribs['class'] ?? ''}` !== key)
      return none;
    const items: string[] = [];
    let end = start;
    for (let i = start; i < children.length; i++) {
      const child = children[i]!;
      if (child.type === 'text' && child.data.trim() === '') continue;
      if (
        !isElement(child) ||
        `${child.name} ${child.attribs['class'] ?? ''}` !== key ||
        isChrome(child, ctx)
      )
        break;
      const text = rowText(child);
      // Unclassed wrappers repeat everywhere: only short ones are rows.
      if (text === null || (!classed && text.length > ROW_PARTS_MAX)) break;
      items.push(text);
      end = i + 1;
    }
    return items.length >= 2 ? { items, end } : none;
  }

  /**
   * A list: its items (nested lists flattened after their item), a definition list's terms each
   * with their descriptions, a table's rows. Headings that sloppy markup puts inside a list stand
   * as headings between its parts.
   */
  private visitList(list: Element, ctx: Context): void {
    let items: string[] = [];
    const ordered = list.name === 'ol';
    const close = (): void => {
      if (items.length > 0) this.push({ kind: 'list', ordered, items }, ctx);
      items = [];
    };
    const walk = (node: AnyNode): void => {
      if (!isElement(node) || isChrome(node, ctx)) return;
      if (HEADING.test(node.name)) {
        close();
        const text = textOf(node);
        if (text !== '') this.push({ kind: 'heading', level: Number(node.name[1]), text }, ctx);
        return;
      }
      if (node.name === 'li') {
        const { own, nested } = itemParts(node, ctx);
        if (headsGroup(node, own)) {
          // A group's name, set as a line of its own in bold.
          close();
          this.push({ kind: 'paragraph', text: own, lines: [own], emphasized: true }, ctx);
        } else pushText(items, own);
        items.push(...nested);
        return;
      }
      if (node.name === 'dt') return void pushText(items, textOf(node));
      if (node.name === 'dd') {
        const text = textOf(node);
        if (text === '') return;
        if (items.length > 0 && list.name === 'dl')
          items[items.length - 1] = `${items[items.length - 1]} ${text}`;
        else items.push(text);
        return;
      }
      if (node.name === 'tr') return void pushText(items, rowOfCells(node));
      // Sloppy markup puts items inside wrappers (or leaves the <li> out): look through them.
      for (const child of node.children) walk(child);
    };
    for (const child of list.children) walk(child);
    close();
  }

  /** Walks the children of the root the walk starts from. */
  start(root: AnyNode, ctx: Context): void {
    if (isElement(root) || root.type === 'root') this.visitChildren((root as ParentNode).children, ctx);
  }

  finish(ctx: Context): PageBlock[] {
    this.flush(ctx);
    return this.blocks;
  }
}

function pushText(items: string[], text: string): void {
  if (text !== '') items.push(text);
}

/** A list item's own text, then the items of the lists nested in it. */
function listItem(li: Element, ctx: Context): string[] {
  const { own, nested } = itemParts(li, ctx);
  const items: string[] = [];
  pushText(items, own);
  items.push(...nested);
  return items;
}

/**
 * A list item's own text, and the items of the lists nested in it. In a step, what the markup
 * names as its ingredients is left out: the ingredient list, repeated beside the step.
 */
function itemParts(li: Element, ctx: Context): { own: string; nested: string[] } {
  const own = new Lines();
  const nested: Element[] = [];
  const ofStep = ctx.part === 'instructions' || partOf(li) === 'instructions';
  const walk = (node: AnyNode): void => {
    if (node.type === 'text') return own.add(node.data);
    const value = shownValue(node);
    if (value !== null) return own.add(value);
    if (!isElement(node) || isChrome(node, ctx)) return;
    // (A block of them: an ingredient named inline is part of the sentence.)
    if (ofStep && BLOCK_TAGS.has(node.name) && classWords(node).some((word) => INGREDIENTS_WORD.test(word)))
      return;
    if (node.name === 'ul' || node.name === 'ol') return void nested.push(node);
    if (BLOCK_TAGS.has(node.name)) own.add(' ');
    walkChildren(node);
    if (BLOCK_TAGS.has(node.name)) own.add(' ');
  };
  // Two elements side by side with nothing between them leave a seam (read by withSeamsRead).
  const walkChildren = (parent: Element): void =>
    parent.children.forEach((child, i) => {
      if (i > 0 && isElement(child) && isElement(parent.children[i - 1]!)) own.add(SEAM);
      walk(child);
    });
  walkChildren(li);
  return {
    own: collapse(
      withSeamsRead(
        own
          .take()
          .map((line) => line.text)
          .join(' '),
      ),
    ),
    nested: nested.flatMap((inner) => nestedItems(inner, ctx)),
  };
}

/** Where two elements of an item meet with nothing between them (a private-use character, read by withSeamsRead). */
const SEAM = '\uE000';
/** Letters of scripts that put spaces between words. */
const SPACED_LETTER =
  '[\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}\\p{Script=Armenian}\\p{Script=Georgian}\\p{Script=Arabic}\\p{Script=Hebrew}]';
const SEAM_BETWEEN_WORDS = new RegExp(`(?<=${SPACED_LETTER}|[0-9)])\uE000+(?=${SPACED_LETTER}|\\()`, 'gu');

/**
 * Elements an item sets side by side as its fields ("<span>2</span><span>yemek kaşığı</span><span>sıvı
 * yağ</span>", spaced by the page's style) are words apart where a letter would follow a letter,
 * digit or closing parenthesis; elsewhere they join as they stand ("<b>1</b><span>½</span>",
 * "<i>Tom</i><b>'s</b>", words of Chinese).
 */
function withSeamsRead(text: string): string {
  return text.replace(SEAM_BETWEEN_WORDS, ' ').replaceAll(SEAM, '');
}

/** Class words of an item that names a group rather than being one ("ingHeading", "wprm-recipe-group-name"). */
const ITEM_HEADING_WORD = /heading|header|subtitle|group-?(?:name|title)|section-?(?:name|title)/iu;

/**
 * Whether a list item heads a group of the list ("<li><h3>Icing</h3><ul>…</ul></li>", "<li
 * class=ingHeading>Topping</li>"), its own text (`own`, without its nested lists) being the
 * group's name: a short one without a number ("<li><h4>Step 1</h4>Stir…" is a step).
 */
function headsGroup(li: Element, own: string): boolean {
  if (own === '' || own.length > 60 || /\p{N}/u.test(own)) return false;
  const children = li.children
    .filter(isElement)
    .filter((child) => child.name !== 'ul' && child.name !== 'ol');
  const named = [li, ...(children.length === 1 ? children : [])].some((el) =>
    classWords(el).some((word) => ITEM_HEADING_WORD.test(word)),
  );
  return named || holdsHeading(li, own);
}

/** Whether a heading element of the item's own (not of a list nested in it) reads `text`. */
function holdsHeading(el: Element, text: string): boolean {
  return el.children.some(
    (child) =>
      isElement(child) &&
      child.name !== 'ul' &&
      child.name !== 'ol' &&
      (HEADING.test(child.name) ? textOf(child) === text : holdsHeading(child, text)),
  );
}

/** The items of a list nested in an item, looking through wrappers that sloppy markup puts around them. */
function nestedItems(node: AnyNode, ctx: Context): string[] {
  if (!isElement(node) || isChrome(node, ctx)) return [];
  if (node.name === 'li') return listItem(node, ctx);
  return node.children.flatMap((child) => nestedItems(child, ctx));
}

/** What a cell of a table that lays out a page holds, and a cell of a table of data does not. */
const LAYOUT_CONTENT = new Set(['p', 'div', 'ul', 'ol', 'dl', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * A table that lays out a page (as pages of the 2000s do: the whole recipe in a cell, lines parted
 * by `<br>`) rather than holding rows of data: one of its own cells holds headings, lists,
 * paragraphs or another table, or lines parted by two `<br>` or more. Its cells are read as any
 * other content; a table of data gives a row per item ("200 g" + "flour").
 */
function isLayoutTable(table: Element): boolean {
  const cells: Element[] = [];
  const rows = (node: AnyNode): void => {
    if (!isElement(node)) return;
    if (node.name === 'td' || node.name === 'th') return void cells.push(node);
    if (node.name === 'table' && node !== table) return;
    for (const child of node.children) rows(child);
  };
  rows(table);
  const holdsLayout = (node: AnyNode, breaks: { n: number }): boolean => {
    if (!isElement(node)) return false;
    if (LAYOUT_CONTENT.has(node.name)) return true;
    if (node.name === 'br' && ++breaks.n >= 2) return true;
    return node.children.some((child) => holdsLayout(child, breaks));
  };
  return cells.some((cell) => {
    const breaks = { n: 0 };
    return cell.children.some((child) => holdsLayout(child, breaks));
  });
}

/** A table row, cells joined by a space ("200 g" + "flour" → "200 g flour"); a row of header cells only is no item. */
function rowOfCells(tr: Element): string {
  const cells = tr.children.filter(isElement);
  if (cells.length > 0 && cells.every((cell) => cell.name === 'th')) return '';
  return collapse(cells.map((cell) => textOf(cell)).join(' '));
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

function walk(root: AnyNode, writer: BlockWriter, ctx: Context): PageBlock[] {
  writer.start(root, ctx);
  return writer.finish(ctx);
}

/**
 * The visible structure of the page: the blocks of its main content (headings, lists and
 * paragraphs in order), and those of the rest of the body and its sidebars.
 */
export function pageBlocks(body: AnyNode): { blocks: PageBlock[]; outsideBlocks: PageBlock[] } {
  const root = mainContent(body);
  const insideContent = isElement(root) && (CONTENT_TAGS.has(root.name) || root.attribs['role'] === 'main');
  const base = { sidebars: false, emit: true, part: undefined, bold: false, within: [] };
  const blocks = walk(root, new BlockWriter(null), {
    ...base,
    insideContent,
    contentLength: textOf(root).length,
  });
  const outsideBlocks = walk(body, new BlockWriter(root === body ? null : root), {
    ...base,
    insideContent: false,
    sidebars: true,
    emit: root !== body,
    contentLength: textOf(body).length,
  });
  return { blocks, outsideBlocks };
}
