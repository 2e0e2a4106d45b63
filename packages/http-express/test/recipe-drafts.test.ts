import request from 'supertest';
import { jpegOf, pngOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import {
  page,
  type PageServer,
  startPageServer,
} from '@larder/adapters-web-pages/test-support/page-server.js';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import { as, createRecipe } from './recipe-fixtures.js';

/** A recipe page as sites write them: schema.org Recipe in JSON-LD, with keywords and a photo. */
function recipePage(origin: string, changes: Record<string, unknown> = {}): string {
  const recipe = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Lentil Soup',
    description: 'A warming soup for cold evenings.',
    recipeYield: '4 servings',
    prepTime: 'PT10M',
    cookTime: 'PT35M',
    keywords: 'soup, vegetarian, winter warmer',
    image: [`${origin}/photo.png`],
    recipeIngredient: [
      '200 g red lentils',
      '1 onion, chopped',
      '1 l vegetable stock',
      'a good glug of olive oil',
    ],
    recipeInstructions: [
      { '@type': 'HowToStep', text: 'Soften the onion in the olive oil for 5 minutes.' },
      { '@type': 'HowToStep', text: 'Add the lentils and the stock and simmer for 25-30 minutes.' },
    ],
    ...changes,
  };
  return `<!doctype html><html lang="en"><head><title>Lentil Soup | A Site</title>
    <meta property="og:site_name" content="A Site">
    <script type="application/ld+json">${JSON.stringify(recipe)}</script></head>
    <body><h1>Lentil Soup</h1></body></html>`;
}

