import type { CoreDependencies } from '../core-dependencies.js';
import { tidy } from '../shared/text.js';
import { NotFound } from '../shared/errors.js';
import { ExpiringSignatures, SIGNED_TOKEN_PATTERN } from '../shared/expiring-signatures.js';
import { recipeNotFound } from '../recipes/recipe-errors.js';

/** Name of the signing key of preview tokens in the application's secrets. */
export const LINK_PREVIEW_KEY_NAME = 'link-preview-signing-key';

/** A preview token: its expiry (seconds since 1970, base 36), a dot, and an HMAC-SHA-256 (base64url). */
export const PREVIEW_TOKEN_PATTERN = SIGNED_TOKEN_PATTERN;

/** The query parameter that carries a preview token, on the recipe path and on the preview image. */
export const PREVIEW_QUERY = 'share';

export interface ShareLink {
  /** `/recipes/<slug>`, with `?share=<token>` while link previews are on. */
  path: string;
  /** When the token stops showing the recipe; null when the path carries none. */
  expiresAt: Date | null;
}

/** What a link preview may show of a recipe. */
export interface PreviewCard {
  recipeId: string;
  title: string;
  /** The description on one line, shortened. */
  description: string;
  coverImageId: string | null;
}

/** Longest one-line description a preview shows. */
export const PREVIEW_DESCRIPTION_LENGTH = 200;

export function oneLine(text: string, max = PREVIEW_DESCRIPTION_LENGTH): string {
  const line = tidy(text);
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** Nobody reads through a preview: no member's marks are looked up. */
const NO_READER = '';

export function recipePath(slug: string): string {
  return `/recipes/${encodeURIComponent(slug)}`;
}

/**
 * Link previews: a recipe path can carry a short-lived signed token so that the
 * crawler of a chat app may show the recipe's title, description and cover.
 * The token is an HMAC over the recipe id and the expiry under a key kept in the
 * database, so links survive restarts and hold on every app server; nothing is
 * stored per link.
 */
export class LinkPreviews {
  private readonly tokens: ExpiringSignatures;

  constructor(private readonly deps: Pick<CoreDependencies, 'store' | 'clock' | 'secrets'>) {
    this.tokens = new ExpiringSignatures(deps, LINK_PREVIEW_KEY_NAME, 'link-preview');
  }

  /** The address to share a recipe by. */
  async linkFor(recipeId: string): Promise<ShareLink> {
    const { store, clock } = this.deps;
    const recipe = await store.shares.recipeRef(recipeId);
    if (!recipe) throw recipeNotFound();
    const settings = await store.settings.get();
    const path = recipePath(recipe.slug);
    if (!settings.linkPreviews) return { path, expiresAt: null };
    const { token, expiresAt } = await this.tokens.issue(
      recipe.id,
      new Date(clock.now().getTime() + settings.linkPreviewMinutes * 60_000),
    );
    return { path: `${path}?${PREVIEW_QUERY}=${token}`, expiresAt };
  }

  /**
   * Whether `token` lets previews show this recipe now: link previews are on,
   * the token was made for this recipe by this service and has not expired.
   */
  async holds(recipeId: string, token: unknown): Promise<boolean> {
    if (!(await this.tokens.holds(recipeId, token))) return false;
    return (await this.deps.store.settings.get()).linkPreviews;
  }

  /** The card of the recipe at `slug` when `token` holds for it; null (the generic card) otherwise. */
  async card(slug: string, token: unknown): Promise<PreviewCard | null> {
    if (typeof token !== 'string' || !PREVIEW_TOKEN_PATTERN.test(token)) return null;
    const view = await this.deps.store.recipes.view({ slug }, NO_READER);
    if (!view || !(await this.holds(view.recipe.id, token))) return null;
    return {
      recipeId: view.recipe.id,
      title: view.recipe.title,
      description: oneLine(view.recipe.description),
      coverImageId: view.coverImageId,
    };
  }

  /**
   * Whether a preview may show this photo: it is the recipe's cover and the token
   * holds. A photo that is not the cover, a bad or expired token, a missing
   * recipe and previews switched off all answer the same NotFound.
   */
  async cover(recipeId: string, imageId: string, token: unknown): Promise<void> {
    const view = await this.deps.store.recipes.view({ id: recipeId }, NO_READER);
    const ok = view !== null && view.coverImageId === imageId && (await this.holds(recipeId, token));
    if (!ok) throw new NotFound('previews.not_found', 'No such preview image.');
  }
}
