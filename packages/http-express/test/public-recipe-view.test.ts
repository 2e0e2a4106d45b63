import { createHash, randomBytes } from 'node:crypto';
import { jpegOf } from '@larder/adapters-s3-images/test-support/image-fixtures.js';
import request from 'supertest';
import { type Member, type TestApp, startTestApp } from '../test-support/test-app.js';
import {
  type CreatedRecipe,
  type CreatedShare,
  advanceDays,
  createRecipe,
  expectPublicHeaders,
  rename,
  setCanShare,
  setSettings,
  share,
  uploadPhoto,
} from './share-helpers.js';

let t: TestApp;
let ann: Member;
let bob: Member;
let admin: Member;
let soup: CreatedRecipe;
let cover: string;
let second: string;
let link: CreatedShare;
const COMMENT = 'Bob-private-remark: needs more salt';

const EXACT_404 = '{"title":"Not Found","status":404,"detail":"This link is not available."}';

beforeAll(async () => {
  t = await startTestApp();
  ann = await t.member('user');
  bob = await t.member('user');
  admin = await t.member('admin');
  await rename(t, ann, 'Annika Zweistein');
  await rename(t, bob, 'Bartholomew Quill');
  await setSettings(t, { publicShares: true });
  soup = await createRecipe(t, ann, { title: 'Red lentil soup' });
  cover = await uploadPhoto(t, ann, soup.id, await jpegOf(640, 480));
  second = await uploadPhoto(t, ann, soup.id, await jpegOf(300, 400));
  const commented = await request(t.app)
    .post(`/api/v1/recipes/${soup.id}/comments`)
    .set('Cookie', bob.cookie)
    .send({ body: COMMENT });
  expect(commented.status).toBe(201);
  link = await share(t, ann, soup.id, { days: 30 });
});
afterAll(() => t.close());

const view = (token: string) => request(t.app).get(`/api/v1/public/shares/${token}`);
const page = (token: string) => request(t.app).get(`/s/${token}`);

describe('the public view of a shared recipe', () => {
  it('answers exactly the fields of the public recipe view, without sign-in', async () => {
    const res = await view(link.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'attribution',
        'cookMinutes',
        'coverImageId',
        'description',
        'images',
        'ingredientGroups',
        'prepMinutes',
        'servings',
        'sourceName',
        'sourceUrl',
        'steps',
        'tags',
        'title',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      title: 'Red lentil soup',
      description: 'A warming soup.\n\nGood on cold evenings.',
      servings: 4,
      prepMinutes: 15,
      cookMinutes: 40,
      sourceUrl: 'https://cooking.example.org/lentil-soup',
      sourceName: expect.any(String),
      tags: ['soup', 'vegetarian'],
      coverImageId: cover,
      images: [
        { id: cover, width: 640, height: 480 },
        { id: second, width: 300, height: 400 },
      ],
      attribution: true,
    });
    expect(res.body.ingredientGroups[0]).toEqual({
      name: 'Soup',
      ingredients: [
        { name: 'red lentils', quantity: 250, unit: 'g', note: 'rinsed' },
        { name: 'onion', quantity: 1, unit: null, note: null },
      ],
    });
    expect(res.body.steps[1]).toEqual({
      text: 'Add the lentils and simmer 20 to 25 minutes.',
      references: [{ groupName: 'Soup', ingredientName: 'red lentils', word: 'lentils' }],
      times: [{ phrase: '20 to 25 minutes', seconds: 1200, maxSeconds: 1500 }],
    });
  });

  it('sends the public headers, no $schema and no Link header', async () => {
    const res = await view(link.token);
    expect(res.body.$schema).toBeUndefined();
    expectPublicHeaders(res);
  });

  it('never carries a comment, a member’s name, username or id, the recipe id or slug, or the link id', async () => {
    const forbidden = [
      COMMENT,
      'needs more salt',
      ann.id,
      bob.id,
      ann.username,
      bob.username,
      'Annika',
      'Zweistein',
      'Bartholomew',
      'Quill',
      soup.id,
      soup.slug,
      link.id,
      t.owner.username,
    ];
    const answers = [
      await view(link.token),
      await page(link.token),
      await request(t.app).get(`/public-images/${link.token}/${cover}/thumb.jpg`),
    ];
    for (const res of answers) {
      const text = res.text ?? '';
      const headers = JSON.stringify(res.headers);
      for (const word of forbidden) {
        expect(text).not.toContain(word);
        expect(headers).not.toContain(word);
      }
    }
  });

  it('names the service at the foot only while attribution is on', async () => {
    await setSettings(t, { publicShareAttribution: false });
    expect((await view(link.token)).body.attribution).toBe(false);
    expect((await page(link.token)).text).not.toContain('Shared with Larder');
    await setSettings(t, { publicShareAttribution: true });
    expect((await view(link.token)).body.attribution).toBe(true);
    expect((await page(link.token)).text).toContain('Shared with Larder');
  });
});

