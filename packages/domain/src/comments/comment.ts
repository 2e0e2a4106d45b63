import type { PersonRef } from '../accounts/account.js';

/** A member's remark on a recipe. Ids grow with every comment and are never given out twice. */
export interface Comment {
  id: number;
  recipeId: string;
  /** Who wrote it; null once their account was deleted (the comment stays). */
  author: PersonRef | null;
  body: string;
  createdAt: Date;
  /** When the author last changed the text; null when never. */
  editedAt: Date | null;
}

/** A comment as one member sees it. */
export interface CommentView extends Comment {
  canEdit: boolean;
  canDelete: boolean;
  /** Written by somebody else after the reader last marked the recipe's comments seen. */
  isNew: boolean;
}

/** What decides, for one reader and one recipe, which comments are new to them. */
export interface CommentReadingState {
  /** The recipe's author (null when that account is gone). */
  recipeAuthorId: string | null;
  /** Whether the reader has a comment of their own on the recipe. */
  readerHasCommented: boolean;
  /** The highest comment id the reader has marked seen on this recipe; 0 when never. */
  seenUpTo: number;
}
