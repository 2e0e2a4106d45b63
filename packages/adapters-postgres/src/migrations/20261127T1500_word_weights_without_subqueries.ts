import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * The words trigger (of 20261126T0130) read each word's weight, the best of the places it stands,
 * with a sub-select over that word's weights — one sub-plan run per word, twice per save (the
 * words before and after), about half of the trigger's time. The weight is the first of A, B, C
 * that the word's weights hold, else D: the same weight, with no sub-plan (a save that changes its
 * words: 0.16–0.39 ms → 0.07–0.10 ms for the two lists of ~60 words).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await wordsTriggerWith(
    db,
    sql`(case when 'A' = any (u.weights) then 'A' when 'B' = any (u.weights) then 'B'
      when 'C' = any (u.weights) then 'C' else 'D' end)::"char"`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await wordsTriggerWith(db, sql`(select min(x) from unnest(u.weights) x)::"char"`);
}

/** `recipe_words_sync` as 20261126T0130 wrote it, a word's weight read by `weight`. */
async function wordsTriggerWith(db: Kysely<unknown>, weight: RawBuilder<unknown>): Promise<void> {
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
        with was as (select u.lexeme as word, ${weight} as weight from unnest(before) u),
          will as (select u.lexeme as word, ${weight} as weight from unnest(new.search) u),
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
