import type { PageContent } from './page-content.js';

/** Two letters at least: a "title" of a digit or a sign is a theme's slip (`<meta name="og:title" content="2">`). */
const WORDS = /\p{L}.*\p{L}/u;

function same(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * A title without the site's name: what stands after a " | " is the site's, and a part set off
 * by a dash that is the site's name, before or after ("Leek soup | Cook's Corner", "Leek soup -
 * Cook's Corner", "Cook's Corner — Leek soup" → "Leek soup"). Null for no title, or the site's
 * name alone.
 */
function withoutSiteName(raw: string | undefined, site: string | undefined): string | null {
  const title = raw?.trim() ?? '';
  if (!WORDS.test(title) || same(title, site)) return null;
  const piped = title.split(/\s+\|\s+/u);
  if (piped.length > 1 && piped[0]!.trim() !== '') return piped[0]!.trim();
  const parts = title.split(/\s+[–—-]\s+/u);
  if (parts.length > 1 && same(parts[parts.length - 1], site)) return parts.slice(0, -1).join(' - ');
  if (parts.length > 1 && same(parts[0], site)) return parts.slice(1).join(' - ');
  return title;
}

/** The page's own title (og:title, else `<title>`) without the site's name. */
export function pageTitle(page: PageContent): string | null {
  const site = page.meta['og:site_name'];
  return withoutSiteName(page.meta['og:title'], site) ?? withoutSiteName(page.title, site);
}

/** What may follow a recipe's name in a page's title: a separator, a byline or a bracket. */
const AFTER_NAME = /^\s*(?:[–—|:·•»\-/(（[【]|by\s|von\s|par\s)/iu;

/**
 * The title of a page without structured data: its own title (`pageTitle`), unless that is the
 * page's first `<h1>` with more after it, which is a site's name or a subtitle a site without
 * og:site_name adds ("Shakshuka – Tom's Food Diary", "Apfelstrudel | Backen mit Herz", "豚の生姜焼き
 * by はなこ 【クックパッド】" → the `<h1>`'s words). An `<h1>` that is not where the title starts is
 * taken for a stray one (a site's banner, another recipe's), and the page's title stands.
 */
export function titleOfPlainPage(page: PageContent, heading: string | null): string | null {
  const title = pageTitle(page);
  if (title === null || heading === null) return title ?? heading;
  const name = heading.trim();
  const starts = WORDS.test(name) && title.toLowerCase().startsWith(name.toLowerCase());
  return starts && AFTER_NAME.test(title.slice(name.length)) ? name : title;
}
