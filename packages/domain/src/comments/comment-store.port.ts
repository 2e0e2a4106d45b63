import type { Comment, CommentReadingState } from './comment.js';

export interface NewComment {
  recipeId: string;
  authorId: string;
  body: string;
  createdAt: Date;
}

export interface CommentRepository {
  /** The reader's state on a recipe's comments, or null when there is no such recipe. */
  readingState(recipeId: string, readerId: string): Promise<CommentReadingState | null>;
  /** Every comment on the recipe, oldest (lowest id) first. */
  listForRecipe(recipeId: string): Promise<Comment[]>;
  byId(id: number): Promise<Comment | null>;
  /**
   * Stores a comment under a fresh id: `missing` when the recipe does not exist (any more),
   * `author_gone` when the author's account was deleted meanwhile (nothing kept).
   */
  insert(comment: NewComment): Promise<Comment | 'missing' | 'author_gone'>;
  /** Replaces the text and sets `editedAt`; null when the comment is gone. */
  updateBody(id: number, body: string, editedAt: Date): Promise<Comment | null>;
  delete(id: number): Promise<boolean>;
  /**
   * Raises the reader's seen mark on the recipe to `upTo`, capped at the recipe's newest comment
   * id and never lowered, in one statement: `missing` when there is no such recipe, `reader_gone`
   * when the reader's account was deleted meanwhile.
   */
  markSeen(recipeId: string, readerId: string, upTo: number): Promise<'marked' | 'missing' | 'reader_gone'>;
}
