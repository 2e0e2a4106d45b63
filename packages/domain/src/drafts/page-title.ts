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
