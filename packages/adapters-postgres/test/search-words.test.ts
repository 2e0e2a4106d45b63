import { sql } from 'kysely';
import { searchWords } from '../src/repositories/recipe-listing.repository.js';
import { createPostgresStore } from '../src/store.js';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/**
 * A search's words come from the parser's tokens of the text without accents, lowered, less the
 * compound wholes; that must be exactly what `ts_debug('simple', …)` makes of the same text (what
 * the search documents index), minus the compound wholes, for any text a member may type.
 */
test.each([
  'Crème-brûlée 2.5kg www.example.de Äpfel 3/4 ROAST',
  'foo@bar.com http://x.y/z?a=1 /usr/bin/env 1.2.3 -5 +7e3 <b>tag</b> &amp; 10-20',
  'Ñandú çà ÆØÅ straße İstanbul ǅ Ⅻ ½ x-ray co-op 2-step',
  '日本語 テスト 한국어 مرحبا Ελληνικά',
  "':*&|!() lemon:* | chick <-> 🍋 %_ \\ (((",
  '   ',
  '',
])('%j: the words the search documents hold', async (text) => {
  const { rows } = await sql<{ ours: string[]; theirs: string[] }>`
    select ${searchWords(text)} as ours,
      (select coalesce(array_agg(distinct lex), '{}') from ts_debug('simple', search_fold(${text}::text)) d
        cross join lateral unnest(d.lexemes) lex
        where d.alias not in ('asciihword', 'hword', 'numhword')) as theirs`.execute(database.db);
  expect(rows[0]?.ours).toEqual(rows[0]?.theirs);
});

test.each([
  ['Crème Brûlée', ['creme', 'brulee']],
  ['Æble-flæsk', ['aeble', 'flaesk']],
  ['STRAẞE straße Øl Łódź İzmir', ['strasse', 'ol', 'lodz', 'izmir']],
  ['Bánh mì Phở', ['banh', 'mi', 'pho']],
  ['한국어 がぎぐ मराठी ｶﾞ', ['한국어', 'がぎぐ', 'मराठी', 'ガ']],
  ['ＳＯＵＰ ﬁne ﬂour', ['soup', 'fine', 'flour']],
])(
  '%j: accents are taken off, compatibility forms (full width, ligatures) made plain, other scripts kept whole',
  async (text, expected) => {
    const { rows } = await sql<{ words: string[] }>`select ${searchWords(text)} as words`.execute(
      database.db,
    );
    expect([...rows[0]!.words].sort()).toEqual([...expected].sort());
  },
);

test('a search of more than 60 words looks for the first 60 of them in sorted order', async () => {
  const letters = 'abcdefghij';
  const words = Array.from({ length: 70 }, (_, i) => `${letters[Math.floor(i / 10)]}${letters[i % 10]}x`);
  const { rows } = await sql<{ words: string[] }>`select ${searchWords(words.join(' '))} as words`.execute(
    database.db,
  );
  expect(rows[0]?.words).toEqual(words.slice(0, 60));

  // Through a card query: a recipe with all 70 words and one with the first 60 are both found.
  const t0 = new Date('2026-11-01T10:00:00Z');
  await sql`insert into accounts (id, username, username_key, display_name, role, color, locale, created_at)
    values ('w1', 'wendy', 'wendy', 'Wendy', 'user', 'sage', 'en', ${t0})`.execute(database.db);
  for (const [id, some] of [
    ['all', words],
    ['first', words.slice(0, 60)],
    ['fewer', words.slice(0, 59)],
  ] as const) {
    await sql`insert into recipes (id, slug, title, title_sort, servings, created_at, updated_at, search)
      values (${id}, ${id}, 'Dish', 'dish', 1, ${t0}, ${t0}, to_tsvector('simple', ${some.join(' ')}))`.execute(
      database.db,
    );
  }
  const page = await createPostgresStore(database.db).recipeListing.cards({
    viewerId: 'w1',
    text: words.join(' '),
    tags: [],
    favoritesOnly: false,
    sort: 'relevance',
    page: 1,
    limit: 10,
  });
  expect(page.items.map((c) => c.id).sort()).toEqual(['all', 'first']);
  expect(page.total).toBe(2);
});
