import { MAX_IMAGE_UPLOAD_BYTES, PHOTO_FILES, RecipePhotos } from '@larder/domain';
import { sendStoredImage } from '../http/image-response.js';
import { readUploadedFile } from '../http/multipart-upload.js';

import { uploadBodySchema } from '../schemas/image.schemas.js';
import { type RouteModule, idParam, signedIn } from './route-module.js';

const anyText = { schema: { type: 'string', minLength: 1, maxLength: 128 } };

/** A recipe's photos: upload, remove, cover, order, and the rendered files. */
export const imageRoutes: RouteModule = ({ table, container }) => {
  const photos = container.resolve(RecipePhotos);

  table.add({
    method: 'post',
    path: '/api/v1/recipes/:id/images',
    operationId: 'upload-image',
    summary: 'Upload a photo (JPEG, PNG or WebP, at most 10 MiB)',
    description:
      'Multipart field `file`. The type is read from the bytes. Renders thumb.jpg (480 px long edge), detail.jpg ' +
      '(1600 px) and original.jpg (at most 4096 px), upright and without metadata. The first photo becomes the cover. ' +
      '413 over the size limit, 415 for another type, 422 for a size outside 100–12000 px a side or 40 megapixels, ' +
      'an unreadable image, or a recipe that already has 20 photos.',
    tag: 'images',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    rawBody: { contentType: 'multipart/form-data', schema: uploadBodySchema },
    responses: { 201: { schema: 'Image' } },
    errors: [401, 403, 404, 413, 415, 422, 503],
    handle: async ({ caller, params, req }) => {
      // Refusals that need no body come before a byte of it is read.
      await photos.checkUpload(signedIn(caller), String(params['id']));
      const bytes = await readUploadedFile(req, MAX_IMAGE_UPLOAD_BYTES);
      return photos.upload(signedIn(caller), String(params['id']), bytes);
    },
  });

  table.add({
    method: 'delete',
    path: '/api/v1/recipes/:id/images/:imageId',
    operationId: 'delete-image',
    summary: 'Delete a photo; a deleted cover passes to the next photo',
    tag: 'images',
    access: { scope: 'recipes:write' },
    params: { id: idParam, imageId: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params }) => {
      await photos.remove(signedIn(caller), String(params['id']), String(params['imageId']));
      return undefined;
    },
  });

  table.add<{ imageId: string }>({
    method: 'put',
    path: '/api/v1/recipes/:id/cover',
    operationId: 'set-cover',
    summary: 'Choose the cover photo',
    tag: 'images',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    body: { schema: 'CoverInput' },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params, body }) => {
      await photos.setCover(signedIn(caller), String(params['id']), body.imageId);
      return undefined;
    },
  });

  table.add<{ imageIds: string[] | null }>({
    method: 'put',
    path: '/api/v1/recipes/:id/images/order',
    operationId: 'reorder-images',
    summary: "Reorder a recipe's photos",
    description: 'imageIds must name every photo of the recipe exactly once, else 422.',
    tag: 'images',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    body: { schema: 'OrderInput' },
    responses: { 200: { schema: 'OrderResult' } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params, body }) => ({
      items: await photos.reorder(signedIn(caller), String(params['id']), body.imageIds ?? []),
    }),
  });

  table.add({
    method: 'get',
    path: '/images/:recipeId/:imageId/:file',
    operationId: 'get-image-file',
    summary: 'Read a photo in one of its rendered sizes',
    description: `file is ${PHOTO_FILES.join(', ')}; anything else is a 404. Cached privately for a year (the address never changes content); ETag, HEAD and single byte ranges.`,
    tag: 'images',
    access: { scope: 'recipes:read' },
    params: { recipeId: idParam, imageId: idParam, file: anyText },
    responses: { 200: { content: 'image/jpeg', description: 'The JPEG' } },
    errors: [401, 403, 404, 503],
    describedBy: false,
    handle: async ({ params, req, res }) => {
      const image = await photos.file(
        String(params['recipeId']),
        String(params['imageId']),
        String(params['file']),
      );
      sendStoredImage(req, res, image);
      return undefined;
    },
  });
};
