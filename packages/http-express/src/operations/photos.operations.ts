import type { Avatars, RecipePhotos } from '@larder/domain';
import { CoverInputBody, OrderInputBody } from '../schemas/image.schemas.js';
import { type AnyOperation, SESSION, operation, scoped } from './operation.js';
import { idParam } from './params.js';

export interface PhotoServices {
  photos: RecipePhotos;
  avatars: Avatars;
}

/**
 * Photos and pictures, as far as no file travels: removing them, the cover, the order.
 * Uploads and the files themselves are REST routes of their own.
 */
export function photoOperations({ photos, avatars }: PhotoServices): AnyOperation[] {
  return [
    operation({
      id: 'delete-image',
      summary: 'Delete a photo; a deleted cover passes to the next photo',
      description:
        'Removes one photo with all its sizes; when it was the cover, the next photo in order becomes the cover. Whoever may edit the recipe.',
      tag: 'images',
      access: scoped('recipes:write'),
      input: { path: { id: idParam, imageId: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id, imageId }) => {
        await photos.remove(caller, id, imageId);
      },
    }),

    operation({
      id: 'set-cover',
      summary: 'Choose the cover photo',
      description:
        "Makes one of the recipe's photos its cover (the card picture and the link preview). Whoever may edit the recipe.",
      tag: 'images',
      access: scoped('recipes:write'),
      input: { path: { id: idParam }, body: CoverInputBody },
      output: { status: 204 },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id, body }) => {
        await photos.setCover(caller, id, body.imageId);
      },
    }),

    operation({
      id: 'reorder-images',
      summary: "Reorder a recipe's photos",
      description: 'imageIds must name every photo of the recipe exactly once, else 422.',
      tag: 'images',
      access: scoped('recipes:write'),
      input: { path: { id: idParam }, body: OrderInputBody },
      output: { status: 200, schema: 'OrderResult' },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id, body }) => ({
        items: await photos.reorder(caller, id, body.imageIds ?? []),
      }),
    }),

    operation({
      id: 'delete-own-avatar',
      summary: 'Remove the own picture',
      description:
        "Removes the signed-in member's picture; their initials on their colour stand in everywhere. Removing none is fine (204).",
      tag: 'auth',
      access: SESSION,
      input: {},
      output: { status: 204 },
      errors: [401, 403],
      run: async ({ caller }) => {
        await avatars.remove(caller, caller.account.id);
      },
    }),

    operation({
      id: 'delete-user-avatar',
      summary: "Remove another account's picture (owner only)",
      description:
        "Removes a member's picture (a picture that should not be there). Admins and the owner, for accounts they manage.",
      tag: 'users',
      access: scoped('users:write'),
      input: { path: { id: idParam } },
      output: { status: 204 },
      errors: [401, 403, 404],
      run: async ({ caller }, { id }) => {
        await avatars.remove(caller, id);
      },
    }),
  ];
}
