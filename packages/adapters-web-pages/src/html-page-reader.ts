import { type PageContent, PageUnreadable } from '@larder/domain';
import type { AnyNode, Document, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { absoluteUrl, collapse, isElement, textOf } from './dom-text.js';
import { microdataItems } from './microdata.js';
import { pageBlocks } from './page-blocks.js';
import { MOST_NESTING, depthOf, pastLimits, shapeOfHtml } from './page-shape.js';

/** What one pass over the document gathers for the page's head. */
interface HeadParts {
  lang?: string;
  title?: string;
  canonical?: string;
  base?: string;
  meta: Record<string, string>;
  jsonLd: string[];
  body?: Element;
}

function isJsonLd(el: Element): boolean {
  const type = (el.attribs['type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/ld+json';
}

function rawText(el: Element): string {
  return el.children.map((child) => (child.type === 'text' ? child.data : '')).join('');
}

/** One walk over every element: the parts of a page that may stand anywhere in it. */
function gather(node: AnyNode, parts: HeadParts, insideSvg: boolean): void {
  if (!isElement(node)) {
    if (node.type === 'root')
      for (const child of (node as Document).children) gather(child, parts, insideSvg);
    return;
  }
  const a = node.attribs;
  switch (node.name) {
    case 'html':
      if (a['lang'] && parts.lang === undefined) parts.lang = a['lang'].trim().toLowerCase() || undefined;
      break;
    case 'body':
      parts.body ??= node;
      break;
    case 'title':
      if (!insideSvg && parts.title === undefined) parts.title = textOf(node) || undefined;
      return;
    case 'base':
      parts.base ??= a['href'];
      return;
    case 'link':
      if (parts.canonical === undefined && /(?:^|\s)canonical(?:\s|$)/iu.test(a['rel'] ?? '')) {
        parts.canonical = a['href'];
      }
      return;
    case 'meta': {
      const key = (a['property'] ?? a['name'] ?? '').trim().toLowerCase();
      if (key !== '' && a['content'] !== undefined && !(key in parts.meta)) {
        const value = collapse(a['content']);
        if (value !== '') parts.meta[key] = value;
      }
      return;
    }
    case 'script':
      if (isJsonLd(node)) parts.jsonLd.push(rawText(node));
      return;
    case 'style':
      return;
  }
  const svg = insideSvg || node.name === 'svg';
  for (const child of node.children) gather(child, parts, svg);
}

/** Meta values that are addresses, made absolute like every other address the page gives. */
const ADDRESS_META = [
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'og:url',
  'twitter:image',
  'twitter:image:src',
];

/** `og:locale` ("de_DE") as a language tag ("de-de"), for pages whose `<html>` does not say. */
function localeTag(locale: string | undefined): string | undefined {
  return locale === undefined ? undefined : locale.replace(/_/gu, '-').toLowerCase();
}

/**
 * Reads an HTML page into what the draft reader needs, in one parse with htmlparser2 (fast and
 * forgiving; the whole read of a page stays within a few milliseconds). `url` is the address the
 * page was read from: relative addresses are made absolute against it (or its `<base href>`).
 */
export function readHtmlPage(html: string, url: string): PageContent {
  // Shaped like no page: refused before the parse (whose time grows with the square of the depth).
  if (pastLimits(shapeOfHtml(html))) throw unlikePage();
  const document = parseDocument(html, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
  if (depthOf(document) > MOST_NESTING) throw unlikePage();
  try {
    return contentOf(document, url);
  } catch (error) {
    // A walk over the page that still ran out of stack: the page, not the service, is at fault.
    if (error instanceof RangeError) throw unlikePage();
    throw error;
  }
}

function unlikePage(): PageUnreadable {
  return new PageUnreadable('it is nested deeper or holds more elements than any web page');
}

function contentOf(document: Document, url: string): PageContent {
  const parts: HeadParts = { meta: {}, jsonLd: [] };
  gather(document, parts, false);
  const base = absoluteUrl(parts.base, url) ?? url;
  for (const key of ADDRESS_META) {
    const value = parts.meta[key];
    if (value !== undefined) parts.meta[key] = absoluteUrl(value, base) ?? value;
  }
  return {
    url,
    lang: parts.lang ?? localeTag(parts.meta['og:locale']),
    title: parts.title,
    canonicalUrl: absoluteUrl(parts.canonical, base) ?? undefined,
    meta: parts.meta,
    jsonLd: parts.jsonLd,
    microdata: microdataItems(document, base),
    ...pageBlocks(parts.body ?? document),
  };
}
