/**
 * Answers anybody may read do not look at credentials: a bad `Authorization: Bearer …` (or a
 * dead session cookie) is as good as none there, instead of turning the public answer into a 401.
 */
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { startPhotoApp } from './photo-helpers.js';
import { createRecipe, setSettings, share, uploadPhoto } from './share-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startPhotoApp();
});
afterAll(() => t.close());

const BAD_CREDENTIALS: Array<[string, string]> = [
  ['Authorization', 'Bearer lrd_not-a-token'],
  ['Authorization', 'Bearer'],
  ['Cookie', 'service_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
];

it('serves every public address the same with a bad bearer token or a dead session', async () => {
  await setSettings(t, { publicShares: true, linkPreviews: true });
  const soup = await createRecipe(t, t.owner);
  const photo = await uploadPhoto(t, t.owner, soup.id, await jpegOf(400, 300));
  const link = await share(t, t.owner, soup.id);
  const preview = await request(t.app)
    .post(`/api/v1/recipes/${soup.id}/share-link`)
    .set('Cookie', t.owner.cookie);
  const previewPath = String(preview.body.path);
  const previewToken = new URL(previewPath, 'http://x').searchParams.get('share');

  const addresses = [
    `/s/${link.token}`,
    `/api/v1/public/shares/${link.token}`,
    `/public-images/${link.token}/${photo}/thumb.jpg`,
    `/link-preview/${soup.id}/${photo}?share=${previewToken}`,
    previewPath,
    '/healthz',
    '/api/v1/auth/oidc',
    '/api/v1/auth/password',
    '/api/v1/openapi.json',
  ];
  for (const address of addresses) {
    const plain = await request(t.app).get(address);
    expect([address, plain.status]).toEqual([address, 200]);
    for (const [header, value] of BAD_CREDENTIALS) {
      const res = await request(t.app).get(address).set(header, value);
      expect([address, header, res.status]).toEqual([address, header, 200]);
      expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    }
  }
});

it('still refuses a bad bearer token where signing in matters', async () => {
  const res = await request(t.app).get('/api/v1/recipes').set('Authorization', 'Bearer lrd_not-a-token');
  expect(res.status).toBe(401);
  expect(res.body.type).toBe('urn:larder:problem:access.token_invalid');
});

describe('problem types', () => {
  it("names a domain error's stable code in the problem's type", async () => {
    const missing = await request(t.app).get('/api/v1/recipes/no-such-recipe').set('Cookie', t.owner.cookie);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      $schema: expect.stringMatching(/\/api\/v1\/schemas\/ErrorModel\.json$/),
      type: 'urn:larder:problem:recipes.not_found',
      title: 'Not Found',
      status: 404,
      detail: 'No such recipe.',
    });

    const unsigned = await request(t.app).get('/api/v1/recipes');
    expect(unsigned.body.type).toBe('urn:larder:problem:access.sign_in_required');

    const invalid = await request(t.app)
      .post('/api/v1/recipes')
      .set('Cookie', t.owner.cookie)
      .send({
        title: 'Tea',
        description: '',
        servings: 1,
        prepMinutes: null,
        cookMinutes: null,
        sourceUrl: null,
        tags: [],
        ingredientGroups: [{ name: null, ingredients: [] }],
        steps: [{ text: 'Steep 3 minutes.', times: [{ phrase: '4 minutes', seconds: 240 }] }],
      });
    expect(invalid.status).toBe(422);
    expect(invalid.body.type).toBe('urn:larder:problem:validation_failed');
    // The domain locates the issue in the recipe; the transport says it is in the body.
    expect(invalid.body.errors).toEqual([
      { location: 'body.steps[0].times[0].phrase', message: "must occur in the step's text" },
    ]);
  });

  it('keeps a dead public link answering exactly {title, status, detail}', async () => {
    const res = await request(t.app).get(`/api/v1/public/shares/${'x'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(Object.keys(res.body)).toEqual(['title', 'status', 'detail']);
  });
});

it("logs the stable code of a domain error on the request's line", async () => {
  const logs: string[] = [];
  const logged = await startTestApp({}, { logs });
  try {
    await request(logged.app).get('/api/v1/recipes/no-such-recipe').set('Cookie', logged.owner.cookie);
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.status === 404);
    expect(line).toMatchObject({ path: '/api/v1/recipes/no-such-recipe', code: 'recipes.not_found' });
  } finally {
    await logged.close();
  }
});