describe('links that serve nothing', () => {
  interface Dead {
    name: string;
    token: string;
    undo?: () => Promise<void>;
  }

  async function deadLinks(): Promise<Dead[]> {
    const dead: Dead[] = [];
    dead.push({ name: 'unknown', token: randomBytes(32).toString('base64url') });
    dead.push({ name: 'malformed', token: 'not-a-token' });

    const revokedRecipe = await createRecipe(t, bob);
    const revoked = await share(t, bob, revokedRecipe.id, { days: 7 });
    await request(t.app).delete(`/api/v1/shares/${revoked.id}`).set('Cookie', bob.cookie).expect(204);
    dead.push({ name: 'revoked', token: revoked.token });

    const carl = await t.member('user');
    const orphanRecipe = await createRecipe(t, bob);
    const orphan = await share(t, carl, orphanRecipe.id, { days: 7 });
    await request(t.app).delete(`/api/v1/users/${carl.id}`).set('Cookie', t.owner.cookie).expect(204);
    dead.push({ name: 'paused: creator gone', token: orphan.token });
    return dead;
  }

  async function expectDead(token: string): Promise<{ text: string; type: string; etag: unknown }> {
    const res = await view(token);
    expect(res.status).toBe(404);
    expect(res.text).toBe(EXACT_404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expectPublicHeaders(res);
    const html = await page(token);
    expect(html.status).toBe(404);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.text).toContain('not available');
    expectPublicHeaders(html);
    const photo = await request(t.app).get(`/public-images/${token}/${cover}/thumb.jpg`);
    expect(photo.status).toBe(404);
    expect(photo.text).toBe(EXACT_404);
    return {
      text: `${res.text}|${html.text}|${photo.text}`,
      type: String(res.headers['content-type']),
      etag: res.headers['etag'],
    };
  }

  it('answer byte-identical 404s whether unknown, malformed, revoked, paused, limited or expired', async () => {
    const answers = new Map<string, string>();
    for (const dead of await deadLinks())
      answers.set(dead.name, JSON.stringify(await expectDead(dead.token)));

    // Paused: sharing off for the household.
    await setSettings(t, { publicShares: false });
    answers.set('paused: sharing off', JSON.stringify(await expectDead(link.token)));
    await setSettings(t, { publicShares: true });
    expect((await view(link.token)).status).toBe(200);

    // Paused: the creator's right withdrawn.
    await setCanShare(t, ann, false);
    answers.set('paused: right withdrawn', JSON.stringify(await expectDead(link.token)));
    await setCanShare(t, ann, true);
    expect((await view(link.token)).status).toBe(200);

    // Expired and limited, by moving the clock.
    const shortRecipe = await createRecipe(t, bob);
    const short = await share(t, bob, shortRecipe.id, { days: 1 });
    await setSettings(t, { publicShareMaxDays: 7, publicShareDefaultDays: 7 });
    await advanceDays(t, 8, [ann, bob, admin]);
    answers.set('expired', JSON.stringify(await expectDead(short.token)));
    answers.set('limited', JSON.stringify(await expectDead(link.token)));

    const distinct = new Set(answers.values());
    expect([...answers.keys()].sort()).toEqual(
      [
        'expired',
        'limited',
        'malformed',
        'paused: creator gone',
        'paused: right withdrawn',
        'paused: sharing off',
        'revoked',
        'unknown',
      ].sort(),
    );
    expect(distinct.size).toBe(1);

    // A limited link revives when the maximum grows again; an expired one never does.
    await setSettings(t, { publicShareMaxDays: 30 });
    expect((await view(link.token)).status).toBe(200);
    await setSettings(t, { publicShareMaxDays: null, publicShareDefaultDays: null });
    expect((await view(link.token)).status).toBe(200);
    expect((await view(short.token)).status).toBe(404);
  });
});

