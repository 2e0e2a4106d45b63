import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration must never import application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row holds a whole recipe: its ingredient groups and steps (with their
  // references and times) are jsonb columns, so saving a recipe replaces one row
  // and two saves racing leave one whole version, never a mix.
  await sql`
    create table recipes (
      id text primary key,
      slug text not null unique,
      title text not null,
      title_sort text not null,
      description text not null default '',
      servings integer not null check (servings >= 1),
      prep_minutes integer check (prep_minutes >= 0),
      cook_minutes integer check (cook_minutes >= 0),
      total_minutes integer generated always as (
        case when prep_minutes is null and cook_minutes is null then null
             else coalesce(prep_minutes, 0) + coalesce(cook_minutes, 0) end
      ) stored,
      source_url text,
      source_name text,
      tags text[] not null default '{}',
      ingredient_groups jsonb not null default '[]',
      steps jsonb not null default '[]',
      edit_policy text not null default 'default' check (edit_policy in ('default', 'open', 'locked')),
      created_by text references accounts (id) on delete set null,
      updated_by text references accounts (id) on delete set null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      search tsvector not null
    )`.execute(db);
  await sql`create index recipes_by_updated on recipes (updated_at desc, id)`.execute(db);
  await sql`create index recipes_by_created on recipes (created_at desc, id)`.execute(db);
  await sql`create index recipes_by_title on recipes (title_sort collate "C", id)`.execute(db);
  await sql`create index recipes_by_author on recipes (created_by)`.execute(db);
  await sql`create index recipes_by_editor on recipes (updated_by)`.execute(db);
  await sql`create index recipes_tags on recipes using gin (tags)`.execute(db);
  await sql`create index recipes_search on recipes using gin (search)`.execute(db);

  // Private to each member: nobody else ever sees whose favorite a recipe is.
  await sql`
    create table recipe_favorites (
      account_id text not null references accounts (id) on delete cascade,
      recipe_id text not null references recipes (id) on delete cascade,
      created_at timestamptz not null,
      primary key (account_id, recipe_id)
    )`.execute(db);
  await sql`create index recipe_favorites_by_recipe on recipe_favorites (recipe_id)`.execute(db);

  // Seen by everyone: how many members marked a recipe tasty, and who.
  await sql`
    create table recipe_tasty_marks (
      recipe_id text not null references recipes (id) on delete cascade,
      account_id text not null references accounts (id) on delete cascade,
      created_at timestamptz not null,
      primary key (recipe_id, account_id)
    )`.execute(db);
  await sql`create index recipe_tasty_marks_by_account on recipe_tasty_marks (account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['recipe_tasty_marks', 'recipe_favorites', 'recipes']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
