import request from 'supertest';
import { type TestApp, startTestApp } from '../test-support/test-app.js';
import { type Body, recipeBody } from './recipe-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function post(body: Body) {
  return request(t.app).post('/api/v1/recipes').set('Cookie', t.owner.cookie).send(body);
}

/** Posts a body that must be refused and answers the located issues. */
async function refused(body: Body): Promise<Array<{ location: string; message: string }>> {
  const res = await post(body);
  expect(res.status).toBe(422);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  return res.body.errors;
}

async function locationsOf(body: Body): Promise<string[]> {
  return (await refused(body)).map((e) => e.location);
}

/** A body whose third step (index 2) holds `text` and `times`. */
function withTimes(text: string, times: unknown[]): Body {
  const steps = (recipeBody()['steps'] as Body[]).slice(0, 2);
  return recipeBody({ steps: [...steps, { text, times }] });
}

function withReferences(text: string, references: unknown[], ingredientGroups?: unknown[]): Body {
  return recipeBody({
    steps: [{ text, references }],
    ...(ingredientGroups ? { ingredientGroups } : {}),
  });
}

describe('step times', () => {
  const at = 'body.steps[2].times[0]';

  test('rule 1: the phrase must occur in the text', async () => {
    const issues = await refused(
      withTimes('Bake for 20 minutes.', [{ phrase: '25 minutes', seconds: 1500 }]),
    );
    expect(issues).toEqual([{ location: `${at}.phrase`, message: "must occur in the step's text" }]);
  });

  test('rule 1: on word boundaries only ("5 min" is not in "15 minutes")', async () => {
    expect(await locationsOf(withTimes('Bake for 15 minutes.', [{ phrase: '5 min', seconds: 300 }]))).toEqual(
      [`${at}.phrase`],
    );
    expect(
      await locationsOf(withTimes('Bake for 15 minutes.', [{ phrase: '15 min', seconds: 900 }])),
    ).toEqual([`${at}.phrase`]);
    // Case and runs of spaces do not matter; punctuation next to the phrase is a boundary.
    expect(
      (await post(withTimes('Bake for 15  Minutes.', [{ phrase: '15 minutes', seconds: 900 }]))).status,
    ).toBe(201);
    expect(
      (await post(withTimes('Rest (about 1 hour), covered.', [{ phrase: '1 hour', seconds: 3600 }]))).status,
    ).toBe(201);
  });

  test('rule 1: the phrase must contain a number', async () => {
    const issues = await refused(
      withTimes('Bake until golden, a few minutes.', [{ phrase: 'a few minutes', seconds: 180 }]),
    );
    expect(issues).toEqual([{ location: `${at}.phrase`, message: 'must contain a number' }]);
    // A fraction sign is a number.
    expect((await post(withTimes('Rest ½ hour.', [{ phrase: '½ hour', seconds: 1800 }]))).status).toBe(201);
  });

  test('rule 2: seconds is an integer from 1 to 604800', async () => {
    for (const seconds of [0, -5, 604801, 1.5]) {
      expect(await locationsOf(withTimes('Rest 1 hour.', [{ phrase: '1 hour', seconds }]))).toEqual([
        `${at}.seconds`,
      ]);
    }
    expect(await locationsOf(withTimes('Rest 1 hour.', [{ phrase: '1 hour' }]))).toEqual([`${at}.seconds`]);
    expect((await post(withTimes('Cure 7 days.', [{ phrase: '7 days', seconds: 604800 }]))).status).toBe(201);
    expect((await post(withTimes('Wait 1 second.', [{ phrase: '1 second', seconds: 1 }]))).status).toBe(201);
  });

  test('rule 3: maxSeconds is refused when the phrase is no range', async () => {
    const issues = await refused(
      withTimes('Bake 20 minutes.', [{ phrase: '20 minutes', seconds: 1200, maxSeconds: 1500 }]),
    );
    expect(issues).toEqual([
      {
        location: `${at}.maxSeconds`,
        message: expect.stringMatching(/only allowed when the phrase is a range/),
      },
    ]);
  });

  test('rule 3: maxSeconds is required for a range', async () => {
    const issues = await refused(
      withTimes('Bake 20-25 minutes.', [{ phrase: '20-25 minutes', seconds: 1200 }]),
    );
    expect(issues).toEqual([
      { location: `${at}.maxSeconds`, message: expect.stringMatching(/required when the phrase is a range/) },
    ]);
  });

  test('rule 3: maxSeconds is greater than seconds and within bounds', async () => {
    const phrase = '20-25 minutes';
    for (const maxSeconds of [1200, 1000]) {
      const issues = await refused(withTimes(`Bake ${phrase}.`, [{ phrase, seconds: 1200, maxSeconds }]));
      expect(issues).toEqual([{ location: `${at}.maxSeconds`, message: 'must be greater than seconds' }]);
    }
    for (const maxSeconds of [0, 604801]) {
      expect(
        await locationsOf(withTimes(`Bake ${phrase}.`, [{ phrase, seconds: 1200, maxSeconds }])),
      ).toEqual([`${at}.maxSeconds`]);
    }
  });

  test.each([
    ['20-25 minutes', 1200, 1500],
    ['20 - 25 minutes', 1200, 1500],
    ['20–25 Minuten', 1200, 1500],
    ['1 to 2 hours', 3600, 7200],
    ['10 or 15 minutes', 600, 900],
    ['3 bis 4 Stunden', 10800, 14400],
    ['20 minutes to 1 hour', 1200, 3600],
    ['between 2 and 3 hours', 7200, 10800],
  ])('a range such as "%s" is saved with its upper end', async (phrase, seconds, maxSeconds) => {
    const res = await post(withTimes(`Let it rise ${phrase}, covered.`, [{ phrase, seconds, maxSeconds }]));
    expect(res.status).toBe(201);
    expect(res.body.steps[2].times).toEqual([{ phrase, seconds, maxSeconds }]);
  });

  test('every broken time of every step is listed at once', async () => {
    const body = recipeBody({
      steps: [
        {
          text: 'Boil 10 minutes.',
          times: [
            { phrase: '12 minutes', seconds: 720 },
            { phrase: '10 minutes', seconds: 0 },
          ],
        },
        { text: 'Rest 1-2 hours.', times: [{ phrase: '1-2 hours', seconds: 3600 }] },
      ],
    });
    // Schema issues come first: the zero seconds alone.
    expect(await locationsOf(body)).toEqual(['body.steps[0].times[1].seconds']);
    (body['steps'] as Array<{ times: Array<{ seconds: number }> }>)[0]!.times[1]!.seconds = 600;
    expect(await locationsOf(body)).toEqual([
      'body.steps[0].times[0].phrase',
      'body.steps[1].times[0].maxSeconds',
    ]);
  });
});

