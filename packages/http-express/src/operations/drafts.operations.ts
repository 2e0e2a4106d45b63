import type { DraftPhotoTicket, RecipeDraft, RecipeDrafts } from '@larder/domain';
import { DraftInputBody } from '../schemas/draft.schemas.js';
import { type AnyOperation, operation, scoped } from './operation.js';
import { presentPerson } from './presenters/recipe.presenter.js';

export interface DraftServices {
  drafts: RecipeDrafts;
}

/** Where a draft's photo is fetched while its ticket holds. */
export const DRAFT_PHOTO_PATH = '/api/v1/recipe-drafts/photo';

function photoHref(ticket: DraftPhotoTicket): string {
  return `${DRAFT_PHOTO_PATH}?src=${encodeURIComponent(ticket.src)}&token=${encodeURIComponent(ticket.token)}`;
}

export function presentDraft(draft: RecipeDraft) {
  return {
    recipe: draft.recipe,
    review: draft.review,
    suggestedTags: draft.suggestedTags,
    photo: draft.photo ? { href: photoHref(draft.photo) } : null,
    duplicate: draft.duplicate
      ? {
          id: draft.duplicate.id,
          slug: draft.duplicate.slug,
          title: draft.duplicate.title,
          createdBy: presentPerson(draft.duplicate.createdBy),
        }
      : null,
    truncated: draft.truncated,
  };
}

/** Recipe drafts: a page or a pasted text read into a recipe to check, never saved here. */
export function draftOperations({ drafts }: DraftServices): AnyOperation[] {
  return [
    operation({
      id: 'create-recipe-draft',
      summary: 'Read a recipe page or pasted text into an unsaved draft',
      description:
        'Give `url` (a recipe page; an address without a scheme is read as https) or `text` (a recipe copied as ' +
        'plain text), exactly one. Nothing is saved: the draft is a proposal to check and save with POST ' +
        '/api/v1/recipes. The page is read from its schema.org Recipe (JSON-LD or microdata), else from its ' +
        'visible headings and lists. Only public internet addresses are opened (at most 5 redirects, 10 s, ' +
        '5 MiB); anything else is a 422 naming `url`. Keywords that are tags here already go into the ' +
        "recipe's tags, the rest into suggestedTags. `duplicate` names a recipe already made from the same page. " +
        '`photo.href` serves the page’s photo to the caller for two minutes. A member has at most three pages ' +
        'or draft photos read at once (429 with Retry-After beyond).',
      tag: 'recipes',
      access: scoped('recipes:write'),
      input: { body: DraftInputBody },
      output: { status: 200, schema: 'DraftOutputBody' },
      errors: [401, 403, 422, 429],
      run: async ({ caller }, { body }) =>
        presentDraft(await drafts.draft(caller, { url: body.url, text: body.text })),
    }),
  ];
}
