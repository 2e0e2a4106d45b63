import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { type PageServer, startPageServer } from '@larder/adapters-web-pages/test-support/page-server.js';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { as } from './recipe-fixtures.js';

/**
 * The endpoint end to end on the shapes recipe pages come in (schema.org in a JSON-LD @graph,
 * microdata only, nothing but headings and lists in a legacy charset), served the way sites
 * serve them (gzip, charset in the page only), each draft saved as it is.
 */

const GRAPH_PAGE = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8">
<title>Shepherd's pie recipe - Kitchen Notes</title>
<link rel="canonical" href="https://www.kitchen-notes.example/recipes/shepherds-pie">
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'Kitchen Notes' },
    {
      '@type': ['Recipe'],
      name: 'Shepherd&#39;s pie',
      recipeYield: ['6', '6 portions'],
      totalTime: 'PT1H30M',
      prepTime: 'PT20M',
      cookTime: 'PT1H10M',
      recipeCategory: 'Main course',
      recipeCuisine: 'British',
      recipeIngredient: [
        '1 tbsp sunflower oil',
        '500g/1lb 2oz lamb mince',
        '2 medium carrots, chopped',
        '900g/2lb potatoes, peeled and cut into chunks',
        '85g/3oz butter',
      ],
      recipeInstructions: [
        {
          '@type': 'HowToSection',
          name: 'For the filling',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Heat the oil and fry the lamb mince for 5-8 mins.' },
            { '@type': 'HowToStep', text: 'Add the carrots and simmer for 40 mins.' },
          ],
        },
        {
          '@type': 'HowToSection',
          name: 'For the topping',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Boil the potatoes for 15 mins, then mash with the butter.' },
            { '@type': 'HowToStep', text: 'Top the filling and bake for 20-25 mins at 180C.' },
          ],
        },
      ],
    },
  ],
})}</script></head><body><article><h1>Shepherd's pie</h1></article></body></html>`;

const MICRODATA_PAGE = `<!doctype html><html lang="en"><head><title>Scones | Grandma's</title></head><body>
<div itemscope itemtype="http://schema.org/Recipe">
  <h1 itemprop="name">Cheese scones</h1>
  <p itemprop="description">Quick scones for tea.</p>
  <span itemprop="recipeYield">Makes 8</span>
  <meta itemprop="cookTime" content="PT12M">
  <ul>
    <li itemprop="recipeIngredient">225 g self-raising flour</li>
    <li itemprop="recipeIngredient">55 g butter, cubed</li>
    <li itemprop="recipeIngredient">150 ml milk</li>
  </ul>
  <div itemprop="recipeInstructions"><ol>
    <li>Rub the butter into the flour.</li>
    <li>Stir in the milk and bake for 12 minutes.</li>
  </ol></div>
</div></body></html>`;

/** No structured data at all: German headings and lists, in windows-1252, the charset named only in the page. */
const VISIBLE_PAGE = Buffer.from(
  `<html lang="de"><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
<title>Kartoffelsuppe</title></head><body><main>
<h1>Kartoffelsuppe</h1><p>Eine einfache Suppe f\u00fcr den Winter.</p>
<h2>Zutaten</h2><ul><li>1 kg Kartoffeln</li><li>2 EL \u00d6l</li><li>1 Prise Salz</li></ul>
<h2>Zubereitung</h2><ol><li>Die Kartoffeln sch\u00e4len und w\u00fcrfeln.</li>
<li>Im \u00d6l anbraten und 20 Min. k\u00f6cheln lassen.</li></ol>
</main></body></html>`,
  'latin1',
);

describe('drafts of the page shapes sites publish, end to end', () => {
  let t: TestApp;
  let site: PageServer;

  beforeAll(async () => {
    site = await startPageServer();
    const serve = (path: string, body: string | Buffer, type: string) =>
      site.route(path, (_req, res) => {
        res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' }).end(gzipSync(body));
      });
    serve('/graph', GRAPH_PAGE, 'text/html; charset=utf-8');
    serve('/microdata', MICRODATA_PAGE, 'text/html');
    serve('/visible', VISIBLE_PAGE, 'text/html');
    t = await startTestApp({ SERVICE_DRAFT_ALLOW_HOSTS: site.hostPort });
  });

  afterAll(async () => {
    await t.close();
    await site.close();
  });

  async function draftAndSave(path: string) {
    const res = await as(request(t.app).post('/api/v1/recipe-drafts'), t.owner).send({
      url: `${site.origin}${path}`,
    });
    expect(res.status).toBe(200);
    const saved = await as(request(t.app).post('/api/v1/recipes'), t.owner).send(res.body.recipe);
    expect(saved.status).toBe(201);
    return res.body;
  }

  it('reads JSON-LD in a @graph: sections, glued amounts, ranges of minutes, canonical address, category and cuisine', async () => {
    const { recipe, suggestedTags } = await draftAndSave('/graph');
    expect(recipe.title).toBe("Shepherd's pie");
    expect(recipe.servings).toBe(6);
    expect([recipe.prepMinutes, recipe.cookMinutes]).toEqual([20, 70]);
    expect(recipe.sourceUrl).toBe('https://www.kitchen-notes.example/recipes/shepherds-pie');
    expect(recipe.ingredientGroups[0].ingredients[1]).toMatchObject({
      quantity: 500,
      unit: 'g',
      name: 'lamb mince',
    });
    // A step has no section of its own: each section's name stands as a step before its steps.
    expect(recipe.steps.map((s: { text: string }) => s.text)).toEqual([
      'For the filling',
      'Heat the oil and fry the lamb mince for 5-8 mins.',
      'Add the carrots and simmer for 40 mins.',
      'For the topping',
      'Boil the potatoes for 15 mins, then mash with the butter.',
      'Top the filling and bake for 20-25 mins at 180C.',
    ]);
    expect(recipe.steps[1].times).toEqual([{ phrase: '5-8 mins', seconds: 300, maxSeconds: 480 }]);
    expect(suggestedTags).toEqual(expect.arrayContaining(['main course', 'british']));
  });

  it('reads microdata when there is no JSON-LD', async () => {
    const { recipe } = await draftAndSave('/microdata');
    expect(recipe.title).toBe('Cheese scones');
    expect(recipe.servings).toBe(8);
    expect(recipe.cookMinutes).toBe(12);
    expect(recipe.ingredientGroups[0].ingredients.map((i: { name: string }) => i.name)).toEqual([
      'self-raising flour',
      'butter',
      'milk',
    ]);
    expect(recipe.steps[1].times[0]).toMatchObject({ phrase: '12 minutes', seconds: 720 });
  });

  it('reads the visible headings and lists of a windows-1252 page in German', async () => {
    const { recipe } = await draftAndSave('/visible');
    expect(recipe.title).toBe('Kartoffelsuppe');
    expect(recipe.ingredientGroups[0].ingredients).toEqual([
      { quantity: 1, unit: 'kg', name: 'Kartoffeln', note: null },
      { quantity: 2, unit: 'EL', name: 'Öl', note: null },
      { quantity: 1, unit: 'Prise', name: 'Salz', note: null },
    ]);
    expect(recipe.steps[0].text).toBe('Die Kartoffeln schälen und würfeln.');
    expect(recipe.steps[1].times).toEqual([{ phrase: '20 Min.', seconds: 1200 }]);
  });
});
