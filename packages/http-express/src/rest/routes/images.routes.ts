import { MAX_IMAGE_UPLOAD_BYTES, PHOTO_FILES } from '@larder/domain';
import { scoped } from '../../operations/operation.js';
import { idParam } from '../../operations/params.js';
import { uploadBodySchema } from '../../schemas/image.schemas.js';
import { str } from '../../schemas/json-schema.js';
import { sendStoredImage } from '../image-response.js';
import { readUploadedFile } from '../multipart-upload.js';
import { sendJson } from '../send-json.js';
import type { RestRouteModule } from './route-module.js';

const anyText = { schema: str({ minLength: 1, maxLength: 128 }) };

/** A recipe's photos as files: the upload, and the rendered sizes. */
export const imageRoutes: RestRouteModule = ({ table, services: { photos } }) => {
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
    access: scoped('recipes:write'),
    params: { id: idParam },
    rawBody: { contentType: 'multipart/form-data', schema: uploadBodySchema },
    responses: { 201: { schema: 'Image' } },
    errors: [401, 403, 404, 413, 415, 422, 503],
    handle: async ({ caller, params, req, res, schemaUrl }) => {
      const recipeId = params.id;
      // Refusals that need no body come before a byte of it is read.
      await photos.checkUpload(caller, recipeId);
      const bytes = await readUploadedFile(req, MAX_IMAGE_UPLOAD_BYTES);
      sendJson(res, 201, 'Image', await photos.upload(caller, recipeId, bytes), schemaUrl);
    },
  });

  table.add({
    method: 'get',
    path: '/images/:recipeId/:imageId/:file',
    operationId: 'get-image-file',
    summary: 'Read a photo in one of its rendered sizes',
    description: `file is ${PHOTO_FILES.join(', ')}; anything else is a 404. Cached privately for a year (the address never changes content); ETag, HEAD and single byte ranges.`,
    tag: 'images',
    access: scoped('recipes:read'),
    params: { recipeId: idParam, imageId: idParam, file: anyText },
    responses: { 200: { content: 'image/jpeg', description: 'The JPEG' } },
    errors: [401, 403, 404, 503],
    handle: async ({ params, req, res }) => {
      const image = await photos.file(params.recipeId, params.imageId, params.file);
      sendStoredImage(req, res, image);
    },
  });
};
