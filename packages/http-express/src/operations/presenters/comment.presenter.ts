import type { CommentView, PersonRef } from '@larder/domain';

function presentAuthor(person: PersonRef) {
  return {
    id: person.id,
    username: person.username,
    displayName: person.displayName,
    color: person.color,
    avatarId: person.avatarId,
  };
}

/** A comment as the caller sees it (`Comment`); without `author` once the author's account is gone. */
export function presentComment(comment: CommentView) {
  return {
    id: comment.id,
    ...(comment.author ? { author: presentAuthor(comment.author) } : {}),
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt ? comment.editedAt.toISOString() : null,
    canEdit: comment.canEdit,
    canDelete: comment.canDelete,
    new: comment.isNew,
  };
}
