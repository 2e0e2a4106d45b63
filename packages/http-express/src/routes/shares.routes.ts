import { LinkPreviews, PublicShares, ShareExists, ShareRefused } from '@larder/domain';
import { problem } from '../http/problem.js';
import { bool } from '../http/json-schema.js';
import { presentShare, presentShareLink } from '../presenters/share.presenter.js';
import { type RouteModule, idParam, signedIn } from './route-module.js';

/** Public links to recipes, and the addresses that show a recipe in link previews. */
export const shareRoutes: RouteModule = ({ table, container }) => {
  const shares = container.resolve(PublicShares);
  const previews = container.resolve(LinkPreviews);

  table.add<{ days?: number | null } | undefined>({
    method: 'post',
    path: '/api/v1/recipes/:id/public-share',
    operationId: 'create-public-share',
    summary: 'Create a public link to a recipe',
    description:
      'Opens a link anyone can read the recipe by without signing in, until it is revoked or expires. ' +
      'A caller who already has one for the recipe gets it back with a 409 (ExistingShareError). ' +
      '403 (RefusedError) with reason sharing-off or not-allowed.',
    tag: 'shares',
    access: 'session',
    params: { id: idParam },
    body: { schema: 'CreateShareInputBody', optional: true },
    responses: { 201: { schema: 'Share' } },
    errors: [401, 403, 404, 409, 422],
    problems: { 403: 'RefusedError', 409: 'ExistingShareError' },
    handle: async ({ caller, params, body }) => {
      try {
        return presentShare(await shares.create(signedIn(caller), String(params['id']), body?.days));
      } catch (error) {
        if (error instanceof ShareRefused) {
          throw problem(403, error.message, { extra: { reason: error.reason }, schema: 'RefusedError' });
        }
        if (error instanceof ShareExists) {
          throw problem(409, error.message, {
            extra: { share: presentShare(error.share) },
            schema: 'ExistingShareError',
          });
        }
        throw error;
      }
    },
  });

  table.add({
    method: 'get',
    path: '/api/v1/shares',
    operationId: 'list-shares',
    summary: 'List public links',
    description: "The caller's own live public links, newest first. With all=true, an admin gets everyone's.",
    tag: 'shares',
    access: 'session',
    query: {
      all: { schema: bool(), description: "Everyone's links instead of the caller's own; admins only" },
    },
    responses: { 200: { schema: 'ShareList' } },
    errors: [401, 403, 422],
    handle: async ({ caller, query }) => ({
      items: (await shares.list(signedIn(caller), query['all'] === true)).map(presentShare),
    }),
  });

  table.add({
    method: 'get',
    path: '/api/v1/shares/by-recipe/:recipeId',
    operationId: 'get-my-public-share',
    summary: "Get the caller's public link to a recipe",
    description:
      'share: null when the caller has no live link to the recipe, or there is no such recipe: never an error.',
    tag: 'shares',
    access: 'session',
    params: { recipeId: idParam },
    responses: { 200: { schema: 'MyShareBody' } },
    errors: [401, 422],
    handle: async ({ caller, params }) => {
      const share = await shares.mineFor(signedIn(caller), String(params['recipeId']));
      return { share: share ? presentShare(share) : null };
    },
  });

  table.add({
    method: 'delete',
    path: '/api/v1/shares/:id',
    operationId: 'revoke-share',
    summary: 'Revoke a public link',
    description: "The caller's own link, or anyone's as an admin. It stops working at once.",
    tag: 'shares',
    access: 'session',
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 404, 422],
    handle: async ({ caller, params }) => {
      await shares.revoke(signedIn(caller), String(params['id']));
      return undefined;
    },
  });

  table.add({
    method: 'delete',
    path: '/api/v1/shares',
    operationId: 'revoke-all-shares',
    summary: 'Revoke every public link of the household (admins)',
    tag: 'shares',
    access: 'session',
    responses: { 204: { empty: true } },
    errors: [401, 403],
    handle: async ({ caller }) => {
      await shares.revokeAll(signedIn(caller));
      return undefined;
    },
  });

  table.add({
    method: 'post',
    path: '/api/v1/recipes/:id/share-link',
    operationId: 'create-share-link',
    summary: 'Create the address to share a recipe by',
    description:
      'The recipe path /recipes/{slug}. While link previews are on it carries ?share={token}, a signed token that lets ' +
      "link previews show the recipe's title, description and cover for linkPreviewMinutes; otherwise it is the plain path.",
    tag: 'recipes',
    access: { scope: 'recipes:read' },
    params: { id: idParam },
    responses: { 200: { schema: 'Link' } },
    errors: [401, 403, 404, 422],
    handle: async ({ params }) => presentShareLink(await previews.linkFor(String(params['id']))),
  });
};
