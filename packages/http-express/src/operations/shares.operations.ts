import {
  Conflict,
  Forbidden,
  type LinkPreviews,
  type PublicShares,
  ShareExists,
  ShareRefused,
} from '@larder/domain';
import { bool } from '../schemas/json-schema.js';
import { CreateShareInputBody } from '../schemas/share.schemas.js';
import { type AnyOperation, SESSION, operation, scoped } from './operation.js';
import { idParam } from './params.js';
import { presentShare, presentShareLink } from './presenters/share.presenter.js';

export interface ShareServices {
  shares: PublicShares;
  previews: LinkPreviews;
}

/** Public links to recipes, and the addresses that show a recipe in link previews. */
export function shareOperations({ shares, previews }: ShareServices): AnyOperation[] {
  return [
    operation({
      id: 'create-public-share',
      summary: 'Create a public link to a recipe',
      description:
        'Opens a link anyone can read the recipe by without signing in, until it is revoked or expires. ' +
        'A caller who already has one for the recipe gets it back with a 409 (ExistingShareError). ' +
        '403 (RefusedError) with reason sharing-off or not-allowed.',
      tag: 'shares',
      access: SESSION,
      input: { path: { id: idParam }, body: { ...CreateShareInputBody, optional: true } },
      output: { status: 201, schema: 'Share' },
      errors: [401, 403, 404, 409, 422],
      problems: { 403: 'RefusedError', 409: 'ExistingShareError' },
      run: async ({ caller }, { id, body }) => {
        try {
          return presentShare(await shares.create(caller, id, body?.days));
        } catch (error) {
          // These two problems carry more than a message: why, or the link the caller already has.
          if (error instanceof ShareRefused) {
            throw new Forbidden(error.code, error.message, { reason: error.reason, schema: 'RefusedError' });
          }
          if (error instanceof ShareExists) {
            throw new Conflict(error.code, error.message, {
              share: presentShare(error.share),
              schema: 'ExistingShareError',
            });
          }
          throw error;
        }
      },
    }),

    operation({
      id: 'list-shares',
      summary: 'List public links',
      description:
        "The caller's own live public links, newest first. With all=true, an admin gets everyone's.",
      tag: 'shares',
      access: SESSION,
      input: {
        query: {
          all: { schema: bool(), description: "Everyone's links instead of the caller's own; admins only" },
        },
      },
      output: { status: 200, schema: 'ShareList' },
      errors: [401, 403, 422],
      run: async ({ caller }, { all }) => ({
        items: (await shares.list(caller, all === true)).map(presentShare),
      }),
    }),

    operation({
      id: 'get-my-public-share',
      summary: "Get the caller's public link to a recipe",
      description:
        'share: null when the caller has no live link to the recipe, or there is no such recipe: never an error.',
      tag: 'shares',
      access: SESSION,
      input: { path: { recipeId: idParam } },
      output: { status: 200, schema: 'MyShareBody' },
      errors: [401, 422],
      run: async ({ caller }, { recipeId }) => {
        const share = await shares.mineFor(caller, recipeId);
        return { share: share ? presentShare(share) : null };
      },
    }),

    operation({
      id: 'revoke-share',
      summary: 'Revoke a public link',
      description: "The caller's own link, or anyone's as an admin. It stops working at once.",
      tag: 'shares',
      access: SESSION,
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 404, 422],
      run: async ({ caller }, { id }) => {
        await shares.revoke(caller, id);
      },
    }),

    operation({
      id: 'revoke-all-shares',
      summary: 'Revoke every public link of the household (admins)',
      description:
        'Revokes every public link of the household, whoever made it; their addresses answer 404 from then on.',
      tag: 'shares',
      access: SESSION,
      input: {},
      output: { status: 204 },
      errors: [401, 403],
      run: async ({ caller }) => {
        await shares.revokeAll(caller);
      },
    }),

    operation({
      id: 'create-share-link',
      summary: 'Create the address to share a recipe by',
      description:
        'The recipe path /recipes/{slug}. While link previews are on it carries ?share={token}, a signed token that lets ' +
        "link previews show the recipe's title, description and cover for linkPreviewMinutes; otherwise it is the plain path.",
      tag: 'recipes',
      access: scoped('recipes:read'),
      input: { path: { id: idParam } },
      output: { status: 200, schema: 'Link' },
      errors: [401, 403, 404, 422],
      run: async (_call, { id }) => presentShareLink(await previews.linkFor(id)),
    }),
  ];
}
