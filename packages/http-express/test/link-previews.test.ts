import { decode, jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { composeContainer } from '../src/composition-root.js';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { asInput } from './recipe-fixtures.js';
import {
  type CreatedRecipe,
  createRecipe,
  expectPublicHeaders,
  setSettings,
  uploadPhoto,
} from './share-helpers.js';

let t: TestApp;
let ann: Member;
let soup: CreatedRecipe;
let bread: CreatedRecipe;
let cover: string;
let other: string;

const NO_PREVIEW = '{"title":"Not Found","status":404,"detail":"No such preview image."}';

beforeAll(async () => {
  t = await startTestApp();
  ann = await t.member('user');
  soup = await createRecipe(t, ann, {
    title: 'Spiced lentil soup',
    description: 'Warming and quick.\nServe with bread.',
  });
  bread = await createRecipe(t, ann, { title: 'Seeded rye bread', description: 'Dense and dark.' });
  cover = await uploadPhoto(t, ann, soup.id, await jpegOf(640, 480));
  other = await uploadPhoto(t, ann, soup.id, await jpegOf(320, 240));
  await request(t.app)
    .patch(`/api/v1/users/${ann.id}`)
    .set('Cookie', t.owner.cookie)
    .send({ displayName: 'Annika' });
  const remark = await request(t.app)
    .post(`/api/v1/recipes/${soup.id}/comments`)
    .set('Cookie', ann.cookie)
    .send({ body: 'Previewed-remark' });
  expect(remark.status).toBe(201);
});
afterAll(() => t.close());

beforeEach(() => setSettings(t, { linkPreviews: true, linkPreviewMinutes: 15 }));

const shareLink = (recipeId: string, who: { cookie?: string; bearer?: string } = { cookie: ann.cookie }) => {
  const r = request(t.app).post(`/api/v1/recipes/${recipeId}/share-link`);
  if (who.cookie) r.set('Cookie', who.cookie);
  if (who.bearer) r.set('Authorization', `Bearer ${who.bearer}`);
  return r;
};

async function previewPath(recipeId: string): Promise<{ path: string; token: string }> {
  const res = await shareLink(recipeId);
  expect(res.status).toBe(200);
  const token = new URL(res.body.path, 'http://x').searchParams.get('share') ?? '';
  return { path: res.body.path, token };
}

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(':', ':')}" content="([^"]*)">`).exec(html)?.[1];

function expectGenericCard(html: string) {
  expect(metaOf(html, 'og:title')).toBe('Larder');
  expect(metaOf(html, 'og:image')).toBeUndefined();
  expect(metaOf(html, 'twitter:card')).toBe('summary');
  for (const word of ['Spiced', 'lentil', 'Warming', 'Seeded', 'rye', 'Dense', soup.id, cover])
    expect(html).not.toContain(word);
}

describe('the address to share a recipe by', () => {
  it('is the plain recipe path with expiresAt null while link previews are off', async () => {
    await setSettings(t, { linkPreviews: false });
    const res = await shareLink(soup.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      $schema: expect.stringMatching(/\/api\/v1\/schemas\/Link\.json$/),
      path: `/recipes/${soup.slug}`,
      expiresAt: null,
    });
  });

  it('carries ?share=<signed token> valid linkPreviewMinutes while previews are on', async () => {
    await setSettings(t, { linkPreviewMinutes: 60 });
    const before = t.clock.now().getTime();
    const res = await shareLink(soup.id);
    expect(res.status).toBe(200);
    expect(res.body.path).toMatch(
      new RegExp(`^/recipes/${soup.slug}\\?share=[0-9a-z]+\\.[A-Za-z0-9_-]{43}$`),
    );
    const lifetime = Date.parse(res.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(60 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 2000);
  });

  it('stores nothing per link', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('shares')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await previewPath(soup.id);
    await previewPath(soup.id);
    expect(await count()).toBe(before);
  });

  it('works with a session or an API token with recipes:read; 401 without, 403 without the scope, 404 for no recipe', async () => {
    const reader = await t.token(ann, ['recipes:read']);
    const writer = await t.token(ann, ['recipes:write']);
    expect((await shareLink(soup.id, { bearer: reader })).status).toBe(200);
    expect((await shareLink(soup.id, { bearer: writer })).status).toBe(403);
    expect((await shareLink(soup.id, {})).status).toBe(401);
    expect((await shareLink('no-such-recipe')).status).toBe(404);
  });
});

describe('what a crawler sees at the recipe path', () => {
  it('shows the title, a one-line description and the cover with a valid token', async () => {
    const { path, token } = await previewPath(soup.id);
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expectPublicHeaders(res);
    const html = res.text;
    expect(metaOf(html, 'og:title')).toBe('Spiced lentil soup');
    expect(metaOf(html, 'og:description')).toBe('Warming and quick. Serve with bread.');
    expect(metaOf(html, 'twitter:title')).toBe('Spiced lentil soup');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaOf(html, 'og:image') ?? '';
    expect(image).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/link-preview/${soup.id}/${cover}\\?share=`),
    );
    expect(new URL(image).searchParams.get('share')).toBe(token);
    expect(metaOf(html, 'twitter:image')).toBe(image);
    expect(html).not.toMatch(/<script/i);
    // The card shows the recipe, never the people around it or their comments.
    for (const word of [ann.id, ann.username, 'Previewed-remark', 'Annika']) expect(html).not.toContain(word);
  });

  it('shows only the generic card without a token, with a bad or foreign token, for an unknown recipe, or with previews off', async () => {
    const { token } = await previewPath(soup.id);
    const forBread = (await previewPath(bread.id)).token;
    const [exp, sig] = token.split('.');
    const tampered = `${exp}.${sig?.startsWith('A') ? 'B' : 'A'}${sig?.slice(1)}`;
    const later = `${(parseInt(exp ?? '0', 36) + 3600).toString(36)}.${sig}`;
    const paths = [
      `/recipes/${soup.slug}`,
      `/recipes/${soup.slug}?share=`,
      `/recipes/${soup.slug}?share=nonsense`,
      `/recipes/${soup.slug}?share=${tampered}`,
      `/recipes/${soup.slug}?share=${later}`,
      `/recipes/${soup.slug}?share=${forBread}`,
      `/recipes/no-such-recipe?share=${token}`,
    ];
    for (const path of paths) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(200);
      expectGenericCard(res.text);
    }
    await setSettings(t, { linkPreviews: false });
    expectGenericCard((await request(t.app).get(`/recipes/${soup.slug}?share=${token}`)).text);
  });

  it('falls back to the generic card once the token has expired', async () => {
    await setSettings(t, { linkPreviewMinutes: 15 });
    const { path } = await previewPath(soup.id);
    t.clock.advance(14 * 60_000);
    expect(metaOf((await request(t.app).get(path)).text, 'og:title')).toBe('Spiced lentil soup');
    t.clock.advance(2 * 60_000);
    expectGenericCard((await request(t.app).get(path)).text);
  });

  it('builds absolute addresses from SERVICE_PUBLIC_URL when it is set', async () => {
    const t2 = await startTestApp({ SERVICE_PUBLIC_URL: 'https://larder.example.net' });
    try {
      const author = await t2.member('user');
      const recipe = await createRecipe(t2, author);
      const photo = await uploadPhoto(t2, author, recipe.id, await jpegOf(200, 200));
      await setSettings(t2, { linkPreviews: true });
      const link = await request(t2.app)
        .post(`/api/v1/recipes/${recipe.id}/share-link`)
        .set('Cookie', author.cookie);
      const html = (await request(t2.app).get(link.body.path)).text;
      expect(metaOf(html, 'og:image')).toMatch(
        new RegExp(`^https://larder\\.example\\.net/link-preview/${recipe.id}/${photo}\\?share=`),
      );
      expect(metaOf(html, 'og:url')).toBe(`https://larder.example.net${link.body.path}`);
    } finally {
      await t2.close();
    }
  });

  it('keeps showing the recipe after its title (and so its slug) changed', async () => {
    const tart = await createRecipe(t, ann, { title: 'Pear tart', description: 'Buttery.' });
    const { path } = await previewPath(tart.id);
    const current = await request(t.app).get(`/api/v1/recipes/${tart.id}`).set('Cookie', ann.cookie);
    const renamed = await request(t.app)
      .put(`/api/v1/recipes/${tart.id}`)
      .set('Cookie', ann.cookie)
      .send({ ...asInput(current.body), title: 'Pear and almond tart' });
    expect([renamed.status, renamed.body.slug]).toEqual([200, 'pear-and-almond-tart']);
    expect(path).toMatch(/^\/recipes\/pear-tart\?share=/);
    expect(metaOf((await request(t.app).get(path)).text, 'og:title')).toBe('Pear and almond tart');
  });

  it('escapes the recipe text in the tags', async () => {
    const odd = await createRecipe(t, ann, { title: 'Soup "with" <tags>', description: 'a > b & "c"' });
    const { path } = await previewPath(odd.id);
    const html = (await request(t.app).get(path)).text;
    expect(html).toContain('<meta property="og:title" content="Soup &quot;with&quot; &lt;tags&gt;">');
    expect(html).toContain('<meta property="og:description" content="a &gt; b &amp; &quot;c&quot;">');
  });
});