describe('the public page /s/{token}', () => {
  it('renders the recipe as HTML: title, cover, servings, times, groups, steps with times marked, source, foot', async () => {
    const res = await page(link.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html).toContain('<h1>Red lentil soup</h1>');
    expect(html).toContain(`src="/public-images/${link.token}/${cover}/detail.jpg"`);
    expect(html).toContain('Serves 4');
    expect(html).toContain('Prep 15 min');
    expect(html).toContain('Cook 40 min');
    expect(html).toContain('<h3>Soup</h3>');
    expect(html).toContain('<h3>To serve</h3>');
    expect(html).toMatch(/<span class="qty">250 g<\/span>red lentils<span class="note">, rinsed<\/span>/);
    expect(html).toContain('<span class="qty">½</span>lemon');
    expect(html).toMatch(/<mark class="time" title="[^"]*">5 minutes<\/mark>/);
    expect(html).toMatch(/<mark class="time" title="20 min to 25 min">20 to 25 minutes<\/mark>/);
    expect(html).toContain('href="https://cooking.example.org/lentil-soup"');
    expect(html).toContain('Shared with Larder');
    expect(html).toContain('name="viewport"');
    expect(html).not.toMatch(/<script/i);
  });

  it('sends a strict Content-Security-Policy and the public headers', async () => {
    const res = await page(link.token);
    const csp = String(res.headers['content-security-policy']);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)?.[1] ?? '';
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(csp.split('; ').sort()).toEqual(
      [
        "default-src 'none'",
        "img-src 'self'",
        `style-src 'sha256-${hash}'`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].sort(),
    );
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    expectPublicHeaders(res);
  });

  it('shows text a member typed as text: a <script> title, quotes and tags are escaped everywhere', async () => {
    const hostile = await createRecipe(t, ann, {
      title: '<script>window.__x=1</script> Soup',
      description: '"><img src=x onerror=alert(1)> & more',
      tags: ['<b>bold</b>'],
      sourceUrl: 'https://example.org/?q="><script>alert(2)</script>',
      sourceName: '<i>Grandma</i>',
      ingredientGroups: [
        {
          name: '<em>Group</em>',
          ingredients: [{ name: '<u>salt</u>', quantity: null, unit: null, note: "it's <fine>" }],
        },
      ],
      steps: [
        {
          text: 'Wait <b>10 minutes</b> & stir.',
          references: [],
          times: [{ phrase: '10 minutes', seconds: 600 }],
        },
      ],
    });
    const hostileLink = await share(t, ann, hostile.id, { days: 7 });
    const html = (await page(hostileLink.token)).text;
    expect(html).toContain('&lt;script&gt;window.__x=1&lt;/script&gt; Soup');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('&lt;i&gt;Grandma&lt;/i&gt;');
    expect(html).toContain('&lt;em&gt;Group&lt;/em&gt;');
    expect(html).toContain('it&#39;s &lt;fine&gt;');
    expect(html).toContain(
      'Wait &lt;b&gt;<mark class="time" title="10 min">10 minutes</mark>&lt;/b&gt; &amp; stir.',
    );
    expect(html).not.toMatch(/<script|<img src=x|<b>|<i>|<em>|<u>/i);
    expect(html).not.toContain('"><script>');
  });

  it('highlights every time and word the save accepted, wherever it stands: double spaces, İ and ß before it', async () => {
    const odd = await createRecipe(t, ann, {
      ingredientGroups: [
        { name: null, ingredients: [{ name: 'İçli köfte', quantity: 4, unit: null, note: null }] },
      ],
      steps: [
        {
          // Two spaces inside the phrase, and letters whose lower case is longer before the marks.
          text: 'İİİ Straße: bake the köfte for 15  Minutes.',
          references: [{ groupName: null, ingredientName: 'İçli köfte', word: 'köfte' }],
          times: [{ phrase: '15 Minutes', seconds: 900 }],
        },
      ],
    });
    const oddLink = await share(t, ann, odd.id, { days: 7 });
    const html = (await page(oddLink.token)).text;
    expect(html).toContain(
      'İİİ Straße: bake the <span class="ingredient" title="İçli köfte">köfte</span> for ' +
        '<mark class="time" title="15 min">15  Minutes</mark>.',
    );
  });

  it('links only http(s) sources', async () => {
    const odd = await createRecipe(t, ann, { sourceUrl: null, sourceName: 'A book on the shelf' });
    const oddLink = await share(t, ann, odd.id, { days: 7 });
    const html = (await page(oddLink.token)).text;
    expect(html).toContain('Source: A book on the shelf');
    expect(html).not.toContain('<a href="http');
  });
});

describe('photos behind a public link', () => {
  it('serves every rendition of the recipe’s photos, with the public headers', async () => {
    for (const file of ['thumb.jpg', 'detail.jpg', 'original.jpg']) {
      const res = await request(t.app).get(`/public-images/${link.token}/${second}/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expectPublicHeaders(res);
    }
  });

  it('answers the dead-link 404 for an unknown size, a photo of another recipe and an unknown photo', async () => {
    const other = await createRecipe(t, bob);
    const otherPhoto = await uploadPhoto(t, bob, other.id, await jpegOf(200, 200));
    for (const path of [
      `/public-images/${link.token}/${cover}/huge.jpg`,
      `/public-images/${link.token}/${otherPhoto}/thumb.jpg`,
      `/public-images/${link.token}/no-such-photo/thumb.jpg`,
    ]) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(404);
      expect(res.text).toBe(EXACT_404);
      expectPublicHeaders(res);
    }
  });
});
