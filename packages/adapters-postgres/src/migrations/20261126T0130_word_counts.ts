import { type Kysely, sql } from 'kysely';

/**
 * How many recipes hold each word, kept rather than counted: a search for one word shows its
 * total, and counting the 7,600 entries of a word found in three quarters of 10,000 recipes was a
 * third of that search's database time. As with `recipe_count`, every change adds rows of its
 * deltas (so no writer waits on another), and now and then (one change in 16) the rows of the
 * words it touched that nobody holds are folded into one per word, skipping any that another
 * transaction is folding. A word's count is the sum of its rows, exact in every snapshot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table word_counts (word text collate "C" not null, delta bigint not null)`.execute(db);
  await sql`create index word_counts_by_word on word_counts (word)`.execute(db);
  await sql`insert into word_counts select word, count(*) from recipe_words group by word`.execute(db);
  await sql`
    create function word_counts_fold(words text[]) returns void language sql as $$
      with gone as (
        delete from word_counts
        where ctid = any (array(select ctid from word_counts where word = any (words) for update skip locked))
        returning word, delta)
      insert into word_counts select word, sum(delta) from gone group by word having sum(delta) <> 0
    $$`.execute(db);
  // The words trigger of 20261126T0100, now also adding each word's change in count.
  await sql`
    create or replace function recipe_words_sync() returns trigger language plpgsql as $$
    declare
      before tsvector := ''::tsvector;
      touched text[];
    begin
      if tg_op = 'DELETE' then
        with gone as (delete from recipe_words where recipe_id = old.id returning word),
          counted as (insert into word_counts (word, delta) select word, -1 from gone returning word)
        select array_agg(word) into touched from counted;
      else
        if tg_op = 'UPDATE' then
          if new.id = old.id and new.created_at = old.created_at then
            before := old.search;
          else
            with gone as (delete from recipe_words where recipe_id = old.id returning word)
            insert into word_counts (word, delta) select word, -1 from gone;
          end if;
        end if;
        with was as (
            select u.lexeme as word, (select min(x) from unnest(u.weights) x)::"char" as weight
            from unnest(before) u),
          will as (
            select u.lexeme as word, (select min(x) from unnest(u.weights) x)::"char" as weight
            from unnest(new.search) u),
          gone as (
            delete from recipe_words w using (select * from was except select * from will) g
            where w.word = g.word and w.weight = g.weight and w.created_at = old.created_at
              and w.recipe_id = old.id
            returning w.word),
          came as (
            insert into recipe_words (word, recipe_id, weight, created_at)
            select c.word, new.id, c.weight, new.created_at from (select * from will except select * from was) c
            returning word),
          counted as (
            insert into word_counts (word, delta)
            select word, sum(d) from (select word, -1 as d from gone union all select word, 1 from came) c
            group by word having sum(d) <> 0
            returning word)
        select array_agg(word) into touched from counted;
      end if;
      if touched is not null and random() < 1.0 / 16 then perform word_counts_fold(touched); end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function recipe_words_sync() returns trigger language plpgsql as $$
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
  await sql`drop function word_counts_fold(text[])`.execute(db);
  await sql`drop table word_counts`.execute(db);
}
