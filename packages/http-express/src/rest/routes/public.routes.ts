import {
  DomainError,
  PHOTO_FILES,
  PREVIEW_QUERY,
  type PublicRecipe,
  ShareNotAvailable,
} from '@larder/domain';
import type { Request, Response } from 'express';
import { PUBLIC } from '../../operations/operation.js';
import { str } from '../../schemas/json-schema.js';
import { sendStoredImage } from '../image-response.js';
import { linkPreviewHead, linkPreviewPage } from '../pages/link-preview.page.js';
import { PUBLIC_PAGE_CSP, notAvailablePage, recipePage } from '../pages/public-recipe.page.js';
import {
  DEAD_LINK_BODY,
  NO_PREVIEW_BODY,
  PUBLIC_HEADERS,
  sendPublicNotFound,
  setPublicHeaders,
} from '../public-answers.js';
import type { RestRouteModule } from './route-module.js';

/** Any string is accepted as a token: a malformed one is simply a link that serves nothing. */
const tokenParam = {
  schema: str({ minLength: 1 }),
  description: 'The token of the public link, the last segment of /s/{token}',
};

function sendPage(res: Response, status: number, page: string): void {
  setPublicHeaders(res);
  res
    .status(status)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': PUBLIC_PAGE_CSP })
    .send(page);
}

function presentPublicRecipe(recipe: PublicRecipe): PublicRecipe {
  return recipe;
}

/**
 * Everything readable without signing in: the recipe behind a public link (as JSON
 * and as a page), and the cards link previews show of a recipe address.
 */
