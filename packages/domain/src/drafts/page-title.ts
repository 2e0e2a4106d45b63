import { siteOf } from '../recipes/recipe-validation.js';
import type { PageBlock, PageContent } from './page-content.js';
import { headingText, roleOf } from './section-headings.js';

/** Two letters at least: a "title" of a digit or a sign is a theme's slip (`<meta name="og:title" content="2">`). */
const WORDS = /\p{L}.*\p{L}/u;

function same(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The names a site goes by: its og:site_name, and its host's name ("Old Recipes" for oldrecipes.com). */
interface SiteNames {
  siteName: string | undefined;
  host: string | null;
}

/** Whether a part of a title names the site: its og:site_name, or its host's name in words ("Old Recipes", "BBC Good Food"). */
function namesSite(part: string | undefined, site: SiteNames): boolean {
  if (same(part, site.siteName)) return true;
  const letters = (part ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const name = site.host?.split('.').slice(0, -1).join('') ?? '';
  return letters.length > 2 && letters === name;
}

/**
 * A title without the site's name: what stands after a " | " is the site's, and a part set off
 * by a dash that is the site's name (og:site_name, or the host's name in words), before or after
 * ("Leek soup | Cook's Corner", "Leek soup - Cook's Corner", "Cook's Corner — Leek soup" → "Leek
 * soup"). Null for no title, or the site's name alone.
 */
function withoutSiteName(raw: string | undefined, site: SiteNames): string | null {
  const title = raw?.trim() ?? '';
  if (!WORDS.test(title) || namesSite(title, site)) return null;
  const piped = title.split(/\s+\|\s+/u);
  if (piped.length > 1 && piped[0]!.trim() !== '') return piped[0]!.trim();
  const parts = title.split(/\s+[–—-]\s+/u);
  if (parts.length > 1 && namesSite(parts[parts.length - 1], site)) return parts.slice(0, -1).join(' - ');
  if (parts.length > 1 && namesSite(parts[0], site)) return parts.slice(1).join(' - ');
  return title;
}

/** The page's own title (og:title, else `<title>`) without the site's name. */
export function pageTitle(page: PageContent): string | null {
  const site = { siteName: page.meta['og:site_name'], host: siteOf(page.canonicalUrl ?? page.url) };
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
  if (title === null) return heading;
  if (heading !== null) {
    const name = heading.trim();
    const starts = WORDS.test(name) && title.toLowerCase().startsWith(name.toLowerCase());
    if (starts && AFTER_NAME.test(title.slice(name.length))) return name;
  }
  return partShownAsHeading(title, page.blocks) ?? title;
}

/**
 * Of a title in parts set off by a dash ("Bob's Chili Page - Weeknight Beef Chili"), the part the
 * page shows as the heading right above the recipe's ingredients or steps (an `<h1>`–`<h6>` or a
 * line all in bold, the last before the first "Ingredients" or "Method"): the recipe's name, the
 * other part the site's (a site without og:site_name). Null when no part is, or the page shows no
 * such parts (a lone heading may be the site's banner).
 */
function partShownAsHeading(title: string, blocks: readonly PageBlock[]): string | null {
  const parts = title.split(/\s+[–—-]\s+/u).map((part) => part.trim());
  if (parts.length < 2) return null;
  let last: string | null = null;
  for (const block of blocks) {
    const role = roleOf(block);
    if (role === 'ingredients' || role === 'instructions') {
      const named = parts.find((part) => WORDS.test(part) && same(part, last ?? undefined));
      return named ?? null;
    }
    last = headingText(block) ?? last;
  }
  return null;
}
