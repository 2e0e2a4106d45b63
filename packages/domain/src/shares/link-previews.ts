import type { CoreDependencies } from '../core-dependencies.js';
import { tidy } from '../shared/text.js';
import { NotFound } from '../shared/errors.js';
import { recipeNotFound } from '../recipes/recipe-errors.js';

/** Name of the signing key of preview tokens in the application's secrets. */
export const LINK_PREVIEW_KEY_NAME = 'link-preview-signing-key';

/** A preview token: its expiry (seconds since 1970, base 36), a dot, and an HMAC-SHA-256 (base64url). */
export const PREVIEW_TOKEN_PATTERN = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

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
  private key: Promise<string> | undefined;

  constructor(private readonly deps: Pick<CoreDependencies, 'store' | 'clock' | 'secrets'>) {}

  /** The address to share a recipe by. */
  async linkFor(recipeId: string): Promise<ShareLink> {
    const { store, clock } = this.deps;
    const recipe = await store.shares.recipeRef(recipeId);
    if (!recipe) throw recipeNotFound();
    const settings = await store.settings.get();
    const path = recipePath(recipe.slug);
    if (!settings.linkPreviews) return { path, expiresAt: null };
    const expiresAt = new Date(clock.now().getTime() + settings.linkPreviewMinutes * 60_000);
    const expiry = Math.ceil(expiresAt.getTime() / 1000).toString(36);
    const token = `${expiry}.${await this.signature(recipe.id, expiry)}`;
    return { path: `${path}?${PREVIEW_QUERY}=${token}`, expiresAt: new Date(parseInt(expiry, 36) * 1000) };
  }

  /**
   * Whether `token` lets previews show this recipe now: link previews are on,
   * the token was made for this recipe by this service and has not expired.
   */
  async holds(recipeId: string, token: unknown): Promise<boolean> {
    const { store, clock, secrets } = this.deps;
    if (typeof token !== 'string') return false;
    const match = PREVIEW_TOKEN_PATTERN.exec(token);
    if (!match) return false;
    const [, expiry = '', signature = ''] = match;
    if (parseInt(expiry, 36) * 1000 <= clock.now().getTime()) return false;
    if (!secrets.sameSecret(signature, await this.signature(recipeId, expiry))) return false;
    return (await store.settings.get()).linkPreviews;
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

  private async signature(recipeId: string, expiry: string): Promise<string> {
    return this.deps.secrets.sign(await this.signingKey(), `link-preview\n${recipeId}\n${expiry}`);
  }

  /** Made once for the whole installation; read once per process (it never changes). */
  private signingKey(): Promise<string> {
    const { store, clock, secrets } = this.deps;
    this.key ??= store.appSecrets
      .getOrCreate(LINK_PREVIEW_KEY_NAME, secrets.randomToken(32), clock.now())
      .catch((error) => {
        this.key = undefined;
        throw error;
      });
    return this.key;
  }
}