describe('the cover a preview shows', () => {
  const cover404 = async (path: string) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).toBe(NO_PREVIEW);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expectPublicHeaders(res);
  };

  it('is the thumb of the cover while the token holds', async () => {
    const { token } = await previewPath(soup.id);
    const res = await request(t.app)
      .get(`/link-preview/${soup.id}/${cover}?share=${token}`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expectPublicHeaders(res);
    const picture = await decode(new Uint8Array(res.body as Buffer));
    expect([picture.width, picture.height]).toEqual([480, 360]);
  });

  it('answers the same 404 for a non-cover photo, a bad, foreign or missing token, and a missing recipe', async () => {
    const { token } = await previewPath(soup.id);
    const forBread = (await previewPath(bread.id)).token;
    const doomed = await createRecipe(t, ann);
    const doomedPhoto = await uploadPhoto(t, ann, doomed.id, await jpegOf(200, 200));
    const doomedToken = (await previewPath(doomed.id)).token;
    expect(
      (await request(t.app).delete(`/api/v1/recipes/${doomed.id}`).set('Cookie', ann.cookie)).status,
    ).toBe(204);

    await cover404(`/link-preview/${soup.id}/${other}?share=${token}`);
    await cover404(`/link-preview/${soup.id}/${cover}`);
    await cover404(`/link-preview/${soup.id}/${cover}?share=nonsense`);
    await cover404(`/link-preview/${soup.id}/${cover}?share=${forBread}`);
    await cover404(`/link-preview/${doomed.id}/${doomedPhoto}?share=${doomedToken}`);
    await cover404(`/link-preview/no-such-recipe/${cover}?share=${token}`);
  });

  it('answers the same 404 once the token expired or previews are switched off', async () => {
    const { token } = await previewPath(soup.id);
    const path = `/link-preview/${soup.id}/${cover}?share=${token}`;
    expect((await request(t.app).get(path)).status).toBe(200);
    await setSettings(t, { linkPreviews: false });
    await cover404(path);
    await setSettings(t, { linkPreviews: true });
    expect((await request(t.app).get(path)).status).toBe(200);
    t.clock.advance(16 * 60_000);
    await cover404(path);
  });

  it('holds on another app server over the same database, and after a restart: the key lives in the database', async () => {
    const { token } = await previewPath(soup.id);
    const container = composeContainer(t.config, t.database, { clock: t.clock });
    const second = createApp({ config: t.config, container, logger: pino({ level: 'silent' }) });
    expect((await request(second).get(`/link-preview/${soup.id}/${cover}?share=${token}`)).status).toBe(200);
    const html = (await request(second).get(`/recipes/${soup.slug}?share=${token}`)).text;
    expect(metaOf(html, 'og:title')).toBe('Spiced lentil soup');
    const keys = await t.database.db.selectFrom('app_secrets').select('name').execute();
    expect(keys).toContainEqual({ name: 'link-preview-signing-key' });
  });
});
