import {
  checkRecipeInput,
  readRecipePage,
  type DraftReading,
  type PageBlock,
  type PageContent,
} from '@larder/domain';

const bold = (text: string): PageBlock => ({ kind: 'paragraph', text, lines: [text], emphasized: true });
const list = (...items: string[]): PageBlock => ({ kind: 'list', ordered: false, items });

const URL = 'https://www.cook.example/recipes/leek-soup';

function page(overrides: Partial<PageContent> = {}): PageContent {
  return { url: URL, meta: {}, jsonLd: [], microdata: [], blocks: [], ...overrides };
}

/** Reads a page, and checks that the draft passes every recipe rule as it is. */
function read(content: PageContent): DraftReading {
  const draft = readRecipePage(content);
  expect(() => checkRecipeInput({ ...draft })).not.toThrow();
  return draft;
}

function recipe(fields: Record<string, unknown>): string {
  return JSON.stringify({ '@context': 'https://schema.org', '@type': 'Recipe', ...fields });
}

const LEEK_SOUP = {
  name: 'Leek soup',
  description: 'A <b>warm</b> soup &amp; bread.',
  recipeYield: ['4', '4 servings'],
  prepTime: 'PT15M',
  cookTime: 'PT1H30M',
  recipeIngredient: ['2 leeks, sliced', '1 l vegetable stock', '2 tbsp olive oil'],
  recipeInstructions: [
    { '@type': 'HowToStep', text: 'Warm the olive oil and soften the leeks for 10 minutes.' },
    { '@type': 'HowToStep', text: 'Add the stock and simmer 20–25 minutes.' },
  ],
  keywords: 'soup, Winter, easy',
  recipeCategory: 'Soup',
  recipeCuisine: ['French'],
  image: 'https://img.cook.example/soup.jpg',
};