describe('ingredient references', () => {
  test('groupName must name a group of the recipe', async () => {
    const issues = await refused(
      withReferences('Add the cream.', [{ groupName: 'Sauce', ingredientName: 'cream', word: 'cream' }]),
    );
    expect(issues).toEqual([
      {
        location: 'body.steps[0].references[0].groupName',
        message: 'names no ingredient group of this recipe',
      },
    ]);
  });

  test('a null or empty groupName names the unnamed group, which must exist', async () => {
    const named = [{ name: 'Dough', ingredients: [{ quantity: 500, unit: 'g', name: 'flour', note: null }] }];
    expect(
      await locationsOf(
        withReferences(
          'Sift the flour.',
          [{ groupName: null, ingredientName: 'flour', word: 'flour' }],
          named,
        ),
      ),
    ).toEqual(['body.steps[0].references[0].groupName']);
    const res = await post(
      withReferences('Chop the onion.', [{ groupName: '', ingredientName: 'onion', word: 'onion' }]),
    );
    expect(res.status).toBe(201);
    expect(res.body.steps[0].references).toEqual([
      { groupName: null, ingredientName: 'onion', word: 'onion' },
    ]);
  });

  test('ingredientName must name an ingredient of that group', async () => {
    const issues = await refused(
      withReferences('Add the cream.', [{ groupName: null, ingredientName: 'cream', word: 'cream' }]),
    );
    expect(issues).toEqual([
      {
        location: 'body.steps[0].references[0].ingredientName',
        message: 'names no ingredient of that group',
      },
    ]);
  });

  test("word must occur in the step's text, as a whole word", async () => {
    expect(
      await locationsOf(
        withReferences('Chop it.', [{ groupName: null, ingredientName: 'onion', word: 'onion' }]),
      ),
    ).toEqual(['body.steps[0].references[0].word']);
    expect(
      await locationsOf(
        withReferences('Chop the onions.', [{ groupName: null, ingredientName: 'onion', word: 'onion' }]),
      ),
    ).toEqual(['body.steps[0].references[0].word']);
    const ok = await post(
      withReferences('Chop the Onions.', [{ groupName: null, ingredientName: 'Onion', word: 'onions' }]),
    );
    expect(ok.status).toBe(201);
  });

  test('a word or time phrase in another Unicode form of the same letters is found, and kept as the text writes it', async () => {
    const composed = 'Fold in the crème fraîche, then cook 5 min à feu doux.';
    const decomposed = composed.normalize('NFD');
    const ingredientGroups = [
      { name: null, ingredients: [{ quantity: 2, unit: 'tbsp', name: 'crème fraîche', note: null }] },
    ];
    const res = await post(
      recipeBody({
        ingredientGroups,
        steps: [
          {
            text: composed,
            references: [
              { groupName: null, ingredientName: 'crème fraîche', word: 'crème fraîche'.normalize('NFD') },
            ],
            times: [{ phrase: '5 min à feu doux'.normalize('NFD'), seconds: 300 }],
          },
          {
            text: decomposed,
            references: [{ groupName: null, ingredientName: 'crème fraîche', word: 'crème fraîche' }],
          },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.steps[0].references[0].word).toBe('crème fraîche');
    expect(res.body.steps[0].times[0].phrase).toBe('5 min à feu doux');
    expect(res.body.steps[1].references[0].word).toBe('crème fraîche'.normalize('NFD'));
    expect(res.body.steps[1].text).toBe(decomposed);
  });
});

describe('field bounds, each located', () => {
  test.each([
    ['title', { title: '' }, 'body.title'],
    ['title of spaces', { title: '   ' }, 'body.title'],
    ['long title', { title: 'x'.repeat(201) }, 'body.title'],
    ['long description', { description: 'x'.repeat(2001) }, 'body.description'],
    ['servings 0', { servings: 0 }, 'body.servings'],
    ['servings 100', { servings: 100 }, 'body.servings'],
    ['servings 1.5', { servings: 1.5 }, 'body.servings'],
    ['negative prep', { prepMinutes: -1 }, 'body.prepMinutes'],
    ['cook over a day', { cookMinutes: 1441 }, 'body.cookMinutes'],
    ['ftp source', { sourceUrl: 'ftp://example.com/x' }, 'body.sourceUrl'],
    ['not an address', { sourceUrl: 'https://' }, 'body.sourceUrl'],
    ['long source', { sourceUrl: `https://example.com/${'x'.repeat(490)}` }, 'body.sourceUrl'],
    ['long source name', { sourceName: 'x'.repeat(201) }, 'body.sourceName'],
    ['too many tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'body.tags'],
    ['long tag', { tags: ['ok', 'x'.repeat(41)] }, 'body.tags[1]'],
    ['empty tag', { tags: [' '] }, 'body.tags[0]'],
    ['no groups', { ingredientGroups: [] }, 'body.ingredientGroups'],
    [
      'too many groups',
      { ingredientGroups: Array.from({ length: 21 }, (_, i) => ({ name: `g${i}`, ingredients: [] })) },
      'body.ingredientGroups',
    ],
    ['too many steps', { steps: Array.from({ length: 51 }, () => ({ text: 'Stir.' })) }, 'body.steps'],
    ['empty step', { steps: [{ text: '' }] }, 'body.steps[0].text'],
    ['unknown field', { colour: 'red' }, 'body.colour'],
    ['missing servings', { servings: undefined }, 'body.servings'],
  ])('%s', async (_name, changes, location) => {
    const body = recipeBody(changes as Body);
    for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
    expect(await locationsOf(body)).toContain(location);
  });

  test('a bad source address is one issue that says what an address must be', async () => {
    for (const sourceUrl of ['ftp://example.com/x', 'not an address']) {
      const issues = (await refused(recipeBody({ sourceUrl }))).filter(
        (e) => e.location === 'body.sourceUrl',
      );
      expect(issues).toHaveLength(1);
    }
    const [ftp] = await refused(recipeBody({ sourceUrl: 'ftp://example.com/x' }));
    expect(ftp!.message).toBe('must be an http:// or https:// address');
  });

  test('ingredient fields are located inside their group', async () => {
    const groups = [
      { name: null, ingredients: [{ quantity: 1, unit: null, name: 'onion', note: null }] },
      {
        name: 'Sauce',
        ingredients: [
          { quantity: 1, unit: 'x'.repeat(21), name: 'cream', note: null },
          { quantity: -1, unit: null, name: ' ', note: 'x'.repeat(201) },
        ],
      },
    ];
    const steps = [{ text: 'Chop the onion.' }];
    expect(await locationsOf(recipeBody({ ingredientGroups: groups, steps }))).toEqual(
      expect.arrayContaining([
        'body.ingredientGroups[1].ingredients[0].unit',
        'body.ingredientGroups[1].ingredients[1].quantity',
        'body.ingredientGroups[1].ingredients[1].note',
      ]),
    );
    groups[1]!.ingredients = [
      { quantity: 1, unit: null, name: 'cream', note: null },
      { quantity: 1, unit: null, name: '  ', note: null },
    ];
    expect(await locationsOf(recipeBody({ ingredientGroups: groups, steps }))).toEqual([
      'body.ingredientGroups[1].ingredients[1].name',
    ]);
  });

  test('two groups may not share a name (references could not tell them apart)', async () => {
    const groups = [
      { name: 'Sauce', ingredients: [{ quantity: 1, unit: null, name: 'cream', note: null }] },
      { name: 'sauce ', ingredients: [{ quantity: 1, unit: null, name: 'salt', note: null }] },
    ];
    expect(await locationsOf(recipeBody({ ingredientGroups: groups, steps: [] }))).toEqual([
      'body.ingredientGroups[1].name',
    ]);
  });

  test('the answer names every field at fault, with a problem body', async () => {
    const res = await post(recipeBody({ title: '', servings: 0 }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ status: 422, title: 'Unprocessable Entity' });
    expect(res.body.errors.map((e: { location: string }) => e.location).sort()).toEqual([
      'body.servings',
      'body.title',
    ]);
  });

  test('control characters are refused where they stand; line breaks in text are kept', async () => {
    const body = recipeBody({
      title: 'Soup\u0001',
      description: 'Line one\nLine two',
      steps: [{ text: 'Stir\u0007.' }],
    });
    expect(await locationsOf(body)).toEqual(['body.title', 'body.steps[0].text']);
    // NUL, which no database text can hold, is refused at the edge, before any rule runs.
    expect(await locationsOf(recipeBody({ title: 'Soup\u0000' }))).toEqual(['body.title']);
    const ok = await post(
      recipeBody({ description: 'Line one\nLine two', steps: [{ text: 'Stir.\n\tThen rest.' }] }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.description).toBe('Line one\nLine two');
  });

  test('C1 control characters (U+0080–U+009F, U+009B starting a terminal escape) are refused too', async () => {
    const body = recipeBody({
      description: 'a\u009b[31mb',
      tags: ['x\u0085'],
      steps: [{ text: 'Stir\u0090.' }],
    });
    expect(await locationsOf(body)).toEqual(['body.description', 'body.tags[0]', 'body.steps[0].text']);
  });

  test('a title, tag, group or ingredient name that shows nothing is empty', async () => {
    const blank = [
      '\u3164\u3164',
      '\u200d',
      '\u200e\u200f',
      '\u00ad',
      '\ufe0f',
      '\u2800',
      '\u0301',
      '\u{E0020}',
    ];
    for (const nothing of blank) {
      const body = recipeBody({
        title: nothing,
        tags: [nothing],
        ingredientGroups: [
          { name: nothing, ingredients: [{ name: nothing, quantity: null, unit: null, note: null }] },
        ],
        steps: [{ text: 'Stir.' }],
      });
      expect(await locationsOf(body)).toEqual([
        'body.title',
        'body.tags[0]',
        'body.ingredientGroups[0].ingredients[0].name',
      ]);
    }
    // An optional name, unit or note that shows nothing is none.
    const unnamed = await post(
      recipeBody({
        ingredientGroups: [
          { name: '\u3164', ingredients: [{ name: 'Salt', quantity: null, unit: '\u200d', note: '\u00ad' }] },
        ],
        steps: [{ text: 'Stir.' }],
      }),
    );
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.ingredientGroups[0]).toMatchObject({
      name: null,
      ingredients: [{ name: 'Salt', unit: null, note: null }],
    });
    // Inside other text they stay: an emoji sequence, a mark on its letter.
    const ok = await post(recipeBody({ title: 'Cafe\u0301 👨\u200d🍳', tags: ['☕\ufe0f'] }));
    expect(ok.status).toBe(201);
    expect(ok.body.title).toBe('Cafe\u0301 👨\u200d🍳');
  });

  test('tags and group names that differ only in Unicode form are one', async () => {
    const res = await post(
      recipeBody({ tags: ['Café', 'Cafe\u0301', 'ｃａｋｅ', 'cake', 'ﬁsh', 'fish', 'cake\u00ad'] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(['café', 'cake', 'fish']);
    const groups = recipeBody({
      ingredientGroups: [
        { name: 'Café', ingredients: [{ name: 'milk', quantity: null, unit: null, note: null }] },
        { name: 'Cafe\u0301', ingredients: [{ name: 'sugar', quantity: null, unit: null, note: null }] },
        { name: 'Dou\u00adgh', ingredients: [{ name: 'flour', quantity: null, unit: null, note: null }] },
        { name: 'Dough', ingredients: [{ name: 'salt', quantity: null, unit: null, note: null }] },
      ],
      steps: [{ text: 'Stir.' }],
    });
    expect(await locationsOf(groups)).toEqual([
      'body.ingredientGroups[1].name',
      'body.ingredientGroups[3].name',
    ]);
  });

  test('$schema on input is accepted and ignored', async () => {
    const res = await post({ $schema: 'https://example.com/api/v1/schemas/Input.json', ...recipeBody() });
    expect(res.status).toBe(201);
  });
});

describe('lengths', () => {
  test('count characters, not UTF-16 units: 200 emoji or CJK extension characters are a title', async () => {
    const res = await post(recipeBody({ title: '𠀀'.repeat(200), tags: ['🍅'.repeat(40)] }));
    expect(res.status).toBe(201);
    expect(await locationsOf(recipeBody({ title: '🍅'.repeat(201) }))).toEqual(['body.title']);
  });
});

describe('text that would disguise itself', () => {
  test('titles, tags and ingredient names lose zero-width and direction-override characters', async () => {
    const res = await post(
      recipeBody({
        title: '\u202eekac\u202c Lemon\u200b tart',
        tags: ['\ufeffbaking', 'İzmir'],
        steps: [{ text: 'Mix.' }],
        ingredientGroups: [
          {
            name: 'Cre\u2060am',
            ingredients: [{ quantity: 1, unit: null, name: 'le\u200bmons', note: null }],
          },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('ekac Lemon tart');
    expect(res.body.tags).toEqual(['baking', 'izmir']);
    expect(res.body.ingredientGroups[0].name).toBe('Cream');
    expect(res.body.ingredientGroups[0].ingredients[0].name).toBe('lemons');
    const byTag = await request(t.app)
      .get('/api/v1/recipes?tags=%C4%B0ZM%C4%B0R')
      .set('Cookie', t.owner.cookie);
    expect(byTag.body.items.map((r: Body) => r['id'])).toEqual([res.body.id]);
  });
});
