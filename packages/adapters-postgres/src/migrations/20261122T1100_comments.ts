import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Identity ids are handed out once: a deleted comment's id is never given to another.
  // A comment outlives its author's account (author_id becomes null) but not its recipe.
  await sql`
    create table comments (
      id bigint generated always as identity primary key,
      recipe_id text not null references recipes (id) on delete cascade,
      author_id text references accounts (id) on delete set null,
      body text not null check (char_length(body) between 1 and 2000),
      created_at timestamptz not null,
      edited_at timestamptz
    )`.execute(db);
  await sql`create index comments_by_recipe on comments (recipe_id, id)`.execute(db);
  await sql`create index comments_by_author on comments (author_id, recipe_id)`.execute(db);

  // How far each member has read each recipe's comments: the highest comment id marked seen.
  await sql`
    create table comment_seen (
      recipe_id text not null references recipes (id) on delete cascade,
      account_id text not null references accounts (id) on delete cascade,
      last_seen_id bigint not null check (last_seen_id >= 0),
      primary key (recipe_id, account_id)
    )`.execute(db);
  await sql`create index comment_seen_by_account on comment_seen (account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table comment_seen`.execute(db);
  await sql`drop table comments`.execute(db);
}