describe('readRecipePage: schema.org Recipe in JSON-LD', () => {
  it('reads every field of a plain Recipe', () => {
    const draft = read(
      page({
        jsonLd: [recipe(LEEK_SOUP)],
        canonicalUrl: 'https://www.cook.example/leek-soup',
        meta: { 'og:site_name': "Cook's Corner" },
      }),
    );
    expect(draft).toMatchObject({
      title: 'Leek soup',
      description: 'A warm soup & bread.',
      servings: 4,
      prepMinutes: 15,
      cookMinutes: 90,
      sourceUrl: 'https://www.cook.example/leek-soup',
      sourceName: "Cook's Corner",
      tags: ['soup', 'winter', 'easy', 'french'],
      photoUrl: 'https://img.cook.example/soup.jpg',
      review: [],
      truncated: false,
    });
    expect(draft.ingredientGroups).toEqual([
      {
        name: null,
        ingredients: [
          { quantity: 2, unit: null, name: 'leeks', note: 'sliced' },
          { quantity: 1, unit: 'l', name: 'vegetable stock', note: null },
          { quantity: 2, unit: 'tbsp', name: 'olive oil', note: null },
        ],
      },
    ]);
    expect(draft.steps).toEqual([
      {
        text: 'Warm the olive oil and soften the leeks for 10 minutes.',
        times: [{ phrase: '10 minutes', seconds: 600 }],
        references: [
          { groupName: null, ingredientName: 'leeks', word: 'leeks' },
          { groupName: null, ingredientName: 'olive oil', word: 'olive oil' },
        ],
      },
      {
        text: 'Add the stock and simmer 20–25 minutes.',
        times: [{ phrase: '20–25 minutes', seconds: 1200, maxSeconds: 1500 }],
        references: [{ groupName: null, ingredientName: 'vegetable stock', word: 'stock' }],
      },
    ]);
  });

  it.each([
    ['in @graph', JSON.stringify({ '@graph': [{ '@type': 'WebPage' }, JSON.parse(recipe(LEEK_SOUP))] })],
    ['in a top-level array', JSON.stringify([{ '@type': 'WebSite' }, JSON.parse(recipe(LEEK_SOUP))])],
    [
      'as a WebPage’s mainEntity',
      JSON.stringify({ '@type': 'WebPage', mainEntity: JSON.parse(recipe(LEEK_SOUP)) }),
    ],
    ['typed with an array', JSON.stringify({ ...LEEK_SOUP, '@type': ['Recipe', 'NewsArticle'] })],
    ['typed with a full address', JSON.stringify({ ...LEEK_SOUP, '@type': 'http://schema.org/Recipe' })],
  ])('finds the Recipe %s', (_where, json) => {
    const draft = read(page({ jsonLd: ['{"@type":"Organization","name":"x"}', json] }));
    expect(draft.title).toBe('Leek soup');
    expect(draft.ingredientGroups[0]!.ingredients).toHaveLength(3);
  });

  it('reads JSON-LD that is not quite JSON (trailing commas, raw line breaks)', () => {
    const broken =
      '{"@type":"Recipe","name":"Leek\nsoup","recipeIngredient":["2 leeks",],"recipeInstructions":"Cook.",}';
    const draft = read(page({ jsonLd: [`<!--${broken}-->`] }));
    expect(draft.title).toBe('Leek soup');
    expect(draft.steps.map((s) => s.text)).toEqual(['Cook.']);
  });

  it('reads HowToSections as ingredient groups and as steps under their names, and itemListElement inside them', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'Pie',
            recipeIngredient: [
              { '@type': 'HowToSection', name: 'Crust', itemListElement: ['200 g flour', '100 g butter'] },
              { '@type': 'HowToSection', name: 'Filling', itemListElement: ['4 apples'] },
            ],
            recipeInstructions: [
              {
                '@type': 'HowToSection',
                name: 'Crust',
                itemListElement: [
                  { '@type': 'HowToStep', text: 'Rub the butter into the flour.' },
                  { '@type': 'HowToStep', name: 'Chill', text: 'Chill 30 minutes.' },
                ],
              },
              {
                '@type': 'HowToSection',
                name: 'Filling',
                itemListElement: { '@type': 'HowToStep', text: 'Slice the apples.' },
              },
            ],
          }),
        ],
      }),
    );
    expect(draft.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => i.name)])).toEqual([
      ['Crust', ['flour', 'butter']],
      ['Filling', ['apples']],
    ]);
    // A step has no section: each section's name stands as a step before its steps.
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Crust',
      'Rub the butter into the flour.',
      'Chill 30 minutes.',
      'Filling',
      'Slice the apples.',
    ]);
    expect(draft.steps[1]!.references).toEqual([
      { groupName: 'Crust', ingredientName: 'flour', word: 'flour' },
      { groupName: 'Crust', ingredientName: 'butter', word: 'butter' },
    ]);
  });

  it('makes groups of heading lines inside the ingredient list ("For the sauce:")', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeIngredient: ['2 eggs', 'For the sauce:', '1 cup cream', 'Topping:', '50 g nuts'],
          }),
        ],
      }),
    );
    expect(draft.ingredientGroups.map((g) => [g.name, g.ingredients.length])).toEqual([
      [null, 1],
      ['For the sauce', 1],
      ['Topping', 1],
    ]);
  });

  it('strips HTML and decodes entities in every text', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'Cr&egrave;me br&ucirc;l&eacute;e',
            recipeIngredient: ['<b>2</b> cups cream&nbsp;(see note)'],
            recipeInstructions: '<p>Heat the cream &amp; sugar.</p><p>Bake.</p>',
          }),
        ],
      }),
    );
    expect(draft.title).toBe('Crème brûlée');
    expect(draft.ingredientGroups[0]!.ingredients[0]).toEqual({
      quantity: 2,
      unit: 'cups',
      name: 'cream',
      note: 'see note',
    });
    expect(draft.steps.map((s) => s.text)).toEqual(['Heat the cream & sugar.', 'Bake.']);
  });

  it('splits one instruction string at "Step 1:", "Step 2:" run on in one line', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeInstructions: 'Step 1: Heat the oven. Step 2: Mix the batter. Step 3 Bake 20 minutes.',
          }),
        ],
      }),
    );
    expect(draft.steps.map((s) => s.text)).toEqual(['Heat the oven.', 'Mix the batter.', 'Bake 20 minutes.']);
  });

  it('takes off the number a HowToStep’s text repeats ("1. Heat …", "Step 2 - Pour …")', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeInstructions: [
              { '@type': 'HowToStep', text: '1. Heat the oil.' },
              { '@type': 'HowToStep', text: 'Step 2 - Pour in the milk.' },
            ],
          }),
        ],
      }),
    );
    expect(draft.steps.map((s) => s.text)).toEqual(['Heat the oil.', 'Pour in the milk.']);
  });

  it('splits one run-on instruction into its numbered steps, and drops empty ones', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeInstructions: [
              { '@type': 'HowToStep', text: '1. Heat the oven. 2. Mix the batter. 3. Bake 20 minutes.' },
              { '@type': 'HowToStep', text: ' ' },
            ],
          }),
        ],
      }),
    );
    expect(draft.steps.map((s) => s.text)).toEqual(['Heat the oven.', 'Mix the batter.', 'Bake 20 minutes.']);
  });

  it('takes each of a list of instruction strings for one step, its lines joined; one string alone for the whole text', () => {
    const listed = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeInstructions: ['Heat the oven.\nGrease a tin.', '2. Mix the batter.', 'Bake 20 minutes.'],
          }),
        ],
      }),
    );
    expect(listed.steps.map((s) => s.text)).toEqual([
      'Heat the oven. Grease a tin.',
      'Mix the batter.',
      'Bake 20 minutes.',
    ]);
    const whole = read(
      page({ jsonLd: [recipe({ name: 'x', recipeInstructions: ['Heat the oven.\nGrease a tin.'] })] }),
    );
    expect(whole.steps.map((s) => s.text)).toEqual(['Heat the oven.', 'Grease a tin.']);
  });

  it.each<[unknown, number]>([
    ['4', 4],
    ['4 servings', 4],
    ['Makes 12 cookies', 12],
    [['6', '6 servings'], 6],
    [8, 8],
    ['Serves 4-6', 6],
    ['0.75 cups', 4],
    ['1 loaf', 4],
    [null, 4],
    ['200 servings', 4],
    ['-3 servings', 4],
    [['−6', '2 servings'], 2],
    ['Serves 2-3', 3],
  ])(
    'takes servings %j as %i (a range’s upper end; 4 when the yield counts no portions or is below zero)',
    (recipeYield, servings) => {
      expect(read(page({ jsonLd: [recipe({ name: 'x', recipeYield })] })).servings).toBe(servings);
    },
  );

  it.each<[string | undefined, number | null]>([
    ['PT1H30M', 90],
    ['P0DT0H20M', 20],
    ['PT1H30', 90],
    ['PT0.5H', 30],
    ['pt 20m', 20],
    ['20 minutes', 20],
    ['PT0M', null],
    ['PT-5M', null],
    ['P0DT-5M', null],
    ['-5 minutes', null],
    ['−5 min', null],
    ['P2D', null],
    ['soon', null],
    [undefined, null],
  ])('reads the duration %s as %s minutes', (prepTime, minutes) => {
    expect(read(page({ jsonLd: [recipe({ name: 'x', prepTime })] })).prepMinutes).toBe(minutes);
  });

  it('takes the largest ImageObject, made absolute, and an @id reference to one', () => {
    const images = [
      { '@type': 'ImageObject', url: '/small.jpg', width: 300, height: 200 },
      {
        '@type': 'ImageObject',
        url: '/large.jpg',
        width: { '@type': 'QuantitativeValue', value: 1200 },
        height: '800',
      },
    ];
    expect(read(page({ jsonLd: [recipe({ name: 'x', image: images })] })).photoUrl).toBe(
      'https://www.cook.example/large.jpg',
    );
    const graph = JSON.stringify({
      '@graph': [
        { '@type': 'ImageObject', '@id': '#primary', url: 'https://img.example/p.jpg' },
        { '@type': 'Recipe', name: 'x', image: { '@id': '#primary' } },
      ],
    });
    expect(read(page({ jsonLd: [graph] })).photoUrl).toBe('https://img.example/p.jpg');
    expect(read(page({ jsonLd: [recipe({ name: 'x', image: ['a/1.jpg', 'b/2.jpg'] })] })).photoUrl).toBe(
      'https://www.cook.example/recipes/a/1.jpg',
    );
  });

  it('names the source by og:site_name, else the JSON-LD publisher, else the host without www.', () => {
    const withPublisher = JSON.stringify({
      '@graph': [
        { '@type': 'Organization', '@id': '#org', name: 'Cook Inc.' },
        { '@type': 'Recipe', name: 'x', publisher: { '@id': '#org' } },
      ],
    });
    expect(read(page({ jsonLd: [withPublisher], meta: { 'og:site_name': 'Cook' } })).sourceName).toBe('Cook');
    expect(read(page({ jsonLd: [withPublisher] })).sourceName).toBe('Cook Inc.');
    expect(read(page({ jsonLd: [recipe({ name: 'x' })] })).sourceName).toBe('cook.example');
  });

  it('keeps the canonical address as the source, else og:url, else the page’s address', () => {
    const jsonLd = [recipe({ name: 'x' })];
    expect(
      read(
        page({
          jsonLd,
          canonicalUrl: 'https://cook.example/a',
          meta: { 'og:url': 'https://cook.example/b' },
        }),
      ).sourceUrl,
    ).toBe('https://cook.example/a');
    expect(read(page({ jsonLd, meta: { 'og:url': 'https://cook.example/b' } })).sourceUrl).toBe(
      'https://cook.example/b',
    );
    expect(read(page({ jsonLd })).sourceUrl).toBe(URL);
  });

  it('makes tags of keywords, categories and cuisines: lower case, each once, none longer than 40 characters, 20 at most', () => {
    const keywords = [
      'Quick',
      'quick',
      'a keyword that is far too long to be any kind of tag',
      ...Array.from({ length: 25 }, (_, i) => `k${i}`),
    ];
    const draft = read(
      page({
        jsonLd: [recipe({ name: 'x', keywords, recipeCategory: 'Dinner, Soup', recipeCuisine: 'Thai' })],
      }),
    );
    expect(draft.tags).toHaveLength(20);
    expect(draft.tags.slice(0, 3)).toEqual(['quick', 'k0', 'k1']);
    expect(draft.truncated).toBe(true);
  });
});

