import type { Caller } from '../accounts/caller.js';
import type { CoreDependencies } from '../core-dependencies.js';
import type { ImageRenderer } from '../photos/image-renderer.port.js';
import {
  checkImageBounds,
  MAX_IMAGE_UPLOAD_BYTES,
  MEDIA_TYPE_OF,
  PHOTO_BOUNDS,
} from '../photos/image-rules.js';
import { RECIPE_LIMITS } from '../recipes/recipe-validation.js';
import type { RecipeOfSource } from '../recipes/recipe-store.port.js';
import { sourceKey } from '../recipes/source-key.js';
import { DomainError, NotFound, ValidationFailed } from '../shared/errors.js';
import { ExpiringSignatures } from '../shared/expiring-signatures.js';
import type { DraftReading } from './draft-reading.js';
import { FetchesPerMember } from './fetches-per-member.js';
import type { PageFetcher } from './page-fetcher.port.js';
import { readRecipePage } from './read-recipe-page.js';
import { readRecipeText } from './read-recipe-text.js';
import type { DraftPhotoTicket, RecipeDraft } from './recipe-draft.js';

/** How long a draft's photo can be fetched through the service. */
export const DRAFT_PHOTO_MINUTES = 2;

/**
 * The longest photo address a draft offers: its link carries the address, and the photo route
 * takes no longer one. A page naming a longer one gets a draft without a photo.
 */
export const DRAFT_PHOTO_ADDRESS_MAX = 4000;

/** Name of the signing key of draft photo tokens in the application's secrets. */
export const DRAFT_PHOTO_KEY_NAME = 'draft-photo-signing-key';

export interface DraftDependencies extends CoreDependencies {
  pages: PageFetcher;
  renderer: Pick<ImageRenderer, 'inspect'>;
}

/** What a member asks a draft from: a page's address or a pasted text, exactly one of them. */
export interface DraftRequest {
  url?: string | undefined;
  text?: string | undefined;
}

/** The photo a draft found, as its site served it (type read from the bytes). */
export interface DraftPhoto {
  bytes: Uint8Array;
  mediaType: string;
}

/**
 * An address typed without its scheme ("example.com/soup", "example.com:8080/soup") is read as
 * https. One that names a scheme, with or without "//" ("mailto:…", "file:/etc/passwd"), is read as
 * written: refused unless http or https ("http:/example.com" is http://example.com/, as browsers read it).
 */
function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/iu.test(url) ? url : `https://${url}`;
}

/**
 * Recipe drafts: a page or a pasted text read into a recipe the member checks before saving it
 * (docs/drafts.md). Nothing is stored. The household is consulted for three things: which of the
 * page's keywords are tags here already (the rest are only suggested), whether a recipe of the
 * same page exists, and whose photo ticket this is.
 */
export class RecipeDrafts {
  private readonly photoTokens: ExpiringSignatures;
  private readonly fetches = new FetchesPerMember();

  constructor(private readonly deps: DraftDependencies) {
    this.photoTokens = new ExpiringSignatures(deps, DRAFT_PHOTO_KEY_NAME, 'draft-photo');
  }

  async draft(caller: Caller, request: DraftRequest): Promise<RecipeDraft> {
    const { url, text } = request;
    if (url !== undefined && text !== undefined) {
      throw new ValidationFailed([{ location: 'text', message: 'give either url or text, not both' }]);
    }
    if (url === undefined && text === undefined) {
      throw new ValidationFailed([
        { location: 'url', message: 'give url (a recipe page) or text (a recipe)' },
      ]);
    }
    if (text !== undefined) {
      if (text.trim() === '')
        throw new ValidationFailed([{ location: 'text', message: 'must not be empty' }]);
      return this.complete(caller, readRecipeText(text), []);
    }
    const address = (url ?? '').trim();
    if (address === '') throw new ValidationFailed([{ location: 'url', message: 'must not be empty' }]);
    const requested = withScheme(address);
    const page = await this.fetches.run(caller.account.id, () => this.deps.pages.fetchPage(requested));
    return this.complete(caller, readRecipePage(page), [requested, page.url]);
  }

  /**
   * The photo behind a draft's ticket, fetched again from its site: only for the member the
   * ticket was made for, within its minutes, and only when the bytes are a photo a recipe could
   * keep. Anything else is the same NotFound.
   */
  async photo(caller: Caller, src: string, token: string): Promise<DraftPhoto> {
    const gone = (why: string) => new NotFound('drafts.photo_not_found', `No draft photo here: ${why}.`);
    if (!(await this.photoTokens.holds(this.photoSubject(caller, src), token))) {
      throw gone('the link is not valid or has expired');
    }
    return this.fetches.run(caller.account.id, async () => {
      try {
        const bytes = await this.deps.pages.fetchImage(src, MAX_IMAGE_UPLOAD_BYTES);
        const header = this.deps.renderer.inspect(bytes);
        checkImageBounds(header, PHOTO_BOUNDS);
        return { bytes, mediaType: MEDIA_TYPE_OF[header.type] };
      } catch (error) {
        if (error instanceof DomainError) throw gone(error.message.replace(/\.$/u, '').toLowerCase());
        throw error;
      }
    });
  }

  private async complete(caller: Caller, reading: DraftReading, addresses: string[]): Promise<RecipeDraft> {
    const { review, tags, photoUrl, truncated, ...content } = reading;
    const inUse = new Set((await this.deps.store.recipeListing.tagCounts()).map((tag) => tag.name));
    const known = tags.filter((tag) => inUse.has(tag)).slice(0, RECIPE_LIMITS.tags);
    return {
      recipe: { ...content, tags: known, editPolicy: 'default' },
      review,
      suggestedTags: tags.filter((tag) => !inUse.has(tag)),
      photo:
        photoUrl && photoUrl.length <= DRAFT_PHOTO_ADDRESS_MAX ? await this.ticket(caller, photoUrl) : null,
      duplicate: await this.duplicateOf([...addresses, content.sourceUrl]),
      truncated,
    };
  }

  private async duplicateOf(addresses: ReadonlyArray<string | null>): Promise<RecipeOfSource | null> {
    const keys = new Set(addresses.map((address) => sourceKey(address)).filter((key) => key !== null));
    for (const key of keys) {
      const found = await this.deps.store.recipes.bySourceKey(key);
      if (found) return found;
    }
    return null;
  }

  private async ticket(caller: Caller, src: string): Promise<DraftPhotoTicket> {
    const until = new Date(this.deps.clock.now().getTime() + DRAFT_PHOTO_MINUTES * 60_000);
    const { token, expiresAt } = await this.photoTokens.issue(this.photoSubject(caller, src), until);
    return { src, token, expiresAt };
  }

  /** A ticket holds for one member and one address. */
  private photoSubject(caller: Caller, src: string): string {
    return `${caller.account.id}\n${src}`;
  }
}
