import { type Kysely, sql } from 'kysely';

/**
 * A recipe's former slugs keep leading to it: a renamed recipe's address (a chat link, a bookmark)
 * still opens it. A trigger keeps the table, so a save's statements stay as they are: when a
 * recipe's slug changes, its old slug is kept for it, and a slug that becomes a recipe's current
 * one is no longer anyone's former slug (the current slug always wins the lookup anyway).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table recipe_former_slugs (
      slug text primary key,
      recipe_id text not null references recipes (id) on delete cascade
    )`.execute(db);
  await sql`create index recipe_former_slugs_recipe on recipe_former_slugs (recipe_id)`.execute(db);
  await sql`
    create function recipe_slug_kept() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        insert into recipe_former_slugs (slug, recipe_id) values (old.slug, new.id)
          on conflict (slug) do update set recipe_id = excluded.recipe_id;
      end if;
      delete from recipe_former_slugs where slug = new.slug;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger recipes_slug_renamed after update of slug on recipes
    for each row when (old.slug is distinct from new.slug) execute function recipe_slug_kept()`.execute(db);
  await sql`
    create trigger recipes_slug_taken after insert on recipes
    for each row execute function recipe_slug_kept()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger recipes_slug_taken on recipes`.execute(db);
  await sql`drop trigger recipes_slug_renamed on recipes`.execute(db);
  await sql`drop function recipe_slug_kept()`.execute(db);
  await sql`drop table recipe_former_slugs`.execute(db);
}