describe('readRecipePage: without JSON-LD', () => {
  it('reads a microdata Recipe', () => {
    const draft = read(
      page({
        microdata: [
          {
            types: ['https://schema.org/Recipe'],
            properties: {
              name: ['Pancakes'],
              recipeYield: ['Serves 2'],
              totalTime: ['PT20M'],
              cookTime: ['PT10M'],
              recipeIngredient: ['200 g flour', '2 eggs'],
              recipeInstructions: ['Whisk everything.', 'Fry 2 minutes a side.'],
              image: ['https://www.cook.example/p.jpg'],
              author: [{ types: ['https://schema.org/Person'], properties: { name: ['Ann'] } }],
            },
          },
        ],
      }),
    );
    expect(draft).toMatchObject({
      title: 'Pancakes',
      servings: 2,
      cookMinutes: 10,
      photoUrl: 'https://www.cook.example/p.jpg',
    });
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => i.name)).toEqual(['flour', 'eggs']);
    expect(draft.steps.map((s) => s.text)).toEqual(['Whisk everything.', 'Fry 2 minutes a side.']);
  });

  it('reads the page’s headings and lists, with groups and sections, in English and German', () => {
    const draft = read(
      page({
        lang: 'de',
        meta: {
          'og:title': 'Käsespätzle | Kochseite',
          'og:site_name': 'Kochseite',
          'og:image': 'https://www.cook.example/k.jpg',
        },
        blocks: [
          { kind: 'heading', level: 1, text: 'Käsespätzle' },
          { kind: 'paragraph', text: 'Für 4 Personen', lines: ['Für 4 Personen'] },
          { kind: 'heading', level: 2, text: 'Zutaten' },
          { kind: 'heading', level: 3, text: 'Für den Teig' },
          { kind: 'list', ordered: false, items: ['400 g Mehl', '4 Eier'] },
          { kind: 'heading', level: 3, text: 'Außerdem' },
          { kind: 'list', ordered: false, items: ['1,5 EL Butter', '200 g Bergkäse'] },
          { kind: 'heading', level: 2, text: 'Zubereitung' },
          { kind: 'list', ordered: true, items: ['Mehl und Eier verrühren.', 'Spätzle 2 Min. kochen.'] },
          { kind: 'heading', level: 2, text: 'Kommentare' },
          { kind: 'paragraph', text: 'Lecker!', lines: ['Lecker!'] },
        ],
      }),
    );
    expect(draft.title).toBe('Käsespätzle');
    expect(draft.servings).toBe(4);
    expect(
      draft.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => [i.quantity, i.unit, i.name])]),
    ).toEqual([
      [
        'Für den Teig',
        [
          [400, 'g', 'Mehl'],
          [4, null, 'Eier'],
        ],
      ],
      [
        'Außerdem',
        [
          [1.5, 'EL', 'Butter'],
          [200, 'g', 'Bergkäse'],
        ],
      ],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual(['Mehl und Eier verrühren.', 'Spätzle 2 Min. kochen.']);
    expect(draft.steps[1]!.times).toEqual([{ phrase: '2 Min.', seconds: 120 }]);
    expect(draft.photoUrl).toBe('https://www.cook.example/k.jpg');
  });

  it('takes the page’s own title, without the site’s name, over a stray <h1> when there is no structured data', () => {
    const draft = read(
      page({
        title: 'Lamb meatball curry | dish » Dish Magazine',
        blocks: [{ kind: 'heading', level: 1, text: 'Meatballs for two' }],
      }),
    );
    expect(draft.title).toBe('Lamb meatball curry');
    expect(read(page({ title: 'Lamb curry - Dish', meta: { 'og:site_name': 'Dish' } })).title).toBe(
      'Lamb curry',
    );
    expect(read(page({ title: 'Lamb curry - quick' })).title).toBe('Lamb curry - quick');
  });

  it.each([
    ["Shakshuka – Tom's Food Diary", 'Shakshuka', 'Shakshuka'],
    ['Omas Apfelstrudel | Backen mit Herz', 'Omas Apfelstrudel', 'Omas Apfelstrudel'],
    ['Lemon tart: the only one you need', 'Lemon Tart', 'Lemon Tart'],
    ['簡単！豚の生姜焼き by はなこ 【クックパッド】', '簡単！豚の生姜焼き', '簡単！豚の生姜焼き'],
    ['Lemon tartlets', 'Lemon tart', 'Lemon tartlets'],
    ['Pea soup - Simple Kitchen', 'Simple Kitchen', 'Pea soup - Simple Kitchen'],
  ])('without structured data, a page titled %j whose <h1> is %j is named %j', (title, h1, expected) => {
    const draft = read(page({ title, blocks: [{ kind: 'heading', level: 1, text: h1 }] }));
    expect(draft.title).toBe(expected);
  });

  it('tells the site’s name in a title without og:site_name by the heading over the recipe, or by the host', () => {
    const shown = (title: string, name: PageBlock) =>
      read(
        page({ title, blocks: [name, { kind: 'heading', level: 3, text: 'Ingredients' }, list('2 leeks')] }),
      ).title;
    expect(shown("Bob's Chili Page - Weeknight Chili", bold('Weeknight Chili'))).toBe('Weeknight Chili');
    expect(shown('Caesar Salad - Old Recipes', { kind: 'heading', level: 2, text: 'Caesar Salad' })).toBe(
      'Caesar Salad',
    );
    expect(shown('Lamb curry - quick', bold('Our dinners'))).toBe('Lamb curry - quick');
    expect(read(page({ title: 'Leek soup – Cook', url: 'https://www.cook.example/soup' })).title).toBe(
      'Leek soup',
    );
  });

  it('falls back to meta tags for title, description and photo', () => {
    const draft = read(
      page({
        title: 'Soup | Cook',
        meta: {
          description: 'Warm.',
          'twitter:image': 'https://www.cook.example/t.jpg',
          'og:site_name': 'Cook',
        },
      }),
    );
    expect(draft).toMatchObject({
      title: 'Soup',
      description: 'Warm.',
      photoUrl: 'https://www.cook.example/t.jpg',
      servings: 4,
    });
    expect(draft.ingredientGroups).toEqual([{ name: null, ingredients: [] }]);
    expect(draft.steps).toEqual([]);
  });

  it('names the groups of flat JSON-LD lines by the headings between them on the page', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'Pie',
            recipeIngredient: ['200 g flour', '100 g butter', '4 apples', '50 g sugar'],
          }),
        ],
        blocks: [
          { kind: 'heading', level: 2, text: 'Ingredients' },
          { kind: 'heading', level: 3, text: 'Crust' },
          { kind: 'list', ordered: false, items: ['▢ 200 g flour', '100 g butter'] },
          { kind: 'heading', level: 3, text: 'Filling' },
          { kind: 'list', ordered: false, items: ['4 apples', '50 g sugar'] },
        ],
      }),
    );
    expect(draft.ingredientGroups.map((g) => [g.name, g.ingredients.length])).toEqual([
      ['Crust', 2],
      ['Filling', 2],
    ]);
  });
});

