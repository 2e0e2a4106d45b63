import { type Kysely, sql } from 'kysely';

/**
 * The words of every recipe's search document, one row per word and recipe, so that a search
 * finds its recipes by prefix through a btree (`word >= 'garl' and word < 'garl' || U+10FFFF`)
 * instead of checking each candidate's whole search document. `weight` is the best place the word
 * stands: A title, B tags and ingredients, C description, D steps; `updated_at` is the recipe's, so
 * that a search in the default order needs no other table. Kept by a trigger whenever `search` is
 * written (every save writes it, and only saves move `updated_at`), so no code path can forget it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table recipe_words (
      word text collate "C" not null,
      recipe_id text not null references recipes (id) on delete cascade,
      weight "char" not null,
      updated_at timestamptz not null,
      primary key (word, recipe_id) include (weight, updated_at)
    )`.execute(db);
  await sql`create index recipe_words_by_recipe on recipe_words (recipe_id)`.execute(db);
  await sql`
    create function recipe_words_sync() returns trigger language plpgsql as $$
    begin
      delete from recipe_words where recipe_id = new.id;
      insert into recipe_words (word, recipe_id, weight, updated_at)
        select u.lexeme, new.id, (select min(w) from unnest(u.weights) w)::"char", new.updated_at
        from unnest(new.search) u;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger recipes_words after insert or update of search, updated_at on recipes
    for each row execute function recipe_words_sync()`.execute(db);
  await sql`
    insert into recipe_words (word, recipe_id, weight, updated_at)
      select u.lexeme, r.id, (select min(w) from unnest(u.weights) w)::"char", r.updated_at
      from recipes r cross join lateral unnest(r.search) u`.execute(db);
  // Searches no longer read the search document itself.
  await sql`drop index recipes_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index recipes_search on recipes using gin (search)`.execute(db);
  await sql`drop trigger recipes_words on recipes`.execute(db);
  await sql`drop function recipe_words_sync()`.execute(db);
  await sql`drop table recipe_words`.execute(db);
}
