import type { Account } from '../accounts/account.js';
import type { Caller } from '../accounts/caller.js';
import type { CoreDependencies } from '../core-dependencies.js';
import { Forbidden, NotFound, removedWhile } from '../shared/errors.js';
import type { Comment, CommentReadingState, CommentView } from './comment.js';
import { commentBody } from './comment-body.js';
import { isNewComment, mayDeleteComment, mayEditComment } from './comment-rules.js';
import { recipeNotFound } from '../recipes/recipe-errors.js';

/** A comment just written or changed is the reader's own, so `isNewComment` answers false whatever the mark. */
const OWN: CommentReadingState = { recipeAuthorId: null, readerHasCommented: true, seenUpTo: 0 };

/**
 * The household's conversation on recipes. Every member reads and writes on every recipe,
 * locked ones included; a member changes only their own comments, admins and the owner remove any.
 */
export class RecipeComments {
  constructor(private readonly deps: CoreDependencies) {}

  /** The recipe's comments, oldest first, with the reader's new marks. Marks nothing seen. */
  async list(caller: Caller, recipeId: string): Promise<CommentView[]> {
    const { comments } = this.deps.store;
    const state = await comments.readingState(recipeId, caller.account.id);
    if (!state) throw recipeNotFound();
    const list = await comments.listForRecipe(recipeId);
    return list.map((comment) => viewOf(comment, caller.account, state));
  }

  async add(caller: Caller, recipeId: string, rawBody: string): Promise<CommentView> {
    const body = commentBody(rawBody);
    const created = await this.deps.store.comments.insert({
      recipeId,
      authorId: caller.account.id,
      body,
      createdAt: this.deps.clock.now(),
    });
    if (created === 'author_gone') throw removedWhile('the comment was written');
    if (created === 'missing') throw recipeNotFound();
    return viewOf(created, caller.account, OWN);
  }

  /** Changes the text of one's own comment. Its id stays, so it does not become new again. */
  async edit(caller: Caller, commentId: number, rawBody: string): Promise<CommentView> {
    const { comments } = this.deps.store;
    const comment = await this.find(commentId);
    if (!mayEditComment(caller.account, comment)) {
      throw new Forbidden('comments.not_yours', 'Only the person who wrote a comment can change it.');
    }
    const body = commentBody(rawBody);
    const updated = await comments.updateBody(commentId, body, this.deps.clock.now());
    if (!updated) throw commentNotFound();
    return viewOf(updated, caller.account, OWN);
  }

  async remove(caller: Caller, commentId: number): Promise<void> {
    const comment = await this.find(commentId);
    if (!mayDeleteComment(caller.account, comment)) {
      throw new Forbidden(
        'comments.not_yours',
        'Only the person who wrote a comment, an admin or the owner can remove it.',
      );
    }
    if (!(await this.deps.store.comments.delete(commentId))) throw commentNotFound();
  }

  /**
   * The reader has seen the recipe's comments up to `upTo` (the highest id their page showed).
   * The mark never passes the recipe's newest comment and never goes down.
   */
  async markSeen(caller: Caller, recipeId: string, upTo: number): Promise<void> {
    const outcome = await this.deps.store.comments.markSeen(recipeId, caller.account.id, upTo);
    if (outcome === 'reader_gone') throw removedWhile('the comments were marked seen');
    if (outcome === 'missing') throw recipeNotFound();
  }

  private async find(commentId: number): Promise<Comment> {
    const comment = await this.deps.store.comments.byId(commentId);
    if (!comment) throw commentNotFound();
    return comment;
  }
}

function viewOf(comment: Comment, reader: Account, state: CommentReadingState): CommentView {
  return {
    ...comment,
    canEdit: mayEditComment(reader, comment),
    canDelete: mayDeleteComment(reader, comment),
    isNew: isNewComment(comment, reader.id, state),
  };
}

function commentNotFound(): NotFound {
  return new NotFound('comments.not_found', 'No such comment.');
}