export const publicRoutes: RestRouteModule = ({
  table,
  config,
  webApp,
  services: { shares, previews, photos },
}) => {
  const baseUrl = (req: Request) =>
    config.publicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;

  table.add({
    method: 'get',
    path: '/api/v1/public/shares/:token',
    operationId: 'get-public-recipe',
    summary: 'Read the recipe behind a public link',
    description:
      'No session needed. A link that is unknown, revoked, paused, limited by the maximum lifetime or expired ' +
      'answers the same 404, exactly {title, status, detail}.',
    tag: 'public',
    access: PUBLIC,
    params: { token: tokenParam },
    responses: { 200: { schema: 'PublicRecipe' } },
    errors: [404],
    handle: async ({ params, res }) => {
      try {
        const recipe = await shares.read(params.token);
        setPublicHeaders(res);
        // Anybody can read it: no `$schema` or describedBy link to other parts of the API.
        res
          .status(200)
          .type('application/json')
          .send(JSON.stringify(presentPublicRecipe(recipe)));
      } catch (error) {
        if (!(error instanceof ShareNotAvailable)) throw error;
        sendPublicNotFound(res, DEAD_LINK_BODY);
      }
    },
  });

  table.add({
    method: 'get',
    path: '/s/:token',
    operationId: 'public-recipe-page',
    summary: 'The public page of a shared recipe',
    description:
      'Server-rendered HTML without any script. A dead link shows the same "not available" page with status 404.',
    tag: 'public',
    access: PUBLIC,
    params: { token: tokenParam },
    responses: { 200: { content: 'text/html' }, 404: { content: 'text/html' } },
    handle: async ({ params, res }) => {
      const token = params.token;
      try {
        const recipe = await shares.read(token);
        sendPage(
          res,
          200,
          recipePage(recipe, {
            imageUrl: (image, file) =>
              `/public-images/${encodeURIComponent(token)}/${encodeURIComponent(image.id)}/${file}`,
          }),
        );
      } catch (error) {
        if (!(error instanceof ShareNotAvailable)) throw error;
        sendPage(res, 404, notAvailablePage());
      }
    },
  });

  table.add({
    method: 'get',
    path: '/public-images/:token/:imageId/:file',
    operationId: 'get-public-image-file',
    summary: 'Read a photo of the recipe behind a public link',
    description:
      `No session needed, like get-public-recipe. file is ${PHOTO_FILES.join(', ')}. A photo of another recipe, an ` +
      'unknown size and a link that serves nothing answer the same 404 as a dead link.',
    tag: 'public',
    access: PUBLIC,
    params: {
      token: tokenParam,
      imageId: { schema: str({ minLength: 1 }) },
      file: { schema: str({ minLength: 1 }) },
    },
    responses: { 200: { content: 'image/jpeg', description: 'The JPEG; ETag, HEAD and single byte ranges' } },
    errors: [404],
    handle: async ({ params, req, res }) => {
      try {
        const { recipeId, imageId } = await shares.photo(params.token, params.imageId);
        const image = await photos.file(recipeId, imageId, params.file);
        setPublicHeaders(res);
        sendStoredImage(req, res, image, PUBLIC_HEADERS['Cache-Control']);
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind !== 'not_found') throw error;
        sendPublicNotFound(res, DEAD_LINK_BODY);
      }
    },
  });

  table.add({
    method: 'get',
    path: '/link-preview/:recipeId/:imageId',
    operationId: 'get-link-preview-cover',
    summary: 'Read the cover a link preview shows',
    description:
      `No session needed: the crawler building a link preview has none. The thumb of the recipe's cover while link ` +
      `previews are on and ?${PREVIEW_QUERY}= carries a valid token from create-share-link for this recipe. A photo ` +
      'that is not the cover, an invalid or expired token, a missing recipe and previews switched off answer the same 404.',
    tag: 'public',
    access: PUBLIC,
    params: { recipeId: { schema: str({ minLength: 1 }) }, imageId: { schema: str({ minLength: 1 }) } },
    query: {
      [PREVIEW_QUERY]: { schema: str(), description: 'The token of the address create-share-link returned' },
    },
    responses: { 200: { content: 'image/jpeg', description: 'The thumb of the cover' } },
    errors: [404],
    handle: async ({ params, query, req, res }) => {
      const recipeId = params.recipeId;
      const imageId = params.imageId;
      try {
        await previews.cover(recipeId, imageId, query[PREVIEW_QUERY]);
        const image = await photos.file(recipeId, imageId, 'thumb.jpg');
        setPublicHeaders(res);
        sendStoredImage(req, res, image, PUBLIC_HEADERS['Cache-Control']);
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind !== 'not_found') throw error;
        sendPublicNotFound(res, NO_PREVIEW_BODY);
      }
    },
  });

  table.add({
    method: 'get',
    path: '/recipes/:slug',
    operationId: 'recipe-link-preview-page',
    summary: 'What link previews of a recipe address show',
    description:
      `For crawlers building a link preview: Open Graph and Twitter tags with the recipe's title, one line of its ` +
      `description and its cover while link previews are on and ?${PREVIEW_QUERY}= carries a valid token from ` +
      'create-share-link; otherwise only a generic Larder card, never anything of the recipe.',
    tag: 'public',
    access: PUBLIC,
    // Any slug: one no recipe has (however long) shows the generic card, not a problem.
    params: { slug: { schema: str({ minLength: 1 }) } },
    query: {
      [PREVIEW_QUERY]: { schema: str(), description: 'The token create-share-link put in the address' },
    },
    responses: { 200: { content: 'text/html' } },
    handle: async ({ params, query, req, res }) => {
      const slug = params.slug;
      const token = query[PREVIEW_QUERY];
      const card = await previews.card(slug, token);
      const base = baseUrl(req);
      const imageUrl =
        card && card.coverImageId
          ? `${base}/link-preview/${encodeURIComponent(card.recipeId)}/${encodeURIComponent(card.coverImageId)}?${PREVIEW_QUERY}=${encodeURIComponent(String(token))}`
          : null;
      // The generic card names the service only: not even the slug asked for is echoed.
      const url = card
        ? `${base}/recipes/${encodeURIComponent(slug)}?${PREVIEW_QUERY}=${encodeURIComponent(String(token))}`
        : `${base}/`;
      // A member following the link lands in the web app, which carries the same preview tags.
      if (webApp) {
        const { documentTitle, head } = linkPreviewHead({ url, card, imageUrl });
        // Kept out of search engines and shared caches like the plain preview page; the referrer
        // policy stays the app's `same-origin` (the token never leaves for another site), since
        // `no-referrer` would make the app's own writes from this page send `Origin: null`.
        return webApp.send(res, 200, {
          title: documentTitle.__html,
          head: head.__html,
          headers: {
            'X-Robots-Tag': PUBLIC_HEADERS['X-Robots-Tag']!,
            'Cache-Control': PUBLIC_HEADERS['Cache-Control']!,
          },
        });
      }
      sendPage(res, 200, linkPreviewPage({ url, card, imageUrl }));
    },
  });
};
