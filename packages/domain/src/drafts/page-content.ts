/**
 * A web page as the draft reader sees it: what the page reader adapter pulled out of the HTML,
 * with no HTML left in it. Plain data, so the reader is pure and tested with plain objects.
 * All text is decoded (entities resolved), trimmed, with runs of whitespace collapsed to one space
 * (line breaks inside a block become spaces, except in `PageBlock.lines`).
 */
export interface PageContent {
  /** The address the page was finally read from (after redirects). */
  url: string;
  /** `<html lang>`, lower case, e.g. `en`, `de-de`; absent when the page does not say. */
  lang?: string | undefined;
  /** `<title>`. */
  title?: string | undefined;
  /** `<link rel="canonical" href>`, made absolute. */
  canonicalUrl?: string | undefined;
  /**
   * `<meta>` values by lower-case name or property: `og:title`, `og:description`, `og:image`,
   * `og:site_name`, `og:url`, `description`, `keywords`, `twitter:image`, … (first one wins).
   */
  meta: Record<string, string>;
  /** The raw text of every `<script type="application/ld+json">`, in document order, unparsed. */
  jsonLd: string[];
  /** Every top-level microdata item (`itemscope` without `itemprop`), in document order. */
  microdata: MicrodataItem[];
  /**
   * The visible structure of the page's main content, in document order: headings, lists and
   * paragraphs (navigation, footers, comments, scripts and styles left out as far as the
   * reader adapter can tell). The fallback when the page carries no structured recipe.
   */
  blocks: PageBlock[];
  /**
   * The blocks of the rest of the body, in document order: what stands outside the main content,
   * sidebars included (some sites put the ingredients in one). Navigation, comments and footers
   * are still left out. Read only for what the main content lacks.
   */
  outsideBlocks?: PageBlock[];
}

export interface MicrodataItem {
  /** `itemtype` URLs, e.g. `https://schema.org/Recipe`. */
  types: string[];
  /**
   * Values by `itemprop` name, in document order. A value is the property's text (`content`,
   * `datetime`, `href`/`src` made absolute, or the element's text), or a nested item. A
   * `recipeInstructions` or `recipeIngredient` element that holds a list (or paragraphs) gives
   * one value for each item, so that steps and lines stay apart.
   */
  properties: Record<string, Array<string | MicrodataItem>>;
}

/**
 * What the page's markup names the part a block stands in: an element around it whose class or
 * id says "ingredients" ("wprm-recipe-ingredients", "ingredients__item", "zutaten") or
 * "instructions" ("recipe-directions", "method", "steps", "zubereitung"). A hint for pages whose
 * headings do not say.
 */
export type BlockPart = 'ingredients' | 'instructions';

/** What every block may say besides its text. */
interface BlockPlace {
  part?: BlockPart;
  /**
   * The elements the block stands in, outermost first, each by a number the page reader gave it:
   * two blocks share a box as far as their numbers agree (steps end where their box does).
   */
  within?: number[];
}

export type PageBlock =
  | ({ kind: 'heading'; level: number; text: string } & BlockPlace)
  | ({ kind: 'list'; ordered: boolean; items: string[] } & BlockPlace)
  | ({
      kind: 'paragraph';
      text: string;
      lines: string[];
      /** The paragraph is one line, all of it in bold (`<p><strong>For the sauce</strong></p>`): pages use such lines as small headings. */
      emphasized?: boolean;
    } & BlockPlace);
