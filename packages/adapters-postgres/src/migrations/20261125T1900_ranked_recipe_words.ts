import { type Kysely, sql } from 'kysely';

/**
 * `recipe_words` in the order a search shows its recipes: per word, best place first (A title …
 * D steps), then the most recently changed. A search for one word then reads its first page off
 * the index, a few entries per word the prefix matches, instead of gathering and sorting every
 * recipe that has the word. The index also serves everything the primary key did (word ranges,
 * index-only), so it replaces it; a word stands once per recipe because the trigger inserts a
 * search document's words, which are distinct.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index recipe_words_ranked on recipe_words (word, weight, updated_at desc, recipe_id)`.execute(
    db,
  );
  await sql`alter table recipe_words drop constraint recipe_words_pkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recipe_words add primary key (word, recipe_id) include (weight, updated_at)`.execute(
    db,
  );
  await sql`drop index recipe_words_ranked`.execute(db);
}
