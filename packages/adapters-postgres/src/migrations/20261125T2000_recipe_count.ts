import { type Kysely, sql } from 'kysely';

/**
 * How many recipes there are, without counting them: a page of cards with no filter shows the
 * household's total, and counting 10,000 rows cost half of that page's database time. Every
 * statement that inserts or deletes recipes adds a row of its change to `recipe_count` in its own
 * transaction, so the sum is exact in every snapshot; saves only ever add rows there, so none waits
 * on another. Now and then (one statement in 32) the rows nobody holds are folded into one,
 * skipping any that another transaction is folding: never a wait either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recipe_count (delta bigint not null)`.execute(db);
  await sql`insert into recipe_count select count(*) from recipes`.execute(db);
  await sql`
    create function recipe_count_fold() returns void language sql as $$
      with gone as (
        delete from recipe_count
        where ctid = any (array(select ctid from recipe_count for update skip locked))
        returning delta)
      insert into recipe_count select sum(delta) from gone having count(*) > 0
    $$`.execute(db);
  await sql`
    create function recipe_count_added() returns trigger language plpgsql as $$
    begin
      insert into recipe_count select count(*) from added;
      if random() < 1.0 / 32 then perform recipe_count_fold(); end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function recipe_count_removed() returns trigger language plpgsql as $$
    begin
      insert into recipe_count select -count(*) from removed;
      if random() < 1.0 / 32 then perform recipe_count_fold(); end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger recipes_counted_in after insert on recipes
    referencing new table as added for each statement execute function recipe_count_added()`.execute(db);
  await sql`
    create trigger recipes_counted_out after delete on recipes
    referencing old table as removed for each statement execute function recipe_count_removed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger recipes_counted_out on recipes`.execute(db);
  await sql`drop trigger recipes_counted_in on recipes`.execute(db);
  await sql`drop function recipe_count_removed()`.execute(db);
  await sql`drop function recipe_count_added()`.execute(db);
  await sql`drop function recipe_count_fold()`.execute(db);
  await sql`drop table recipe_count`.execute(db);
}
