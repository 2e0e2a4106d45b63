/** Helpers shared by the sharing tests: recipes to share, household settings, public links. */
import request from 'supertest';
import type { Member, TestApp } from '../test-support/test-app.js';

let counter = 0;

/** A full recipe body: groups, steps with references and times, a source. */
export function recipeInput(over: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    title: `Lentil soup ${counter}`,
    description: 'A warming soup.\n\nGood on cold evenings.',
    servings: 4,
    prepMinutes: 15,
    cookMinutes: 40,
    sourceUrl: 'https://cooking.example.org/lentil-soup',
    tags: ['soup', 'vegetarian'],
    ingredientGroups: [
      {
        name: 'Soup',
        ingredients: [
          { name: 'red lentils', quantity: 250, unit: 'g', note: 'rinsed' },
          { name: 'onion', quantity: 1, unit: null, note: null },
        ],
      },
      { name: 'To serve', ingredients: [{ name: 'lemon', quantity: 0.5, unit: null, note: null }] },
    ],
    steps: [
      {
        text: 'Fry the onion for 5 minutes.',
        references: [{ groupName: 'Soup', ingredientName: 'onion', word: 'onion' }],
        times: [{ phrase: '5 minutes', seconds: 300 }],
      },
      {
        text: 'Add the lentils and simmer 20 to 25 minutes.',
        references: [{ groupName: 'Soup', ingredientName: 'red lentils', word: 'lentils' }],
        times: [{ phrase: '20 to 25 minutes', seconds: 1200, maxSeconds: 1500 }],
      },
    ],
    ...over,
  };
}

export interface CreatedRecipe {
  id: string;
  slug: string;
  title: string;
}

export async function createRecipe(
  t: TestApp,
  author: Member,
  over: Record<string, unknown> = {},
): Promise<CreatedRecipe> {
  const res = await request(t.app)
    .post('/api/v1/recipes')
    .set('Cookie', author.cookie)
    .send(recipeInput(over));
  if (res.status !== 201) throw new Error(`recipe failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, slug: res.body.slug, title: res.body.title };
}

export async function setSettings(t: TestApp, patch: Record<string, unknown>): Promise<void> {
  const res = await request(t.app).patch('/api/v1/settings').set('Cookie', t.owner.cookie).send(patch);
  if (res.status !== 200) throw new Error(`settings failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function setCanShare(t: TestApp, member: Member, canSharePublicly: boolean): Promise<void> {
  const res = await request(t.app)
    .patch(`/api/v1/users/${member.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ canSharePublicly });
  if (res.status !== 200) throw new Error(`user update failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export interface CreatedShare {
  id: string;
  path: string;
  token: string;
  status: string;
  expiresAt: string | null;
}

export async function share(
  t: TestApp,
  who: Member,
  recipeId: string,
  body: Record<string, unknown> = {},
): Promise<CreatedShare> {
  const res = await request(t.app)
    .post(`/api/v1/recipes/${recipeId}/public-share`)
    .set('Cookie', who.cookie)
    .send(body);
  if (res.status !== 201) throw new Error(`share failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, token: String(res.body.path).replace(/^\/s\//, '') };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves the clock and signs everyone named in again (sessions lapse when weeks pass). */
export async function advanceDays(t: TestApp, days: number, members: Member[]): Promise<void> {
  t.clock.advance(days * DAY_MS);
  for (const m of new Set([t.owner, ...members])) m.cookie = await t.login(m.username, m.password);
}

/** Uploads a photo to a recipe and answers its id. */
export async function uploadPhoto(
  t: TestApp,
  who: Member,
  recipeId: string,
  jpeg: Uint8Array,
): Promise<string> {
  const res = await request(t.app)
    .post(`/api/v1/recipes/${recipeId}/images`)
    .set('Cookie', who.cookie)
    .attach('file', Buffer.from(jpeg), { filename: 'photo.jpg', contentType: 'image/jpeg' });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function rename(t: TestApp, member: Member, displayName: string): Promise<void> {
  const res = await request(t.app)
    .patch(`/api/v1/users/${member.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ displayName });
  if (res.status !== 200) throw new Error(`rename failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The headers every answer readable without signing in carries. */
export function expectPublicHeaders(res: { headers: Record<string, unknown> }): void {
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-robots-tag']).toBe('noindex');
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers['link']).toBeUndefined();
}