describe('POST /api/v1/recipe-drafts and the draft photo', () => {
  let t: TestApp;
  let site: PageServer;
  let other: PageServer;
  let png: Uint8Array;
  let member: Member;

  beforeAll(async () => {
    site = await startPageServer();
    // Not on the allow list: a local address like any other on the household's network.
    other = await startPageServer();
    png = await pngOf(320, 240);
    site.route('/soup', page(recipePage(site.origin)));
    site.route('/soup/', page(recipePage(site.origin)));
    site.route('/photo.png', page(png, 'image/png'));
    site.route('/photo.jpg', page(await jpegOf(400, 300), 'image/jpeg'));
    site.route('/tiny.png', page(await pngOf(20, 20), 'image/png'));
    site.route('/not-a-photo.png', page('<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/png'));
    site.route('/broken-photo', page(recipePage(site.origin, { image: `${site.origin}/not-a-photo.png` })));
    site.route('/tiny-photo', page(recipePage(site.origin, { image: `${site.origin}/tiny.png` })));
    site.route('/no-photo', page(recipePage(site.origin, { image: undefined })));
    // Photo addresses of 4000 characters, the most a photo link carries, and of 4001.
    const photoOf = (length: number) =>
      `${site.origin}/photo.png?${'a'.repeat(length - site.origin.length - 11)}`;
    site.route('/longest-photo', page(recipePage(site.origin, { image: photoOf(4000) })));
    site.route('/too-long-photo', page(recipePage(site.origin, { image: photoOf(4001) })));
    site.route('/long-title', page(recipePage(site.origin, { name: 'Soup '.repeat(100) })));
    site.route('/file.pdf', page('%PDF-1.4', 'application/pdf'));
    site.route('/to-other', (_req, res) => {
      res.writeHead(302, { location: `${other.origin}/soup` }).end();
    });
    other.route('/soup', page(recipePage(other.origin)));
    t = await startTestApp({ SERVICE_DRAFT_ALLOW_HOSTS: site.hostPort });
    member = await t.member();
  });

  afterAll(async () => {
    await t.close();
    await site.close();
    await other.close();
  });

  const draft = (body: unknown, who: Member | string = member) =>
    as(request(t.app).post('/api/v1/recipe-drafts'), who).send(body as object);

  it('reads a recipe page into a draft that POST /recipes accepts as it is', async () => {
    const res = await draft({ url: `${site.origin}/soup` });
    expect(res.status).toBe(200);
    const { recipe } = res.body;
    expect(recipe).toMatchObject({
      title: 'Lentil Soup',
      description: 'A warming soup for cold evenings.',
      servings: 4,
      prepMinutes: 10,
      cookMinutes: 35,
      sourceUrl: `${site.origin}/soup`,
      sourceName: 'A Site',
      editPolicy: 'default',
    });
    expect(recipe.ingredientGroups[0].ingredients[0]).toEqual({
      quantity: 200,
      unit: 'g',
      name: 'red lentils',
      note: null,
    });
    expect(recipe.steps[1].times).toEqual([{ phrase: '25-30 minutes', seconds: 1500, maxSeconds: 1800 }]);
    expect(recipe.steps[1].references.length).toBeGreaterThan(0);
    expect(res.body.duplicate).toBeNull();
    expect(res.body.truncated).toBe(false);
    expect(res.body.review).toEqual(expect.any(Array));
    // Nothing is saved until the member saves it.
    const list = await as(request(t.app).get('/api/v1/recipes'), member);
    expect(list.body.total).toBe(0);
    const saved = await as(request(t.app).post('/api/v1/recipes'), member).send(recipe);
    expect(saved.status).toBe(201);
  });

  it('applies keywords that are tags here already and only suggests the new ones', async () => {
    await createRecipe(t, member, { title: 'Minestrone', tags: ['soup'] });
    const res = await draft({ url: `${site.origin}/soup` });
    expect(res.body.recipe.tags).toEqual(['soup']);
    expect(res.body.suggestedTags).toEqual(['vegetarian', 'winter warmer']);
  });

  it('names a recipe already made from the same page, whatever tracking the address carries', async () => {
    const first = await draft({ url: `${site.origin}/soup` });
    const saved = await as(request(t.app).post('/api/v1/recipes'), member).send({
      ...first.body.recipe,
      title: 'Our lentil soup',
    });
    expect(saved.status).toBe(201);
    const again = await draft({ url: `${site.origin}/soup/?utm_source=newsletter#method` }, t.owner);
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toMatchObject({
      slug: expect.any(String),
      title: expect.any(String),
      createdBy: { id: member.id, username: member.username },
    });
  });

  it('serves the photo it found to the member who made the draft, for two minutes', async () => {
    const res = await draft({ url: `${site.origin}/soup` });
    const href: string = res.body.photo.href;
    expect(href).toMatch(/^\/api\/v1\/recipe-drafts\/photo\?src=.+&token=.+/);
    const photo = await as(request(t.app).get(href), member).buffer(true);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('private, max-age=120');
    expect(new Uint8Array(photo.body as Buffer)).toEqual(png);

    // Another member, another address, a changed token: the same 404.
    const stranger = await t.member();
    expect((await as(request(t.app).get(href), stranger)).status).toBe(404);
    const otherSrc = href.replace(
      encodeURIComponent(`${site.origin}/photo.png`),
      encodeURIComponent(`${site.origin}/photo.jpg`),
    );
    expect((await as(request(t.app).get(otherSrc), member)).status).toBe(404);
    const changed = href.replace(/token=([^&]+)/, (_m, token: string) => `token=${token.slice(0, -2)}AA`);
    expect((await as(request(t.app).get(changed), member)).status).toBe(404);

    t.clock.advance(121_000);
    const late = await as(request(t.app).get(href), member);
    expect(late.status).toBe(404);
    expect(late.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('answers 404 for a photo that is not an image a recipe could keep', async () => {
    for (const path of ['/broken-photo', '/tiny-photo']) {
      const res = await draft({ url: `${site.origin}${path}` });
      expect(res.status).toBe(200);
      const photo = await as(request(t.app).get(res.body.photo.href), member);
      expect(photo.status).toBe(404);
    }
    const none = await draft({ url: `${site.origin}/no-photo` });
    expect(none.body.photo).toBeNull();
  });

  it('offers no photo whose address is longer than a photo link may carry', async () => {
    const longest = await draft({ url: `${site.origin}/longest-photo` });
    expect(longest.status).toBe(200);
    expect((await as(request(t.app).get(longest.body.photo.href), member)).status).toBe(200);
    const tooLong = await draft({ url: `${site.origin}/too-long-photo` });
    expect(tooLong.status).toBe(200);
    expect(tooLong.body.photo).toBeNull();
  });

  it('needs src and token on the photo address, and recipes:write', async () => {
    const missing = await as(request(t.app).get('/api/v1/recipe-drafts/photo?src=x'), member);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([expect.objectContaining({ location: 'query.token' })]);
    const reader = await t.token(member, ['recipes:read']);
    const res = await draft({ url: `${site.origin}/soup` });
    expect((await as(request(t.app).get(res.body.photo.href), reader)).status).toBe(403);
    expect((await request(t.app).get(res.body.photo.href)).status).toBe(401);
  });

  it('reads pasted text', async () => {
    const res = await draft({
      text: 'Pancakes\n\nIngredients\n2 eggs\n250 ml milk\n125 g flour\n\nMethod\n1. Whisk everything.\n2. Fry for 2 minutes a side.',
    });
    expect(res.status).toBe(200);
    expect(res.body.recipe.title).toBe('Pancakes');
    expect(res.body.recipe.ingredientGroups[0].ingredients).toHaveLength(3);
    expect(res.body.recipe.steps).toHaveLength(2);
    expect(res.body.recipe.sourceUrl).toBeNull();
    expect(res.body.photo).toBeNull();
    expect(res.body.duplicate).toBeNull();
  });

  it('reports what the recipe limits cut', async () => {
    const res = await draft({ url: `${site.origin}/long-title` });
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(true);
    expect(res.body.recipe.title.length).toBeLessThanOrEqual(200);
  });

  it('wants exactly one of url and text, not empty', async () => {
    const neither = await draft({});
    expect(neither.status).toBe(422);
    expect(neither.body.errors).toEqual([expect.objectContaining({ location: 'body.url' })]);
    const both = await draft({ url: `${site.origin}/soup`, text: 'Soup' });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual([expect.objectContaining({ location: 'body.text' })]);
    const blank = await draft({ text: '  \n ' });
    expect(blank.body.errors).toEqual([
      expect.objectContaining({ location: 'body.text', message: 'must not be empty' }),
    ]);
    const long = await draft({ url: `https://example.com/${'a'.repeat(2000)}` });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual([expect.objectContaining({ location: 'body.url' })]);
    const unknown = await draft({ url: `${site.origin}/soup`, html: '<p>' });
    expect(unknown.status).toBe(422);
  });

  it('opens nothing on the local network, not even by a redirect, and says why', async () => {
    for (const url of [
      `${other.origin}/soup`,
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
    ]) {
      const res = await draft({ url });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ location: 'body.url' })]);
    }
    const hitsBefore = other.hits.length;
    const redirected = await draft({ url: `${site.origin}/to-other` });
    expect(redirected.status).toBe(422);
    expect(redirected.body.detail).toMatch(/cannot be read/);
    expect(other.hits.length).toBe(hitsBefore);
  });

  it('reads an address without a scheme as https, and one with another scheme as refused, with or without "//"', async () => {
    for (const url of [
      'file:/etc/passwd',
      'mailto:someone@example.com',
      'javascript:alert(1)',
      'FILE:///etc/passwd',
    ]) {
      const res = await draft({ url });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        { location: 'body.url', message: 'cannot be read: only http and https addresses are read' },
      ]);
    }
    // As browsers read it.
    const oneSlash = await draft({ url: `http:/${site.hostPort}/soup` });
    expect(oneSlash.status).toBe(200);
    expect(oneSlash.body.recipe.title).toBe('Lentil Soup');
    // A name and a port is no scheme: https://localhost:…, refused as this machine.
    const withPort = await draft({ url: `localhost:${site.hostPort.split(':')[1]}/soup` });
    expect(withPort.body.errors[0].message).toMatch(/names this machine/);
  });

  it('tells pages it cannot read apart from refused ones', async () => {
    const missing = await draft({ url: `${site.origin}/gone` });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].message).toMatch(/answered 404/);
    const pdf = await draft({ url: `${site.origin}/file.pdf` });
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors[0].message).toMatch(/not a web page/);
  });

  it("keeps one member's drafts to three at once (429), without making another member's wait", async () => {
    const held: Array<() => void> = [];
    site.route('/held', (req, res) => {
      held.push(() => page(recipePage(site.origin))(req, res));
    });
    const busy = await t.member('user', 'busy-drafter');
    const photoHref = (await draft({ url: `${site.origin}/soup` }, busy)).body.photo.href as string;
    let answered = 0;
    const three = [1, 2, 3].map(() =>
      draft({ url: `${site.origin}/held` }, busy).then((res) => {
        answered++;
        return res.status;
      }),
    );
    // Two are fetched (the household's two turns), the third waits its turn.
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const fourth = await draft({ url: `${site.origin}/held` }, busy);
    expect(fourth.status).toBe(429);
    expect(fourth.body.type).toBe('urn:larder:problem:drafts.busy');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // A draft's photo counts among the three as well.
    expect((await as(request(t.app).get(photoHref), busy)).status).toBe(429);
    // Another member is not refused: their draft waits its turn and is answered.
    const others = draft({ url: `${site.origin}/soup` }).then((res) => {
      answered++;
      return res.status;
    });
    while (answered < 4) {
      held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(three)).toEqual([200, 200, 200]);
    expect(await others).toBe(200);
    // Once theirs are answered, the busy member drafts and sees the photo again.
    expect((await draft({ url: `${site.origin}/soup` }, busy)).status).toBe(200);
    expect((await as(request(t.app).get(photoHref), busy)).status).toBe(200);
  });

  it('lets scripts draft with a recipes:write token and refuses a read-only one', async () => {
    const writer = await t.token(member, ['recipes:write']);
    expect((await draft({ text: 'Toast\n\n1 slice bread\n\n1. Toast it.' }, writer)).status).toBe(200);
    const reader = await t.token(member, ['recipes:read']);
    expect((await draft({ text: 'Toast' }, reader)).status).toBe(403);
    expect((await request(t.app).post('/api/v1/recipe-drafts').send({ text: 'Toast' })).status).toBe(401);
  });
});
