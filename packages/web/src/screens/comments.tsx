import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../action';
import { ApiError, api } from '../api';
import type { Comment, Recipe } from '../api';
import { PersonBadge } from '../components/person-badge';
import { dateTime, t } from '../i18n';
import { isGone, problemText } from '../problem-text';
import { useSession } from '../session';
import { useUnsavedText } from '../unsaved';

/** Why a comment was refused: its field's problem, or the problem's sentence (in the member's language). */
const refusal = (e: unknown) => (e instanceof ApiError && e.issues[0]?.message) || problemText(e);

/** A recipe's comments: read, write, edit one's own, delete; the new ones marked until seen. */
export function Comments({ recipe }: { recipe: Recipe }) {
  const { me } = useSession();
  const [comments, setComments] = useState<Comment[] | null>(null);
  // A comment being written is kept until it is sent, as the editor keeps a recipe's changes.
  const place = `comment.${recipe.id}`;
  const [text, setText, forget] = useUnsavedText(me.id, place);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    const answer = await api<{ comments: Comment[] | null }>(
      'GET',
      `/api/v1/comments?recipeId=${encodeURIComponent(recipe.id)}`,
    );
    const list = answer.comments ?? [];
    setComments(list);
    // Shown now: the new marks stay on screen, and are cleared for the next visit.
    if (list.some((c) => c.new)) {
      const upTo = Math.max(...list.map((c) => c.id));
      await api('PUT', `/api/v1/recipes/${recipe.id}/comments/seen`, { upTo }).catch(() => undefined);
    }
  };

  useEffect(() => {
    void load().catch(() => setComments([]));
  }, [recipe.id]);

  const send = useAction(async () => {
    setError(null);
    try {
      const comment = await api<Comment>('POST', `/api/v1/recipes/${recipe.id}/comments`, { body: text });
      setComments([...(comments ?? []), comment]);
      forget();
      setText('');
    } catch (e) {
      setError(refusal(e));
    }
  });

  return (
    <section class="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">{t('comments')}</h2>
      {comments === null ? (
        <p class="loading">{t('loading')}</p>
      ) : comments.length === 0 ? (
        <p>{t('noComments')}</p>
      ) : (
        <ol>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              onChanged={(changed) =>
                setComments(comments.map((c) => (c.id === changed.id ? { ...changed, new: c.new } : c)))
              }
              onDeleted={() => setComments(comments.filter((c) => c.id !== comment.id))}
            />
          ))}
        </ol>
      )}
      <form onSubmit={send.submit} class="stack">
        <label>
          <span>{t('writeComment')}</span>
          <textarea
            dir="auto"
            required
            maxLength={2000}
            rows={3}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            aria-describedby={error ? 'comment-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </label>
        {error && (
          <p class="error" id="comment-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={text.trim() === ''} {...send.button}>
          {t('send')}
        </button>
      </form>
    </section>
  );
}

function CommentItem({
  comment,
  onChanged,
  onDeleted,
}: {
  comment: Comment;
  onChanged: (c: Comment) => void;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
  const save = useAction(async () => {
    try {
      onChanged(await api<Comment>('PATCH', `/api/v1/comments/${comment.id}`, { body: text }));
      setEditing(false);
      setError(null);
    } catch (e) {
      setError(refusal(e));
    }
  });
  const [removeError, setRemoveError] = useState<string | null>(null);
  const remove = useAction(async () => {
    if (!confirm(t('deleteComment'))) return;
    setRemoveError(null);
    try {
      await api('DELETE', `/api/v1/comments/${comment.id}`);
    } catch (e) {
      // Deleted meanwhile: it goes from the screen as well.
      if (!isGone(e)) return setRemoveError(problemText(e));
    }
    onDeleted();
  });
  return (
    <li class={comment.new ? 'comment new' : 'comment'}>
      <p class="comment-head">
        {comment.author && <PersonBadge person={comment.author} size={24} decorative />}
        <strong>{comment.author?.displayName ?? t('formerMember')}</strong>
        <time dateTime={comment.createdAt}>{dateTime(comment.createdAt)}</time>
        {comment.editedAt && <span class="muted">({t('edited')})</span>}
        {comment.new && <span class="new-badge">{t('newBadge')}</span>}
      </p>
      {editing ? (
        <form onSubmit={save.submit} class="stack">
          <label>
            <span class="visually-hidden">{t('edit')}</span>
            <textarea
              dir="auto"
              required
              maxLength={2000}
              rows={3}
              value={text}
              onInput={(e) => setText(e.currentTarget.value)}
            />
          </label>
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          <div class="row">
            <button type="submit" class="primary" {...save.button}>
              {t('save')}
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setText(comment.body);
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <p class="comment-body" dir="auto">
          {comment.body}
        </p>
      )}
      {!editing && (comment.canEdit || comment.canDelete) && (
        <div class="row">
          {comment.canEdit && (
            <button type="button" class="link" onClick={() => setEditing(true)}>
              {t('edit')}
            </button>
          )}
          {comment.canDelete && (
            <button type="button" class="link danger" {...remove.button} onClick={() => void remove.run()}>
              {t('delete')}
            </button>
          )}
        </div>
      )}
      {removeError && (
        <p class="error" role="alert">
          {removeError}
        </p>
      )}
    </li>
  );
}
