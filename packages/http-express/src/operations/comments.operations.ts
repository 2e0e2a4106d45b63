import type { RecipeComments } from '@larder/domain';
import { int, str } from '../schemas/json-schema.js';
import { CommentBodyInput, MarkSeenInputBody } from '../schemas/comment.schemas.js';
import { type AnyOperation, operation, scoped } from './operation.js';
import { idParam } from './params.js';
import { presentComment } from './presenters/comment.presenter.js';

export interface CommentServices {
  comments: RecipeComments;
}

const commentIdParam = {
  schema: int({ format: 'int64' }),
  description: 'The comment, by its numeric id',
};

/** Comments on recipes: write, list, edit, delete, and mark seen. */
export function commentOperations({ comments }: CommentServices): AnyOperation[] {
  return [
    operation({
      id: 'add-comment',
      summary: 'Write a comment on a recipe',
      description: "Any member may write on any recipe, locked ones included. The comment is the caller's.",
      tag: 'comments',
      access: scoped('recipes:write'),
      input: { path: { id: idParam }, body: CommentBodyInput },
      output: { status: 201, schema: 'Comment' },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id, body }) => presentComment(await comments.add(caller, id, body.body)),
    }),

    operation({
      id: 'list-comments',
      summary: "List a recipe's comments, oldest first",
      description:
        "`new` marks comments by somebody else since the caller last marked the recipe's comments seen, " +
        "for the recipe's author and members with a comment on it. Listing marks nothing seen.",
      tag: 'comments',
      access: scoped('recipes:read'),
      input: {
        query: {
          recipeId: { schema: str(), required: true, description: 'The recipe whose comments to list' },
        },
      },
      output: { status: 200, schema: 'CommentList' },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { recipeId }) => ({
        comments: (await comments.list(caller, recipeId)).map(presentComment),
      }),
    }),

    operation({
      id: 'edit-comment',
      summary: "Change the text of one's own comment",
      description: 'The comment keeps its id, so a change does not make it new to anybody again.',
      tag: 'comments',
      access: scoped('recipes:write'),
      input: { path: { commentId: commentIdParam }, body: CommentBodyInput },
      output: { status: 200, schema: 'Comment' },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { commentId, body }) =>
        presentComment(await comments.edit(caller, commentId, body.body)),
    }),

    operation({
      id: 'delete-comment',
      summary: 'Delete a comment',
      description: 'The person who wrote it, an admin or the owner.',
      tag: 'comments',
      access: scoped('recipes:write'),
      input: { path: { commentId: commentIdParam } },
      output: { status: 204 },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { commentId }) => {
        await comments.remove(caller, commentId);
      },
    }),

    operation({
      id: 'mark-comments-seen',
      summary: "Mark a recipe's comments as seen by the caller",
      description:
        'Called when the reader opens the comments, with the highest comment id loaded; comments above it stay new. ' +
        "The mark never passes the recipe's newest comment and never goes down. Needs only recipes:read: it moves the " +
        "caller's own marker and changes nothing anybody else sees.",
      tag: 'comments',
      access: scoped('recipes:read'),
      input: { path: { id: idParam }, body: MarkSeenInputBody },
      output: { status: 204 },
      errors: [401, 403, 404, 422],
      run: async ({ caller }, { id, body }) => {
        await comments.markSeen(caller, id, body.upTo);
      },
    }),
  ];
}
