import { Avatars, type Caller, MAX_IMAGE_UPLOAD_BYTES, parseSquareCrop } from '@larder/domain';
import { sendStoredImage } from '../http/image-response.js';
import { readUploadedFile } from '../http/multipart-upload.js';

import { uploadBodySchema } from '../schemas/image.schemas.js';
import { type RouteModule, idParam, signedIn } from './route-module.js';

const CROP_TEXT =
  'The square to keep, as x,y,size: x and y place its top-left corner as fractions of the upright ' +
  "image's width and height, size is its side as a fraction of the shorter side. Absent keeps the centered square.";
const cropQuery = { crop: { schema: { type: 'string', maxLength: 64, description: CROP_TEXT } } };
const SIZE_TEXT =
  'Multipart field `file`; JPEG, PNG or WebP, at most 10 MiB, at least 64 px a side. Stored as one square JPEG of at most 512 px, without metadata.';

/** Profile pictures: one's own, the owner's changes to others', and the files. */
export const avatarRoutes: RouteModule = ({ table, container }) => {
  const avatars = container.resolve(Avatars);

  const set = async (
    caller: Caller,
    accountId: string,
    req: Parameters<typeof readUploadedFile>[0],
    crop: unknown,
  ) => {
    const square = parseSquareCrop(typeof crop === 'string' ? crop : undefined);
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
    access: 'session',
    query: cropQuery,
    rawBody: { contentType: 'multipart/form-data', schema: uploadBodySchema },
    responses: { 200: { schema: 'AvatarResult' } },
    errors: [401, 403, 413, 415, 422],
    handle: async ({ caller, req, query }) =>
      set(signedIn(caller), signedIn(caller).account.id, req, query['crop']),
  });

  table.add({
    method: 'delete',
    path: '/api/v1/auth/me/avatar',
    operationId: 'delete-own-avatar',
    summary: 'Remove the own picture',
    tag: 'auth',
    access: 'session',
    responses: { 204: { empty: true } },
    errors: [401, 403],
    handle: async ({ caller }) => {
      await avatars.remove(signedIn(caller), signedIn(caller).account.id);
      return undefined;
    },
  });

  table.add({
    method: 'put',
    path: '/api/v1/users/:id/avatar',
    operationId: 'set-user-avatar',
    summary: "Set another account's picture (owner only)",
    description: `${CROP_TEXT} ${SIZE_TEXT}`,
    tag: 'users',
    access: { scope: 'users:write' },
    params: { id: idParam },
    query: cropQuery,
    rawBody: { contentType: 'multipart/form-data', schema: uploadBodySchema },
    responses: { 200: { schema: 'AvatarResult' } },
    errors: [401, 403, 404, 413, 415, 422],
    handle: async ({ caller, params, req, query }) =>
      set(signedIn(caller), String(params['id']), req, query['crop']),
  });

  table.add({
    method: 'delete',
    path: '/api/v1/users/:id/avatar',
    operationId: 'delete-user-avatar',
    summary: "Remove another account's picture (owner only)",
    tag: 'users',
    access: { scope: 'users:write' },
    params: { id: idParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404],
    handle: async ({ caller, params }) => {
      await avatars.remove(signedIn(caller), String(params['id']));
      return undefined;
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
    access: { scope: 'users:read' },
    params: { userId: idParam, file: { schema: { type: 'string', minLength: 1, maxLength: 128 } } },
    responses: { 200: { content: 'image/jpeg', description: 'The JPEG' } },
    errors: [401, 403, 404],
    describedBy: false,
    handle: async ({ params, req, res }) => {
      sendStoredImage(req, res, await avatars.file(String(params['userId']), String(params['file'])));
      return undefined;
    },
  });
};
