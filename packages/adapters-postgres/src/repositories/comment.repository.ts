import type { Comment, CommentReadingState, CommentRepository, NewComment } from '@larder/domain';
import { type RawBuilder, sql } from 'kysely';
import { brokenForeignKey, type Executor } from './executor.js';

interface CommentRow {
  id: number | string;
  recipe_id: string;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  author_id: string | null;
  author_username: string | null;
  author_display_name: string | null;
  author_color: string | null;
  author_avatar_id: string | null;
}

function commentFromRow(row: CommentRow): Comment {
  return {
    id: Number(row.id),
    recipeId: row.recipe_id,
    author:
      row.author_id === null
        ? null
        : {
            id: row.author_id,
            username: row.author_username ?? '',
            displayName: row.author_display_name ?? '',
            color: row.author_color ?? '',
            avatarId: row.author_avatar_id,
          },
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
  };
}

/**
 * SQL: whether the recipe behind the alias `recipe` (a row of `recipes`) holds a comment that is
 * new to the reader — the domain's `isNewComment` for a whole listing in one statement: only for
 * the recipe's author or a member with a comment on it; by somebody else; above the reader's mark.
 */
export function hasNewComments(recipe: string, readerId: unknown): RawBuilder<boolean> {
  const id = sql.ref(`${recipe}.id`);
  const author = sql.ref(`${recipe}.created_by`);
  return sql<boolean>`(
    (${author} is not distinct from ${readerId}
      or exists (select 1 from comments mine where mine.recipe_id = ${id} and mine.author_id = ${readerId}))
    and exists (
      select 1 from comments c
       where c.recipe_id = ${id}
         and c.author_id is distinct from ${readerId}
         and c.id > coalesce((select s.last_seen_id from comment_seen s
                               where s.recipe_id = ${id} and s.account_id = ${readerId}), 0)))`;
}

export class PostgresCommentRepository implements CommentRepository {
  constructor(private readonly db: Executor) {}

  /** Comments with their author's person reference (absent once the account is deleted). */
  private withAuthors() {
    return this.db
      .selectFrom('comments as c')
      .leftJoin('accounts as a', 'a.id', 'c.author_id')
      .select([
        'c.id',
        'c.recipe_id',
        'c.body',
        'c.created_at',
        'c.edited_at',
        'c.author_id',
        'a.username as author_username',
        'a.display_name as author_display_name',
        'a.color as author_color',
        'a.avatar_id as author_avatar_id',
      ]);
  }

  async readingState(recipeId: string, readerId: string): Promise<CommentReadingState | null> {
    const { rows } = await sql<{
      author_id: string | null;
      has_commented: boolean;
      seen_up_to: number | string;
    }>`
      select r.created_by as author_id,
             exists (select 1 from comments c where c.recipe_id = r.id and c.author_id = ${readerId}) as has_commented,
             coalesce((select s.last_seen_id from comment_seen s
                        where s.recipe_id = r.id and s.account_id = ${readerId}), 0) as seen_up_to
        from recipes r
       where r.id = ${recipeId}`.execute(this.db);
    const row = rows[0];
    if (!row) return null;
    return {
      recipeAuthorId: row.author_id,
      readerHasCommented: row.has_commented,
      seenUpTo: Number(row.seen_up_to),
    };
  }

  async listForRecipe(recipeId: string): Promise<Comment[]> {
    const rows = await this.withAuthors().where('c.recipe_id', '=', recipeId).orderBy('c.id').execute();
    return rows.map(commentFromRow);
  }

  async byId(id: number): Promise<Comment | null> {
    const row = await this.withAuthors().where('c.id', '=', id).executeTakeFirst();
    return row ? commentFromRow(row) : null;
  }

  async insert(comment: NewComment): Promise<Comment | 'missing' | 'author_gone'> {
    try {
      // Inserted only when the recipe exists; a recipe or author deleted meanwhile trips a foreign key.
      const { rows } = await sql<{ id: number | string }>`
        insert into comments (recipe_id, author_id, body, created_at)
        select r.id, ${comment.authorId}, ${comment.body}, ${comment.createdAt}
          from recipes r
         where r.id = ${comment.recipeId}
        returning id`.execute(this.db);
      const inserted = rows[0];
      const created = inserted ? await this.byId(Number(inserted.id)) : null;
      return created ?? 'missing';
    } catch (error) {
      const key = brokenForeignKey(error);
      if (key === 'comments_author_id_fkey') return 'author_gone';
      if (key !== null) return 'missing';
      throw error;
    }
  }

  async updateBody(id: number, body: string, editedAt: Date): Promise<Comment | null> {
    const result = await this.db
      .updateTable('comments')
      .set({ body, edited_at: editedAt })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? this.byId(id) : null;
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async markSeen(
    recipeId: string,
    readerId: string,
    upTo: number,
  ): Promise<'marked' | 'missing' | 'reader_gone'> {
    try {
      // One statement: greatest(existing, least(upTo, newest id)), so concurrent calls cannot lower it.
      const { rows } = await sql<{ recipe_id: string }>`
        insert into comment_seen (recipe_id, account_id, last_seen_id)
        select r.id, ${readerId},
               least(${upTo}::bigint, coalesce((select max(c.id) from comments c where c.recipe_id = r.id), 0))
          from recipes r
         where r.id = ${recipeId}
        on conflict (recipe_id, account_id)
        do update set last_seen_id = greatest(comment_seen.last_seen_id, excluded.last_seen_id)
        returning recipe_id`.execute(this.db);
      return rows.length > 0 ? 'marked' : 'missing';
    } catch (error) {
      const key = brokenForeignKey(error);
      if (key === 'comment_seen_account_id_fkey') return 'reader_gone';
      if (key !== null) return 'missing';
      throw error;
    }
  }
}
