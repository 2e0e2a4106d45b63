import { type Account, isAdmin } from '../accounts/account.js';
import type { Comment, CommentReadingState } from './comment.js';

/** Only the author changes a comment's text; a comment whose author is gone stays as it is. */
export function mayEditComment(reader: Account, comment: Comment): boolean {
  return comment.author !== null && comment.author.id === reader.id;
}

/** The author removes their own comment; admins and the owner remove any. */
export function mayDeleteComment(reader: Account, comment: Comment): boolean {
  return mayEditComment(reader, comment) || isAdmin(reader);
}

/**
 * New marks are kept only for the people a conversation concerns: the recipe's author and
 * members who wrote a comment on it. Everyone else reads every comment as not new.
 */
export function followsComments(readerId: string, state: CommentReadingState): boolean {
  return state.recipeAuthorId === readerId || state.readerHasCommented;
}

/**
 * New: written by somebody else, with an id above the reader's seen mark. Compared by id, never
 * by time, so a changed clock cannot hide a comment and editing a comment does not renew it.
 */
export function isNewComment(comment: Comment, readerId: string, state: CommentReadingState): boolean {
  if (!followsComments(readerId, state)) return false;
  if (comment.author !== null && comment.author.id === readerId) return false;
  return comment.id > state.seenUpTo;
}