describe('readRecipePage: the page’s structure completing structured data', () => {
  it('names step sections by the headings between the same steps on the page', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeInstructions: ['Blister the tomatoes.', 'Toast the rice.', 'Stir in the stock.'],
          }),
        ],
        blocks: [
          { kind: 'heading', level: 2, text: 'Instructions' },
          { kind: 'heading', level: 3, text: 'Blister tomatoes' },
          { kind: 'list', ordered: true, items: ['Blister the tomatoes.'] },
          { kind: 'heading', level: 3, text: 'Make risotto' },
          { kind: 'list', ordered: true, items: ['Toast the rice.', 'Stir in the stock.'] },
        ],
      }),
    );
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Blister tomatoes',
      'Blister the tomatoes.',
      'Make risotto',
      'Toast the rice.',
      'Stir in the stock.',
    ]);
  });

  it('takes no lone heading before the first step for a section (a subtitle, not sections)', () => {
    const draft = read(
      page({
        jsonLd: [recipe({ name: 'x', recipeInstructions: ['Mix.', 'Bake.'] })],
        blocks: [
          { kind: 'heading', level: 2, text: 'Method' },
          { kind: 'heading', level: 3, text: 'How to make this cake' },
          { kind: 'list', ordered: true, items: ['Mix.', 'Bake.'] },
        ],
      }),
    );
    expect(draft.steps.map((s) => s.text)).toEqual(['Mix.', 'Bake.']);
  });

  it('reads the ingredient list that lists more, when a page gives recipeIngredient and ingredients', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({ name: 'x', recipeIngredient: '2 eggs 1 cup milk', ingredients: ['2 eggs', '1 cup milk'] }),
        ],
      }),
    );
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => i.name)).toEqual(['eggs', 'milk']);
  });

  it('splits one instruction string where paragraphs ran together ("hours.When")', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({ name: 'x', recipeInstructions: 'Marinate for two hours.When ready, roast 1 hour.' }),
        ],
      }),
    );
    expect(draft.steps.map((s) => s.text)).toEqual(['Marinate for two hours.', 'When ready, roast 1 hour.']);
  });

  it('takes a line in capitals among ordinary lines for a group heading, but not the last line', () => {
    const draft = read(
      page({
        jsonLd: [recipe({ name: 'x', recipeIngredient: ['2 eggs', 'TO SERVE', 'flatbreads', 'SALT'] })],
      }),
    );
    expect(draft.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => i.name)])).toEqual([
      [null, ['eggs']],
      ['TO SERVE', ['flatbreads', 'SALT']],
    ]);
  });

  it('reads steps under "Step 1", "Step 2" headings, and a heading that opens a paragraph', () => {
    const numbered = read(
      page({
        blocks: [
          { kind: 'paragraph', text: 'Ingredients', lines: ['Ingredients'] },
          { kind: 'list', ordered: false, items: ['2 eggs', 'Serves 4', 'ADVERTISEMENT'] },
          { kind: 'heading', level: 3, text: 'Step 1' },
          { kind: 'paragraph', text: 'Beat the eggs.', lines: ['Beat the eggs.'] },
          { kind: 'heading', level: 3, text: 'Step 2' },
          { kind: 'paragraph', text: 'Fry them.', lines: ['Fry them.'] },
          { kind: 'heading', level: 2, text: 'More recipes' },
        ],
      }),
    );
    expect(numbered.ingredientGroups[0]!.ingredients.map((i) => i.name)).toEqual(['eggs']);
    expect(numbered.steps.map((s) => s.text)).toEqual(['Beat the eggs.', 'Fry them.']);
    const opened = read(
      page({
        blocks: [
          {
            kind: 'paragraph',
            text: 'Bereiding Verhit de pan.',
            lines: ['Bereiding', 'Verhit de pan.', 'Bak de ui.'],
          },
        ],
      }),
    );
    expect(opened.steps.map((s) => s.text)).toEqual(['Verhit de pan.', 'Bak de ui.']);
  });

  it('takes the steps from the lists under an instructions heading, leaving out the chat beside them', () => {
    const draft = read(
      page({
        blocks: [
          { kind: 'heading', level: 2, text: 'Directions' },
          { kind: 'list', ordered: true, items: ['Mix.', 'Bake.'] },
          { kind: 'paragraph', text: 'Loved this? Buy our book!', lines: ['Loved this? Buy our book!'] },
        ],
      }),
    );
    expect(draft.steps.map((s) => s.text)).toEqual(['Mix.', 'Bake.']);
  });

  it('takes the image of no stated size for the full-size one, over crops whose size the address names', () => {
    const image = ['https://img.example/soup-225x225.jpg', 'https://img.example/soup.jpg'];
    expect(read(page({ jsonLd: [recipe({ name: 'x', image })] })).photoUrl).toBe(
      'https://img.example/soup.jpg',
    );
  });

  it('takes the yield and times the structured data lacks from the page’s text', () => {
    const draft = read(
      page({
        jsonLd: [recipe({ name: 'x', recipeIngredient: ['2 eggs'], recipeInstructions: ['Fry.'] })],
        blocks: [
          {
            kind: 'list',
            ordered: false,
            items: ['Serves: 3', 'Prep time: 10 mins', 'Cook time: 1 hr 5 mins'],
          },
        ],
      }),
    );
    expect(draft).toMatchObject({ servings: 3, prepMinutes: 10, cookMinutes: 65 });
  });

  it.each<[string, number, number | null, number | null]>([
    ['12 personen 40 min bereiden 60 min oventijd', 12, 40, 60],
    ['Voor 6 personen', 6, null, null],
    ['12 Portionen', 12, null, null],
    ['10 mins prep | 25 mins cook | 4 servings', 4, 10, 25],
    ['Simmer 20 minutes cooking the sauce', 4, null, null],
  ])('reads the facts of the line %j: servings %i, prep %s, cook %s', (line, servings, prep, cook) => {
    const draft = read(
      page({
        jsonLd: [recipe({ name: 'x', recipeIngredient: ['2 eggs'], recipeInstructions: ['Fry.'] })],
        blocks: [{ kind: 'paragraph', text: line, lines: [line] }],
      }),
    );
    expect(draft).toMatchObject({ servings, prepMinutes: prep, cookMinutes: cook });
  });

  it('repairs text a site encoded twice ("Â½", "crÃ¨me")', () => {
    const draft = read(
      page({ jsonLd: [recipe({ name: 'CrÃ¨me brÃ»lÃ©e', recipeIngredient: ['Â½ cup cream'] })] }),
    );
    expect(draft.title).toBe('Crème brûlée');
    expect(draft.ingredientGroups[0]!.ingredients[0]).toEqual({
      quantity: 0.5,
      unit: 'cup',
      name: 'cream',
      note: null,
    });
  });

  it('mends an address that lost its colon, and drops zero-width spaces from texts', () => {
    const draft = read(page({ jsonLd: [recipe({ name: '\u200bSoup', image: 'https//cdn.example/a.jpg' })] }));
    expect(draft.photoUrl).toBe('https://cdn.example/a.jpg');
    expect(draft.title).toBe('Soup');
  });

  it('drops control, format and noncharacters from texts (bidi overrides, U+FFFE), not soft hyphens', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: '\u202eLeek\u2060 soup\u2066\ufffe\u{10ffff}\u0090',
            recipeIngredient: ['2\u200e leeks\u202c'],
            recipeInstructions: ['Slice\u0085the leeks\ufdd0 in\u00adto rings.'],
          }),
        ],
      }),
    );
    expect(draft.title).toBe('Leek soup');
    expect(draft.ingredientGroups[0]!.ingredients[0]).toMatchObject({ quantity: 2, name: 'leeks' });
    expect(draft.steps[0]!.text).toBe('Slice the leeks in\u00adto rings.');
  });
});

