/** The text of a comment: trimmed, line ends normalised, 1 to 2000 code points, plain and visible. */
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { comment, listComments, recipeBy } from './comment-helpers.js';

let t: TestApp;
let writer: Member;
let recipeId: string;
beforeAll(async () => {
  t = await startTestApp();
  writer = await t.member('user');
  recipeId = await recipeBy(t, t.owner);
});
afterAll(() => t.close());

const post = (body: unknown) =>
  request(t.app).post(`/api/v1/recipes/${recipeId}/comments`).set('Cookie', writer.cookie).send({ body });

async function expectRefused(body: string, message?: RegExp): Promise<void> {
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0].location).toBe('body.body');
  if (message) expect(res.body.errors[0].message).toMatch(message);
}

describe('length, counted in code points after trimming', () => {
  test('empty and whitespace-only bodies are refused', async () => {
    await expectRefused('', /empty/);
    await expectRefused('   \n\t \r\n ', /empty/);
  });

  test('one character is enough', async () => {
    const res = await post('  a \n');
    expect(res.status).toBe(201);
    expect(res.body.body).toBe('a');
  });

  test('2000 characters pass (surrounding whitespace does not count), 2001 do not', async () => {
    const ok = await post(`  \n${'x'.repeat(2000)}\r\n  `);
    expect(ok.status).toBe(201);
    expect(ok.body.body).toBe('x'.repeat(2000));
    await expectRefused(`${'x'.repeat(2001)}`, /at most 2000/);
    await expectRefused(`  ${'x'.repeat(1000)}\n${'x'.repeat(1000)}  `, /at most 2000/);
  });

  test('an emoji outside the BMP counts as one character, not two UTF-16 units', async () => {
    const ok = await post('😀'.repeat(2000));
    expect(ok.status).toBe(201);
    expect(ok.body.body).toBe('😀'.repeat(2000));
    await expectRefused('😀'.repeat(2001), /at most 2000/);
  });

  test('the database refuses a body outside the bounds even if a caller slipped past the domain', async () => {
    await expect(
      t.database.db
        .insertInto('comments')
        .values({ recipe_id: recipeId, author_id: writer.id, body: 'y'.repeat(2001), created_at: new Date() })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('line ends and plain text', () => {
  test('CRLF and lone CR become LF; tabs and inner line breaks are kept', async () => {
    const res = await post('one\r\ntwo\rthree\n\tfour');
    expect(res.status).toBe(201);
    expect(res.body.body).toBe('one\ntwo\nthree\n\tfour');
    const listed = await listComments(t, writer, recipeId);
    expect(listed.find((c) => c.id === res.body.id)?.body).toBe('one\ntwo\nthree\n\tfour');
  });

  test('markup is stored as the text it is', async () => {
    const res = await post('<b>bold</b> & <script>alert(1)</script>');
    expect(res.status).toBe(201);
    expect(res.body.body).toBe('<b>bold</b> & <script>alert(1)</script>');
  });

  test.each([
    ['NUL', 'a\u0000b'],
    ['BEL', 'a\u0007b'],
    ['ESC', 'a\u001b[31mred'],
    ['vertical tab', 'a\u000bb'],
    ['form feed', 'a\u000cb'],
    ['DEL', 'a\u007fb'],
    ['C1 next line', 'a\u0085b'],
    ['C1 CSI', 'a\u009bb'],
  ])('a control character (%s) is refused', async (_name, body) => {
    await expectRefused(body, /control/);
  });

  test.each([
    ['right-to-left override', 'file\u202Etxt.exe'],
    ['left-to-right embedding', '\u202Aabc'],
    ['pop directional formatting', 'abc\u202C'],
    ['right-to-left isolate', '\u2067abc\u2069'],
    ['first strong isolate', 'x\u2068y'],
  ])('a bidi control (%s) is refused', async (_name, body) => {
    await expectRefused(body, /bidirectional/);
  });

  test.each([
    ['zero-width space', '\u200B'],
    ['zero-width joiners', '\u200C\u200D\u200D'],
    ['word joiner', '\u2060'],
    ['byte-order mark', '\uFEFF\uFEFF'],
    ['variation selector', '\uFE0F'],
    ['mixed with whitespace', ' \u200B \n\u2060\t\uFE0F '],
    ['no-break and ideographic spaces', '\u00A0\u3000'],
  ])('a body of invisible characters only (%s) is refused', async (_name, body) => {
    await expectRefused(body, /empty/);
  });

  test('a lone surrogate (not text) is refused rather than failing in the database', async () => {
    const res = await request(t.app)
      .post(`/api/v1/recipes/${recipeId}/comments`)
      .set('Cookie', writer.cookie)
      .set('Content-Type', 'application/json')
      .send('{"body":"ab\\ud800cd"}');
    expect(res.status).toBe(422);
    expect(res.body.errors[0].location).toBe('body.body');
  });
});

describe('emoji are kept byte for byte', () => {
  const emoji = [
    '👨‍👩‍👧‍👦 family (ZWJ sequence)',
    '🧑🏽‍🍳 cook with skin tone',
    '❤️ red heart with variation selector',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿 flag with tag characters',
    '1️⃣ keycap',
    '🇩🇪 flag pair',
  ];
  test.each(emoji)('%s', async (text) => {
    const res = await post(text);
    expect(res.status).toBe(201);
    expect(Buffer.from(res.body.body, 'utf8').equals(Buffer.from(text, 'utf8'))).toBe(true);
    const listed = await listComments(t, writer, recipeId);
    const stored = listed.find((c) => c.id === res.body.id)?.body ?? '';
    expect(Buffer.from(stored, 'utf8').toString('hex')).toBe(Buffer.from(text, 'utf8').toString('hex'));
  });

  test('a lone emoji made of several invisible-looking parts is not "invisible only"', async () => {
    const res = await post('👍🏻');
    expect(res.status).toBe(201);
  });
});

describe('changing a comment follows the same rules', () => {
  test('an edit is trimmed and normalised, and refused at body.body when it breaks a rule', async () => {
    const created = await comment(t, writer, recipeId, 'first words');
    const patch = (body: string) =>
      request(t.app).patch(`/api/v1/comments/${created.id}`).set('Cookie', writer.cookie).send({ body });

    const ok = await patch('  better\r\nwords  ');
    expect(ok.status).toBe(200);
    expect(ok.body.body).toBe('better\nwords');

    for (const bad of ['', '\u200B\u200D', 'x\u202Ey', 'x\u0000y', 'z'.repeat(2001)]) {
      const res = await patch(bad);
      expect(res.status).toBe(422);
      expect(res.body.errors[0].location).toBe('body.body');
    }
    const listed = await listComments(t, writer, recipeId);
    expect(listed.find((c) => c.id === created.id)?.body).toBe('better\nwords');
  });

  test('a body that is not a string, a missing body or an unknown field is refused', async () => {
    for (const send of [{ body: 42 }, {}, { body: 'hi', extra: true }]) {
      const res = await request(t.app)
        .post(`/api/v1/recipes/${recipeId}/comments`)
        .set('Cookie', writer.cookie)
        .send(send);
      expect(res.status).toBe(422);
    }
  });
});
