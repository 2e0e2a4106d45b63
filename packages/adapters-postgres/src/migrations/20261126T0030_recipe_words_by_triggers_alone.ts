import { type Kysely, sql } from 'kysely';

/**
 * `recipe_words` is written by the recipes' triggers alone, so its foreign key only checked what
 * those triggers already guarantee — once per word, some sixty times per save (a quarter of a
 * save's database time). The key goes; the words of a deleted recipe, which it removed, are removed
 * by the same trigger function on delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recipe_words drop constraint recipe_words_recipe_id_fkey`.execute(db);
  await sql`
    create or replace function recipe_words_sync() returns trigger language plpgsql as $$
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
    create trigger recipes_words_gone after delete on recipes
    for each row execute function recipe_words_sync()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger recipes_words_gone on recipes`.execute(db);
  await sql`delete from recipe_words w where not exists (select 1 from recipes r where r.id = w.recipe_id)`.execute(
    db,
  );
  await sql`
    alter table recipe_words add constraint recipe_words_recipe_id_fkey
    foreign key (recipe_id) references recipes (id) on delete cascade`.execute(db);
}