describe('readRecipePage: review and limits', () => {
  it('lists the lines it is unsure of, kept as they stood, by their place in the groups', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({ name: 'x', recipeIngredient: ['2 eggs', 'Sauce:', '1 cup 2% milk', '3 Stg. Lauch'] }),
        ],
      }),
    );
    expect(draft.review).toEqual([
      { group: 1, ingredient: 0, line: '1 cup 2% milk' },
      { group: 1, ingredient: 1, line: '3 Stg. Lauch' },
    ]);
    expect(draft.ingredientGroups[1]!.ingredients[0]).toEqual({
      quantity: null,
      unit: null,
      name: '1 cup 2% milk',
      note: null,
    });
  });

  it('cuts what the recipe limits cut, and says so', () => {
    const lines = Array.from({ length: 130 }, (_, i) => `${i + 1} g spice number ${i}`);
    const steps = Array.from({ length: 60 }, (_, i) => `Stir ${i} times.`);
    const draft = read(
      page({
        jsonLd: [recipe({ name: 'T'.repeat(300), recipeIngredient: lines, recipeInstructions: steps })],
      }),
    );
    expect(draft.title.length).toBeLessThanOrEqual(200);
    expect(draft.ingredientGroups[0]!.ingredients).toHaveLength(100);
    expect(draft.steps).toHaveLength(50);
    expect(draft.truncated).toBe(true);
  });

  it('splits an over-long step at sentences and carries an over-long name on in the note', () => {
    const sentence = 'Stir the pot slowly and with care. ';
    const longName = `${'very '.repeat(30)}long ingredient`;
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeIngredient: [`1 cup ${longName}`],
            recipeInstructions: [sentence.repeat(100)],
          }),
        ],
      }),
    );
    expect(draft.steps.length).toBe(2);
    expect(draft.steps.every((s) => s.text.length <= 2000)).toBe(true);
    const ingredient = draft.ingredientGroups[0]!.ingredients[0]!;
    expect(ingredient.name.length).toBeLessThanOrEqual(120);
    expect(`${ingredient.name} ${ingredient.note}`).toBe(longName.replace(/\s+/gu, ' '));
    expect(draft.truncated).toBe(false);
  });

  it('refers to an ingredient by a word that names it alone (precision before recall)', () => {
    const draft = read(
      page({
        jsonLd: [
          recipe({
            name: 'x',
            recipeIngredient: [
              '2 cups all-purpose flour',
              '1 tbsp olive oil',
              '1 tsp sesame oil',
              '2 large eggs',
            ],
            recipeInstructions: ['Sift the flour. Beat the egg. Heat the oil, then the sesame oil.'],
          }),
        ],
      }),
    );
    expect(draft.steps[0]!.references.map((r) => [r.ingredientName, r.word])).toEqual([
      ['all-purpose flour', 'flour'],
      ['sesame oil', 'sesame oil'],
      ['eggs', 'egg'],
    ]);
  });
});

