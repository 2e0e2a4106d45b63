import type { Repositories } from '../store.port.js';
import { Conflict } from '../shared/errors.js';
/**
 * Slugs: the readable part of a recipe's address, made from its title.
 * Accents are transliterated, everything is lower case and joined by hyphens;
 * a slug is unique across the household (`-2`, `-3` … on a collision) and stays
 * the same across edits unless the title changes.
 */

/** Longest slug before a collision suffix is added. */
export const MAX_SLUG_BASE_LENGTH = 80;

/** Letters that do not decompose into a base letter and a mark. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ŋ: 'ng',
  Ŋ: 'ng',
  ĸ: 'k',
  '&': ' and ',
};

/** Latin text without accents: "Crème brûlée" → "Creme brulee", "Straße" → "Strasse". */
export function transliterate(text: string): string {
  return Array.from(text.normalize('NFKD'))
    .map((ch) => SPECIAL_LETTERS[ch] ?? ch)
    .join('')
    .replace(/\p{M}+/gu, '');
}

/** The slug a title asks for, before any collision suffix; never empty. */
export function slugBase(title: string): string {
  let slug = transliterate(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > MAX_SLUG_BASE_LENGTH) {
    const cut = slug.slice(0, MAX_SLUG_BASE_LENGTH);
    const lastHyphen = cut.lastIndexOf('-');
    slug = (lastHyphen >= MAX_SLUG_BASE_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/g, '');
  }
  return slug === '' ? 'recipe' : slug;
}

/** The first free slug for `base`: `base`, then `base-2`, `base-3` … */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A key to sort titles by: without accents and case, so "Äpfel" sorts with "apfel". */
export function titleSortKey(title: string): string {
  return transliterate(title).toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** How often a save tries the next free slug when other saves keep taking the one it chose. */
const SLUG_ATTEMPTS = 20;

/**
 * Writes a recipe titled `title` under the first free slug for it: its base, or the base with the
 * first free number (`-2`, `-3` …). No lock is taken: the database keeps slugs unique, and when
 * another save takes the chosen slug first, `write` answers `'taken'` and the next free one is
 * tried. The base itself is tried before any slug is looked up (most titles are the only one of
 * their kind); only when it is taken are the slugs in use read. `own` is the recipe's present slug,
 * which it may keep. `remembered`, kept across the writes of one batch (an import), holds the
 * slugs of each base known to be taken, so that a thousand recipes of one title read the slugs in
 * use once, not a thousand times.
 */
export async function withFreeSlug<T>(
  tx: Pick<Repositories, 'recipes'>,
  title: string,
  own: string | undefined,
  write: (slug: string) => Promise<T | 'taken'>,
  remembered?: Map<string, Set<string>>,
): Promise<T> {
  const base = slugBase(title);
  const known = remembered?.get(base);
  const choice = known ? firstFreeSlug(base, known) : base;
  const first = await write(choice);
  if (first !== 'taken') {
    remembered?.set(base, (known ?? new Set<string>()).add(choice));
    return first;
  }
  const takenMeanwhile = new Set<string>([choice]);
  for (let attempt = 1; attempt < SLUG_ATTEMPTS; attempt++) {
    const taken = (await tx.recipes.slugsLike(base)).filter((s) => s !== own);
    const slug = firstFreeSlug(base, [...taken, ...takenMeanwhile]);
    const result = await write(slug);
    if (result !== 'taken') {
      remembered?.set(base, new Set([...taken, ...takenMeanwhile, slug]));
      return result;
    }
    takenMeanwhile.add(slug);
  }
  throw new Conflict('recipes.slug_busy', 'Many recipes of this title are being saved at once; save again.');
}
