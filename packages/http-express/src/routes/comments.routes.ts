import { RecipeComments } from '@larder/domain';
import { str } from '../http/json-schema.js';

import { presentComment } from '../presenters/comment.presenter.js';
import { commentIdParam } from '../schemas/comment.schemas.js';
import { type RouteModule, idParam, signedIn } from './route-module.js';

export const commentRoutes: RouteModule = ({ table, container }) => {
  const comments = container.resolve(RecipeComments);

  table.add<{ body: string }>({
    method: 'post',
    path: '/api/v1/recipes/:id/comments',
    operationId: 'add-comment',
    summary: 'Write a comment on a recipe',
    description: "Any member may write on any recipe, locked ones included. The comment is the caller's.",
    tag: 'comments',
    access: { scope: 'recipes:write' },
    params: { id: idParam },
    body: { schema: 'CommentBody' },
    responses: { 201: { schema: 'Comment' } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params, body }) =>
      presentComment(await comments.add(signedIn(caller), String(params['id']), body.body)),
  });

  table.add({
    method: 'get',
    path: '/api/v1/comments',
    operationId: 'list-comments',
    summary: "List a recipe's comments, oldest first",
    description:
      "`new` marks comments by somebody else since the caller last marked the recipe's comments seen, " +
      "for the recipe's author and members with a comment on it. Listing marks nothing seen.",
    tag: 'comments',
    access: { scope: 'recipes:read' },
    query: { recipeId: { schema: str(), required: true, description: 'The recipe whose comments to list' } },
    responses: { 200: { schema: 'CommentList' } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, query }) => ({
      comments: (await comments.list(signedIn(caller), String(query['recipeId']))).map(presentComment),
    }),
  });

  table.add<{ body: string }>({
    method: 'patch',
    path: '/api/v1/comments/:commentId',
    operationId: 'edit-comment',
    summary: "Change the text of one's own comment",
    description: 'The comment keeps its id, so a change does not make it new to anybody again.',
    tag: 'comments',
    access: { scope: 'recipes:write' },
    params: { commentId: commentIdParam },
    body: { schema: 'CommentBody' },
    responses: { 200: { schema: 'Comment' } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params, body }) =>
      presentComment(await comments.edit(signedIn(caller), Number(params['commentId']), body.body)),
  });

  table.add({
    method: 'delete',
    path: '/api/v1/comments/:commentId',
    operationId: 'delete-comment',
    summary: 'Delete a comment',
    description: 'The person who wrote it, an admin or the owner.',
    tag: 'comments',
    access: { scope: 'recipes:write' },
    params: { commentId: commentIdParam },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params }) => {
      await comments.remove(signedIn(caller), Number(params['commentId']));
      return undefined;
    },
  });

  table.add<{ upTo: number }>({
    method: 'put',
    path: '/api/v1/recipes/:id/comments/seen',
    operationId: 'mark-comments-seen',
    summary: "Mark a recipe's comments as seen by the caller",
    description:
      'Called when the reader opens the comments, with the highest comment id loaded; comments above it stay new. ' +
      "The mark never passes the recipe's newest comment and never goes down. Needs only recipes:read: it moves the " +
      "caller's own marker and changes nothing anybody else sees.",
    tag: 'comments',
    access: { scope: 'recipes:read' },
    params: { id: idParam },
    body: { schema: 'MarkSeenInputBody' },
    responses: { 204: { empty: true } },
    errors: [401, 403, 404, 422],
    handle: async ({ caller, params, body }) => {
      await comments.markSeen(signedIn(caller), String(params['id']), body.upTo);
      return undefined;
    },
  });
};