describe('readRecipePage: HowToSteps', () => {
  const stepsOf = (recipeInstructions: unknown) =>
    read(page({ jsonLd: [recipe({ name: 'x', recipeInstructions })] })).steps.map((s) => s.text);

  it('sets a step’s name before its text when the name titles it, not when it repeats the text or numbers it', () => {
    expect(
      stepsOf([
        { '@type': 'HowToStep', name: 'Blister the tomatoes', text: 'Sear them in hot oil.' },
        { '@type': 'HowToStep', name: 'Serve', text: 'as a side, with lemon.' },
        { '@type': 'HowToStep', name: 'Add the rice, stir', text: 'Add the rice, stir and simmer.' },
        { '@type': 'HowToStep', name: 'Step 4', text: 'Rest.' },
        { '@type': 'HowToStep', name: 'risotto step 5', text: 'Eat.' },
      ]),
    ).toEqual([
      'Blister the tomatoes',
      'Sear them in hot oil.',
      'Serve',
      'as a side, with lemon.',
      'Add the rice, stir and simmer.',
      'Rest.',
      'Eat.',
    ]);
  });

  it('reads a step that lists its directions and tips', () => {
    expect(
      stepsOf([
        {
          '@type': 'HowToStep',
          itemListElement: [
            { '@type': 'HowToDirection', text: 'Knead 10 minutes.' },
            { '@type': 'HowToTip', text: 'The dough should spring back.' },
          ],
        },
        { '@type': 'HowToStep', name: 'Bake.' },
      ]),
    ).toEqual(['Knead 10 minutes. The dough should spring back.', 'Bake.']);
  });

  it('reads the steps ListItems wrap in their item', () => {
    expect(
      stepsOf({
        '@type': 'ItemList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, item: { '@type': 'HowToStep', text: 'Heat the oven.' } },
          { '@type': 'ListItem', position: 2, item: { '@type': 'HowToStep', text: 'Bake.' } },
          { '@type': 'ListItem', position: 3, text: 'Cool.', item: 'https://www.cook.example/#step3' },
        ],
      }),
    ).toEqual(['Heat the oven.', 'Bake.', 'Cool.']);
  });

  it('splits a single step holding every step one a line, not one whose lines are broken mid-sentence', () => {
    expect(
      stepsOf([{ '@type': 'HowToStep', text: 'Heat the oven. Grease a tin.\nMix the batter.\nBake.' }]),
    ).toEqual(['Heat the oven. Grease a tin.', 'Mix the batter.', 'Bake.']);
    expect(stepsOf([{ '@type': 'HowToStep', text: 'Heat the oven and\nGrease a tin.' }])).toEqual([
      'Heat the oven and Grease a tin.',
    ]);
    expect(
      stepsOf([
        { '@type': 'HowToStep', text: 'Heat the oven.\nGrease a tin.' },
        { '@type': 'HowToStep', text: 'Bake.' },
      ]),
    ).toEqual(['Heat the oven. Grease a tin.', 'Bake.']);
  });

  it('joins the lines of an instruction string broken inside a sentence, in a text written in sentences', () => {
    expect(
      stepsOf(
        'Toss the bread with the oil and\nbake until golden.\n\nMash the garlic. Whisk\nin the yolk.\nServe.',
      ),
    ).toEqual([
      'Toss the bread with the oil and bake until golden.',
      'Mash the garlic. Whisk in the yolk.',
      'Serve.',
    ]);
    expect(stepsOf('preheat the oven\nmix the flour and sugar\nbake 20 minutes')).toEqual([
      'preheat the oven',
      'mix the flour and sugar',
      'bake 20 minutes',
    ]);
  });

  it('splits one text of numbered lines into its steps', () => {
    expect(stepsOf('1. Heat the oven.\n2. Mix the batter;\nlet it rest.\n3. Bake.')).toEqual([
      'Heat the oven.',
      'Mix the batter; let it rest.',
      'Bake.',
    ]);
  });
});
