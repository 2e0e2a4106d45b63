import { type Kysely, sql } from 'kysely';

/**
 * Search through compatibility forms: full-width letters a Japanese or Chinese keyboard types
 * ("ｓｏｕｐ"), and the ligatures text copied from a PDF carries ("ﬁne", "ﬂour"), are their plain
 * letters. `search_fold` decomposes by compatibility (NFKD) where it decomposed canonically (NFD),
 * and every recipe's search document is made again from its columns, as the repository makes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await foldSearchBy(db, 'NFKD');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await foldSearchBy(db, 'NFD');
}

/** `search_fold` decomposing by `decomposition`, and every search document made again with it. */
async function foldSearchBy(db: Kysely<unknown>, decomposition: 'NFD' | 'NFKD'): Promise<void> {
  await sql`
    create or replace function search_fold(t text) returns text language sql immutable strict parallel safe as $$
      select case when t ~ '^[\x01-\x7f]*$' or current_setting('server_encoding') <> 'UTF8' then t else
        normalize(regexp_replace(normalize(
          replace(replace(replace(replace(replace(replace(replace(replace(
            translate(t, 'øØđĐłŁıðÐħĦŧŦ', 'oOdDlLidDhHtT'),
            'ß', 'ss'), 'ẞ', 'SS'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE'), 'þ', 'th'), 'Þ', 'TH'),
          ${sql.raw(decomposition)}), '[\\u0300-\\u036f]', '', 'g'), NFC)
      end
    $$`.execute(db);
  await sql`
    update recipes r set search =
      setweight(to_tsvector('simple', search_fold(r.title)), 'A')
      || setweight(to_tsvector('simple', search_fold(left(coalesce((
           select string_agg(t, ' \n ') from (
             select distinct t from (
               select unnest(r.tags) as t
               union all
               select i ->> 'name' from jsonb_array_elements(r.ingredient_groups) g,
                 jsonb_array_elements(g -> 'ingredients') i) named
             where t is not null) each), ''), 60000))), 'B')
      || setweight(to_tsvector('simple', search_fold(r.description)), 'C')
      || setweight(to_tsvector('simple', search_fold(left(coalesce((
           select string_agg(s ->> 'text', ' \n ') from jsonb_array_elements(r.steps) s), ''), 60000))), 'D')`.execute(
    db,
  );
}
