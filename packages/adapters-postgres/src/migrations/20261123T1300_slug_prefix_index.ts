import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Choosing a slug asks for `slug = 'soup' or slug like 'soup-%'`; the unique index on slug follows
  // the database's collation, which a prefix `like` cannot use unless it is C. This one it can.
  await sql`create index recipes_slug_prefix on recipes (slug text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index recipes_slug_prefix`.execute(db);
}
