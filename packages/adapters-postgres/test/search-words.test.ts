import { sql } from 'kysely';
import { searchWords } from '../src/repositories/recipe-listing.repository.js';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/**
 * A search's words come from the parser's tokens, lowered, less the compound wholes; that must be
 * exactly what `ts_debug('simple', …)` makes of the text (what the search documents index), minus
 * the compound wholes, for any text a member may type.
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
      (select coalesce(array_agg(distinct lex), '{}') from ts_debug('simple', ${text}::text) d
        cross join lateral unnest(d.lexemes) lex
        where d.alias not in ('asciihword', 'hword', 'numhword')) as theirs`.execute(database.db);
  expect(rows[0]?.ours).toEqual(rows[0]?.theirs);
});
