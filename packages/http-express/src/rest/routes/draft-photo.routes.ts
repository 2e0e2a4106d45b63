import { DRAFT_PHOTO_ADDRESS_MAX } from '@larder/domain';
import { scoped } from '../../operations/operation.js';
import { DRAFT_PHOTO_PATH } from '../../operations/drafts.operations.js';
import { str } from '../../schemas/json-schema.js';
import type { RestRouteModule } from './route-module.js';

const DRAFT_PHOTO_SECONDS = 120;

/** The photo a draft found, fetched again from its site while the draft's ticket holds. */
export const draftPhotoRoutes: RestRouteModule = ({ table, services: { drafts } }) => {
  table.add({
    method: 'get',
    path: DRAFT_PHOTO_PATH,
    operationId: 'get-recipe-draft-photo',
    summary: 'The photo a draft found, while its token lasts',
    description:
      'The address comes from a draft’s `photo.href` and holds for two minutes, for the member who made the ' +
      'draft. The photo is fetched from its site again (public internet only, at most 10 MiB) and answered as ' +
      'the site served it when its bytes are a JPEG, PNG or WebP a recipe could keep (100–12000 px a side); ' +
      'anything else, an expired token included, is a 404. A member has at most three pages or draft photos ' +
      'read at once (429 with Retry-After beyond).',
    tag: 'recipes',
    access: scoped('recipes:write'),
    query: {
      src: { schema: str({ maxLength: DRAFT_PHOTO_ADDRESS_MAX }), required: true },
      token: { schema: str({ maxLength: 100 }), required: true },
    },
    responses: {
      200: {
        content: ['image/jpeg', 'image/png', 'image/webp'],
        description: 'The photo as the source served it',
      },
    },
    errors: [401, 403, 404, 422, 429],
    handle: async ({ caller, query, res }) => {
      const photo = await drafts.photo(caller, query.src ?? '', query.token ?? '');
      res.status(200).set({
        'Content-Type': photo.mediaType,
        'Content-Length': String(photo.bytes.byteLength),
        'Cache-Control': `private, max-age=${DRAFT_PHOTO_SECONDS}`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
      res.end(Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength));
    },
  });
};
