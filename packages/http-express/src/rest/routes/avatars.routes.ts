import { type Caller, MAX_IMAGE_UPLOAD_BYTES, parseSquareCrop } from '@larder/domain';
import type { Request } from 'express';
import { SESSION, scoped } from '../../operations/operation.js';
import { idParam } from '../../operations/params.js';
import { uploadBodySchema } from '../../schemas/image.schemas.js';
import { str } from '../../schemas/json-schema.js';
import { sendStoredImage } from '../image-response.js';
import { readUploadedFile } from '../multipart-upload.js';
import { sendJson } from '../send-json.js';
import type { RestRouteModule } from './route-module.js';

const CROP_TEXT =
  'The square to keep, as x,y,size: x and y place its top-left corner as fractions of the upright ' +
  "image's width and height, size is its side as a fraction of the shorter side. Absent keeps the centered square.";
const cropQuery = { crop: { schema: str({ maxLength: 64, description: CROP_TEXT }) } };
const SIZE_TEXT =
  'Multipart field `file`; JPEG, PNG or WebP, at most 10 MiB, at least 64 px a side. Stored as one square JPEG of at most 512 px, without metadata.';

/** Profile pictures as files: setting one's own or (the owner) another's, and reading them. */
export const avatarRoutes: RestRouteModule = ({ table, services: { avatars } }) => {
  const set = async (caller: Caller, accountId: string, req: Request, crop: string | undefined) => {
    const square = parseSquareCrop(crop);
    // Whoever may not change this picture is refused before a byte of the body is read.
    await avatars.assertMayChange(caller, accountId);
    const bytes = await readUploadedFile(req, MAX_IMAGE_UPLOAD_BYTES);
    return { avatarId: await avatars.set(caller, accountId, bytes, square) };
  };

  table.add({
    method: 'put',
    path: '/api/v1/auth/me/avatar',
    operationId: 'set-own-avatar',
    summary: 'Set the own picture (JPEG, PNG or WebP, at most 10 MiB)',
    description: `${CROP_TEXT} ${SIZE_TEXT}`,
    tag: 'auth',
    access: SESSION,
    query: cropQuery,
    rawBody: { contentType: 'multipart/form-data', schema: uploadBodySchema },
    responses: { 200: { schema: 'AvatarResult' } },
    errors: [401, 403, 413, 415, 422],
    handle: async ({ caller, req, res, query, schemaUrl }) => {
      const result = await set(caller, caller.account.id, req, query.crop);
      sendJson(res, 200, 'AvatarResult', result, schemaUrl);
    },
  });

  table.add({
    method: 'put',
    path: '/api/v1/users/:id/avatar',
    operationId: 'set-user-avatar',
    summary: "Set another account's picture (owner only)",
    description: `${CROP_TEXT} ${SIZE_TEXT}`,
    tag: 'users',
    access: scoped('users:write'),
    params: { id: idParam },
    query: cropQuery,
    rawBody: { contentType: 'multipart/form-data', schema: uploadBodySchema },
    responses: { 200: { schema: 'AvatarResult' } },
    errors: [401, 403, 404, 413, 415, 422],
    handle: async ({ caller, params, req, res, query, schemaUrl }) => {
      const result = await set(caller, params.id, req, query.crop);
      sendJson(res, 200, 'AvatarResult', result, schemaUrl);
    },
  });

  table.add({
    method: 'get',
    path: '/avatars/:userId/:file',
    operationId: 'get-avatar-file',
    summary: "Read an account's picture",
    description:
      'file is the avatarId followed by .jpg; a replaced picture answers 404. Cached privately for a year.',
    tag: 'users',
    access: scoped('users:read'),
    params: { userId: idParam, file: { schema: str({ minLength: 1, maxLength: 128 }) } },
    responses: { 200: { content: 'image/jpeg', description: 'The JPEG' } },
    errors: [401, 403, 404],
    handle: async ({ params, req, res }) => {
      sendStoredImage(req, res, await avatars.file(params.userId, params.file));
    },
  });
};
