/**
 * A recipe read again while nothing changed answers from what was worked out before (the cached
 * view's details, their presentation and its JSON). What the caller may do still belongs to each
 * caller: the same member through a session, a read-only token and a writing token, and another
 * member, each get their own abilities on the same cached recipe, and any change shows at once.
 */
import request from 'supertest';
import type { Member, TestApp } from '../test-support/test-app.js';
import { startTestApp } from '../test-support/test-app.js';
import { as, asInput, createRecipe } from './recipe-fixtures.js';

let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await startTestApp();
  alice = await t.member('user', 'alice');
  bob = await t.member('user', 'bob');
});
afterAll(() => t.close());

const abilities = (body: { canEdit: boolean; canDelete: boolean; canChangePolicy: boolean }) => [
  body.canEdit,
  body.canDelete,
  body.canChangePolicy,
];

test("abilities stay each caller's own on a recipe read again and again", async () => {
  const recipe = await createRecipe(t, alice, { title: 'Shared stew', editPolicy: 'locked' });
  const path = `/api/v1/recipes/${recipe.id}`;
  const reading = await t.token(alice, ['recipes:read']);
  const writing = await t.token(alice, ['recipes:read', 'recipes:write', 'recipes:delete']);
  const viaSession = () => as(request(t.app).get(path), alice).expect(200);
  const viaToken = (token: string) =>
    request(t.app).get(path).set('Authorization', `Bearer ${token}`).expect(200);
  for (let round = 0; round < 3; round++) {
    expect(abilities((await viaSession()).body)).toEqual([true, true, true]);
    expect(abilities((await viaToken(reading)).body)).toEqual([false, false, false]);
    expect(abilities((await viaToken(writing)).body)).toEqual([true, true, true]);
    // Bob may not edit Alice's locked recipe.
    expect(abilities((await as(request(t.app).get(path), bob).expect(200)).body)).toEqual([
      false,
      false,
      false,
    ]);
  }
});

test('the same answer, byte for byte, until something changes; then the change at once', async () => {
  const recipe = await createRecipe(t, alice, { title: 'Steady soup' });
  const path = `/api/v1/recipes/${recipe.id}`;
  // The text past `$schema` (whose address names the port each supertest request listens on).
  const read = async () =>
    (await as(request(t.app).get(path), alice).expect(200)).text.replace(/^\{"\$schema":"[^"]*",/, '{');
  const first = await read();
  expect(await read()).toBe(first);
  expect(JSON.parse(first)).toMatchObject({ title: 'Steady soup', tasty: false });
  await as(request(t.app).put(`${path}/tasty`), bob).expect(204);
  const marked = JSON.parse(await read());
  expect(marked).toMatchObject({ tasty: false, tastyCount: 1 });
  await as(request(t.app).put(path), alice)
    .send({ ...asInput(marked), title: 'Steadier soup' })
    .expect(200);
  expect(JSON.parse(await read())).toMatchObject({ title: 'Steadier soup', tastyCount: 1 });
  // Bob's view of it is his own: his tasty mark.
  expect((await as(request(t.app).get(path), bob).expect(200)).body).toMatchObject({
    tasty: true,
    tastyCount: 1,
  });
});

test("the bytes kept for an answer are each address's own: its $schema names the host asked", async () => {
  const recipe = await createRecipe(t, alice, { title: 'Hosted hotpot' });
  const path = `/api/v1/recipes/${recipe.id}`;
  const schemaVia = async (host: string) => {
    const res = await as(request(t.app).get(path).set('Host', host), alice).expect(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    return JSON.parse(res.text).$schema as string;
  };
  expect(await schemaVia('a.example')).toBe('http://a.example/api/v1/schemas/Recipe.json');
  expect(await schemaVia('b.example')).toBe('http://b.example/api/v1/schemas/Recipe.json');
  expect(await schemaVia('a.example')).toBe('http://a.example/api/v1/schemas/Recipe.json');
  expect(await schemaVia('a.example')).toBe('http://a.example/api/v1/schemas/Recipe.json');
});
