import { type Kysely, sql } from 'kysely';

/**
 * A search's equals come newest created first (was: most recently changed), so that a recipe's
 * rows in `recipe_words` carry its creation time, which never changes, and a save rewrites only
 * the words it adds, drops or moves to another place — none at all when its words stay — instead
 * of all of a recipe's ~60 rows on every save (the largest part of a save's database time, and of
 * the table's churn). The table is filled again from the recipes' search documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger recipes_words on recipes`.execute(db);
  await sql`drop trigger recipes_words_gone on recipes`.execute(db);
  await sql`drop function recipe_words_sync()`.execute(db);
  await sql`drop table recipe_words`.execute(db);
  await sql`
    create table recipe_words (
      word text collate "C" not null,
      recipe_id text not null,
      weight "char" not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    insert into recipe_words (word, recipe_id, weight, created_at)
      select u.lexeme, r.id, (select min(w) from unnest(u.weights) w)::"char", r.created_at
      from recipes r cross join lateral unnest(r.search) u`.execute(db);
  await sql`create index recipe_words_by_recipe on recipe_words (recipe_id)`.execute(db);
  await sql`create index recipe_words_ranked on recipe_words (word, weight, created_at desc, recipe_id)`.execute(
    db,
  );
  // One function for the three triggers: a new recipe adds its words, a deleted one takes them
  // along, and a save writes only the words that differ between its old and new search document
  // (a word and its place; the time they carry is the recipe's creation, which a save keeps).
  await sql`
    create function recipe_words_sync() returns trigger language plpgsql as $$
    declare
      before tsvector := ''::tsvector;
    begin
      if tg_op = 'DELETE' then
        delete from recipe_words where recipe_id = old.id;
        return null;
      end if;
      if tg_op = 'UPDATE' then
        if new.id = old.id and new.created_at = old.created_at then
          before := old.search;
          delete from recipe_words w using (
              select u.lexeme as word, (select min(x) from unnest(u.weights) x)::"char" as weight
              from unnest(old.search) u
              except
              select u.lexeme, (select min(x) from unnest(u.weights) x)::"char" from unnest(new.search) u) gone
            where w.word = gone.word and w.weight = gone.weight and w.created_at = old.created_at
              and w.recipe_id = old.id;
        else
          delete from recipe_words where recipe_id = old.id;
        end if;
      end if;
      insert into recipe_words (word, recipe_id, weight, created_at)
        select came.word, new.id, came.weight, new.created_at from (
          select u.lexeme as word, (select min(x) from unnest(u.weights) x)::"char" as weight
          from unnest(new.search) u
          except
          select u.lexeme, (select min(x) from unnest(u.weights) x)::"char" from unnest(before) u) came;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger recipes_words_added after insert on recipes
    for each row execute function recipe_words_sync()`.execute(db);
  await sql`
    create trigger recipes_words after update of id, search, created_at on recipes
    for each row when (old.search is distinct from new.search or old.id is distinct from new.id
      or old.created_at is distinct from new.created_at)
    execute function recipe_words_sync()`.execute(db);
  await sql`
    create trigger recipes_words_gone after delete on recipes
    for each row execute function recipe_words_sync()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger recipes_words_added on recipes`.execute(db);
  await sql`drop trigger recipes_words on recipes`.execute(db);
  await sql`drop trigger recipes_words_gone on recipes`.execute(db);
  await sql`drop function recipe_words_sync()`.execute(db);
  await sql`drop table recipe_words`.execute(db);
  await sql`
    create table recipe_words (
      word text collate "C" not null,
      recipe_id text not null,
      weight "char" not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    insert into recipe_words (word, recipe_id, weight, updated_at)
      select u.lexeme, r.id, (select min(w) from unnest(u.weights) w)::"char", r.updated_at
      from recipes r cross join lateral unnest(r.search) u`.execute(db);
  await sql`create index recipe_words_by_recipe on recipe_words (recipe_id)`.execute(db);
  await sql`create index recipe_words_ranked on recipe_words (word, weight, updated_at desc, recipe_id)`.execute(
    db,
  );
  await sql`
    create function recipe_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from recipe_words where recipe_id = old.id;
        return null;
      end if;
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
    create trigger recipes_words_gone after delete on recipes
    for each row execute function recipe_words_sync()`.execute(db);
}
