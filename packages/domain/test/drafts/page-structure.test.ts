import {
  checkRecipeInput,
  readRecipePage,
  type DraftReading,
  type PageBlock,
  type PageContent,
} from '@larder/domain';

const URL = 'https://www.cook.example/recipes/leek-soup';

function read(overrides: Partial<PageContent>): DraftReading {
  const draft = readRecipePage({ url: URL, meta: {}, jsonLd: [], microdata: [], blocks: [], ...overrides });
  expect(() => checkRecipeInput({ ...draft })).not.toThrow();
  return draft;
}

const heading = (text: string, level = 2): PageBlock => ({ kind: 'heading', level, text });
const list = (...items: string[]): PageBlock => ({ kind: 'list', ordered: false, items });
const paragraph = (...lines: string[]): PageBlock => ({ kind: 'paragraph', text: lines.join(' '), lines });
const bold = (text: string): PageBlock => ({ kind: 'paragraph', text, lines: [text], emphasized: true });
/** A block the page's markup names as part of the ingredients or the steps. */
const inPart = (block: PageBlock, part: 'ingredients' | 'instructions'): PageBlock => ({ ...block, part });

const lines = (draft: DraftReading) =>
  draft.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => i.name)]);
const steps = (draft: DraftReading) => draft.steps.map((s) => s.text);

describe('readRecipePage: headings in the languages of the pages', () => {
  it.each([
    ['Υλικά', 'Εκτέλεση'],
    ['Hozzávalók', 'Elkészítés'],
    ['Ingredientes', 'Modo de preparo'],
    ['Sastojci', 'Priprema'],
    ['Malzemeler', 'Hazırlanışı'],
    ['Ингредиенты', 'Приготовление'],
    ['材料', '作り方'],
    ['Ingredienser', 'Sådan gør du'],
  ])('reads the parts under "%s" and "%s"', (ingredients, instructions) => {
    const draft = read({
      blocks: [
        heading(ingredients),
        list('2 eggs', '1 lemon'),
        heading(instructions),
        list('Beat the eggs.', 'Add the lemon.'),
      ],
    });
    expect(lines(draft)).toEqual([[null, ['eggs', 'lemon']]]);
    expect(steps(draft)).toEqual(['Beat the eggs.', 'Add the lemon.']);
  });

  it.each([
    ['Les ingrédients de la recette', 'La préparation de la recette'],
    ['Recipe ingredients', 'Zo maak je het'],
    ['The ingredients', 'So machst du es'],
  ])(
    'reads headings with an article or "recipe" before the word: "%s", "%s"',
    (ingredients, instructions) => {
      const draft = read({
        blocks: [
          heading(ingredients),
          list('2 eggs', '1 lemon'),
          heading(instructions),
          list('Beat the eggs.', 'Add the lemon.'),
        ],
      });
      expect(lines(draft)).toEqual([[null, ['eggs', 'lemon']]]);
      expect(steps(draft)).toEqual(['Beat the eggs.', 'Add the lemon.']);
    },
  );

  it('takes a time’s label ("Préparation 20 mn") for no heading of the steps', () => {
    const draft = read({
      blocks: [heading('Préparation'), paragraph('Préparation 20 mn'), list('Battre les œufs.', 'Cuire.')],
    });
    expect(steps(draft)).toEqual(['Battre les œufs.', 'Cuire.']);
  });

  it('takes a time’s label ("Preparation time: 15 min") for no heading of the steps', () => {
    const draft = read({
      blocks: [
        heading('Ingredients'),
        paragraph('Preparation time: 15 min'),
        list('2 eggs', '1 lemon'),
        heading('Method'),
        list('Beat the eggs.', 'Add the lemon.'),
      ],
    });
    expect(lines(draft)).toEqual([[null, ['eggs', 'lemon']]]);
    expect(draft.prepMinutes).toBe(15);
  });

  it('reads the steps under the first instructions heading that has any ("How to make it", then "Method")', () => {
    const draft = read({
      blocks: [heading('How to make a toastie'), bold('Method'), list('Toast it.', 'Eat it.')],
    });
    expect(steps(draft)).toEqual(['Toast it.', 'Eat it.']);
  });
});

describe('readRecipePage: small headings and what ends a part', () => {
  it('takes a short line all in bold for a heading: a group among the ingredients, a section among the steps', () => {
    const draft = read({
      blocks: [
        heading('Ingredients'),
        bold('Meatballs'),
        paragraph('400 g lamb mince', '1 egg'),
        bold('Sauce:'),
        paragraph('1 onion'),
        bold('This long bold line is a sentence and no heading at all.'),
        heading('Method'),
        paragraph('Roll the meatballs.'),
        bold('Serving suggestions:'),
        paragraph('warm flatbreads', 'rice'),
      ],
    });
    expect(lines(draft)).toEqual([
      ['Meatballs', ['lamb mince', 'egg']],
      ['Sauce', ['onion', 'This long bold line is a sentence and no heading at all.']],
    ]);
    expect(steps(draft)).toEqual(['Roll the meatballs.', 'Serving suggestions:', 'warm flatbreads', 'rice']);
  });

  it('reads the ingredients under the heading whose lines read most as ingredient lines', () => {
    const draft = read({
      blocks: [
        heading('Ingredients in this lasagna'),
        paragraph(
          'For the pumpkin layer, spices like cinnamon and nutmeg add a delicious hint of warmth to it.',
        ),
        heading('Ingredients', 3),
        list('10 lasagna noodles', '2 cups pumpkin puree'),
      ],
    });
    expect(lines(draft)).toEqual([[null, ['lasagna noodles', 'pumpkin puree']]]);
  });

  it('prefers the ingredients that say how much to a list of the same things by name alone', () => {
    const draft = read({
      blocks: [
        heading('Ingredients'),
        list('Light or dark rum', 'Coconut milk', 'Heavy cream'),
        heading('Ingredients', 3),
        list('▢ 1.5 cup Light or dark rum', '▢ 1 cup coconut milk', '▢ 1 cup heavy cream'),
      ],
    });
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => [i.quantity, i.unit, i.name])).toEqual([
      [1.5, 'cups', 'Light or dark rum'],
      [1, 'cup', 'coconut milk'],
      [1, 'cup', 'heavy cream'],
    ]);
  });

  it('takes a line in capitals among lines that are not for the heading of a group, but not the last line', () => {
    const draft = read({
      blocks: [
        heading('Ingredients'),
        paragraph('750g chicken'),
        paragraph('FOR THE SAUCE'),
        paragraph('500g tomatoes'),
        paragraph('TO SERVE'),
        paragraph('your choice of flatbreads or rice'),
        paragraph('SALT'),
        heading('Method'),
        list('Cook it.'),
      ],
    });
    expect(lines(draft)).toEqual([
      [null, ['chicken']],
      ['FOR THE SAUCE', ['tomatoes']],
      ['TO SERVE', ['your choice of flatbreads or rice', 'SALT']],
    ]);
  });

  it('reads past a group whose heading mentions notes in parentheses, and takes no "Units Scale" switch for a group', () => {
    const draft = read({
      blocks: [
        heading('Ingredients', 3),
        paragraph('Units Scale'),
        list('1 lb cherry tomatoes', '1 tbsp olive oil'),
        bold('Seared Prawns (optional, see notes)'),
        list('16 ounces large shrimp', '1 tbsp cumin'),
        heading('Instructions', 3),
        list('Sear the tomatoes.'),
        heading('Notes', 3),
        paragraph('Feel free to use white fish.'),
      ],
    });
    expect(lines(draft)).toEqual([
      [null, ['cherry tomatoes', 'olive oil']],
      ['Seared Prawns (optional, see notes)', ['shrimp', 'cumin']],
    ]);
    expect(steps(draft)).toEqual(['Sear the tomatoes.']);
  });

  it('takes no star rating among the ingredients for an ingredient', () => {
    const draft = read({
      blocks: [
        heading('Ingredients'),
        paragraph('4.67 from 12 votes'),
        paragraph('1 lb cherry tomatoes'),
        paragraph('Rated 4.5 out of 5 stars'),
        paragraph('5 stars (27 reviews)'),
        paragraph('1 tbsp olive oil'),
        heading('Instructions'),
        list('Roast the tomatoes in the oil.'),
      ],
    });
    expect(lines(draft)).toEqual([[null, ['cherry tomatoes', 'olive oil']]]);
  });

  it('takes off the place of each step that markup set before its text without a dot', () => {
    const draft = read({ blocks: [heading('Method'), list('1 Heat the oven.', '2Mix.', 'Bake.')] });
    expect(steps(draft)).toEqual(['Heat the oven.', 'Mix.', 'Bake.']);
    const counted = read({ blocks: [heading('Method'), list('2 eggs go in first.', 'Then 3 more.')] });
    expect(steps(counted)).toEqual(['2 eggs go in first.', 'Then 3 more.']);
  });

  it('names a group by the short paragraph standing over its list', () => {
    const draft = read({
      blocks: [
        heading('Ingredients'),
        list('2 eggplants', '1 clove garlic'),
        paragraph('hand-cut potato chips'),
        list('1 kg potatoes', 'sea salt'),
        paragraph('Serves 4'),
      ],
    });
    expect(lines(draft)).toEqual([
      [null, ['eggplants', 'garlic']],
      ['hand-cut potato chips', ['potatoes', 'sea salt']],
    ]);
  });

  it('leaves the paragraphs beside an ingredient list out (chat, ads, shop links), not those of a list of switches', () => {
    const draft = read({
      blocks: [
        heading('Ingredienser'),
        paragraph('6 port'),
        list('16 cl gin', 'sodavatten'),
        paragraph('Handla via Mathem'),
      ],
    });
    expect(lines(draft)).toEqual([[null, ['gin', 'sodavatten']]]);
    const switched = read({
      blocks: [heading('Ingredients'), list('US', 'Metric'), paragraph('250 g flour')],
    });
    expect(lines(switched)).toEqual([[null, ['flour']]]);
  });

  it('leaves ads and yields in other languages out of the ingredients', () => {
    const draft = read({
      blocks: [heading('Ingredienser'), list('6 port', 'Annons', '4 personnes', '1 citron')],
    });
    expect(lines(draft)).toEqual([[null, ['citron']]]);
  });

  it('leaves serving multipliers and yields in other languages out of the ingredients', () => {
    const draft = read({
      blocks: [heading('Hozzávalók'), paragraph('4 főre'), list('1/2x', '2x', '1 ek só')],
    });
    expect(lines(draft)).toEqual([[null, ['ek só']]]);
  });

  it('leaves a time given with its label ("Sütési idő: 20 perc", "Rest: 1 h") out of the ingredients', () => {
    const draft = read({
      blocks: [heading('Ingredients'), list('1 ek só', 'Elkészítési idő: 60 perc', 'Rest: 1 h', '2 eggs')],
    });
    expect(lines(draft)).toEqual([[null, ['ek só', 'eggs']]]);
  });

  it.each([
    ['Equipment'],
    ['Conseils'],
    ['Recettes similaires'],
    ['Tags'],
    ['Subscribe or log in to save recipes'],
    ['Dit vind je misschien ook leuk'],
  ])('ends the recipe at "%s"', (after) => {
    const draft = read({
      blocks: [
        heading('Method'),
        list('Mix.', 'Bake.'),
        heading(after, 4),
        paragraph('Baking tray'),
        list('x y z.', 'a b.'),
      ],
    });
    expect(steps(draft)).toEqual(['Mix.', 'Bake.']);
  });

  it('takes no list of words or facts for steps, and reads the paragraphs beside it', () => {
    const draft = read({
      blocks: [
        heading('Method'),
        paragraph('Whisk the eggs with the sugar.'),
        paragraph('Bake for 20 minutes.'),
        list('Recipes', 'Desserts & Baking', 'Author Ann'),
      ],
    });
    expect(steps(draft)).toEqual(['Whisk the eggs with the sugar.', 'Bake for 20 minutes.']);
  });

  it('ends the ingredients where the markup says the steps begin', () => {
    const draft = read({
      blocks: [heading('Hozzávalók'), paragraph('1 ek só'), inPart(paragraph('Sózzuk meg.'), 'instructions')],
    });
    expect(lines(draft)).toEqual([[null, ['ek só']]]);
    expect(steps(draft)).toEqual(['Sózzuk meg.']);
  });

  it('ends steps written as paragraphs where the box holding them ends', () => {
    const at = (block: PageBlock, ...within: number[]): PageBlock => ({ ...block, within });
    const draft = read({
      blocks: [
        at(heading('Method'), 1, 2),
        at(paragraph('Step 1'), 1, 3, 4),
        at(paragraph('Mix the flour and the eggs.'), 1, 3, 5),
        at(paragraph('Bake for 20 minutes.'), 1, 3, 6),
        at(paragraph('Send by e-mail'), 1, 7, 8),
        at(paragraph('Loved it? Buy our cookbook!'), 1, 7, 9),
      ],
    });
    expect(steps(draft)).toEqual(['Mix the flour and the eggs.', 'Bake for 20 minutes.']);
  });

  it('leaves out a paragraph alone in a box of its own between steps written side by side (a caption, a tip box, a note)', () => {
    const at = (block: PageBlock, ...within: number[]): PageBlock => ({ ...block, within });
    const draft = read({
      blocks: [
        at(heading('Method'), 1, 2),
        at(paragraph('You will need a roasting pan.'), 1, 3, 4),
        at(paragraph('Heat the oven.'), 1, 5, 6),
        at(paragraph('Step 1 in pictures.'), 1, 5, 7, 8),
        at(paragraph('Rub the chicken with oil.'), 1, 5, 9),
        at(paragraph('Pro tip: a cast iron pan gives the crispiest skin.'), 1, 5, 10, 11),
        at(paragraph('Roast for an hour.'), 1, 5, 12),
      ],
    });
    expect(steps(draft)).toEqual(['Heat the oven.', 'Rub the chicken with oil.', 'Roast for an hour.']);
  });

  it('keeps steps written each in a box of its own', () => {
    const at = (block: PageBlock, ...within: number[]): PageBlock => ({ ...block, within });
    const draft = read({
      blocks: [
        at(heading('Method'), 1, 2),
        at(paragraph('Heat the oven.'), 1, 3, 4),
        at(paragraph('Mix the batter.'), 1, 5, 6),
        at(paragraph('Stir in the nuts.'), 1, 5, 7),
        at(paragraph('Bake for an hour.'), 1, 8, 9),
        at(paragraph('Cool on a rack.'), 1, 8, 10),
      ],
    });
    expect(steps(draft)).toHaveLength(5);
  });

  it.each([
    [['Enjoy! And if you make these, let me know in the comments.']],
    [['I hope you love this chili as much as we do. If you try it, leave a comment below and let me know!']],
    [['Bon appétit !']],
    [['¡Buen provecho!']],
    [['Eet smakelijk!']],
    [['Guten Appetit!', 'Eure Anna']],
    [['Rezept von backfee77']],
  ])('leaves out the closing words after steps written as paragraphs: %j', (closing) => {
    const draft = read({
      blocks: [
        heading('Method'),
        paragraph('Mix the batter.'),
        paragraph('Bake and enjoy!'),
        ...closing.map((c) => paragraph(c)),
      ],
    });
    expect(steps(draft)).toEqual(['Mix the batter.', 'Bake and enjoy!']);
  });

  it('ends steps numbered in paragraphs at the last number (a signature, a guestbook under them)', () => {
    const draft = read({
      blocks: [
        bold('Directions'),
        paragraph('1. Mix the batter.', '2. Bake for an hour.'),
        paragraph('Submitted by Bob, Tulsa OK'),
        paragraph('Sign my guestbook!'),
      ],
    });
    expect(steps(draft)).toEqual(['Mix the batter.', 'Bake for an hour.']);
  });

  it('takes the number off a heading that titles a step ("1. Fry the paste")', () => {
    const draft = read({
      blocks: [
        heading('Method'),
        heading('1. Fry the paste', 3),
        paragraph('Fry the paste for a minute.'),
        heading('2. Add the milk', 3),
        paragraph('Stir in the coconut milk and simmer.'),
      ],
    });
    expect(steps(draft)).toEqual([
      'Fry the paste',
      'Fry the paste for a minute.',
      'Add the milk',
      'Stir in the coconut milk and simmer.',
    ]);
  });

  it.each([
    [[list('Temps de préparation : 20 min', 'Temps de cuisson : 40 min')]],
    [[list('Arbeitszeit: 20 Min.', 'Kochzeit: 40 Min.')]],
    [[paragraph('Temps de préparation : 20 minTemps de cuisson : 40 min')]],
  ])('takes the times over the steps for times, not for steps: %j', (facts) => {
    const draft = read({
      blocks: [
        heading('Préparation'),
        ...facts,
        heading('Étape 1', 3),
        paragraph('Préchauffez le four.'),
        heading('Étape 2', 3),
        paragraph('Enfournez la quiche.'),
      ],
    });
    expect(steps(draft)).toEqual(['Préchauffez le four.', 'Enfournez la quiche.']);
    expect([draft.prepMinutes, draft.cookMinutes]).toEqual([20, 40]);
  });

  it('ends the recipe at Italian tips ("Consigli")', () => {
    const draft = read({
      blocks: [
        heading('Procedimento'),
        paragraph('Cuocete la pasta.'),
        paragraph('Servite subito.'),
        heading('Consigli', 3),
        paragraph('Non aggiungete panna!'),
      ],
    });
    expect(steps(draft)).toEqual(['Cuocete la pasta.', 'Servite subito.']);
  });

  it('passes over the ingredients a page shows again between its steps', () => {
    const draft = read({
      blocks: [
        heading('Method'),
        paragraph('1Wash the vegetables.'),
        inPart(list('1/4 cucumber'), 'ingredients'),
        paragraph('2Chop them.'),
      ],
    });
    expect(steps(draft)).toEqual(['Wash the vegetables.', 'Chop them.']);
  });

  it('drops a yield standing at the end of the last step the page shows', () => {
    const draft = read({
      blocks: [heading('Method'), list('Mix.', 'Serve with the dip. Serves 4'), heading('More', 2)],
    });
    expect(steps(draft)).toEqual(['Mix.', 'Serve with the dip.']);
    expect(draft.servings).toBe(4);
  });
});

describe('readRecipePage: pages whose headings do not say', () => {
  it('reads the blocks the markup names as ingredients and as steps', () => {
    const draft = read({
      blocks: [
        heading('Sesame brittle', 1),
        inPart(heading('Brittle', 3), 'ingredients'),
        inPart(list('natural brown sugar 45 g', 'black sesame seeds 35 g'), 'ingredients'),
        inPart(list('Line a baking sheet.', 'Melt the sugar.'), 'instructions'),
      ],
    });
    expect(draft.ingredientGroups.map((g) => g.name)).toEqual(['Brittle']);
    expect(draft.ingredientGroups[0]!.ingredients).toEqual([
      { quantity: 45, unit: 'g', name: 'natural brown sugar', note: null },
      { quantity: 35, unit: 'g', name: 'black sesame seeds', note: null },
    ]);
    expect(steps(draft)).toEqual(['Line a baking sheet.', 'Melt the sugar.']);
  });

  it('reads the lists that read as ingredients right after the first one, each under its heading', () => {
    const draft = read({
      blocks: [
        paragraph('Vanilla custard'),
        list('200g rhubarb', '200g strawberries', '90g sugar'),
        heading('Custard', 3),
        list('4 egg yolks', '600ml cream'),
        paragraph('Serves eight'),
        list('1 more', '2 lines', '3 of another recipe'),
      ],
    });
    expect(lines(draft)).toEqual([
      [null, ['rhubarb', 'strawberries', 'sugar']],
      ['Custard', ['egg yolks', 'cream']],
    ]);
  });

  it('reads the ingredients (or steps) from outside the main content when it has none', () => {
    const draft = read({
      blocks: [heading('Toastie', 1), paragraph('Method'), list('Toast it.', 'Eat it.')],
      outsideBlocks: [
        heading('Popular', 3),
        heading('Ingredients'),
        list('2 slices bread', '1 slice cheese'),
      ],
    });
    expect(lines(draft)).toEqual([[null, ['bread', 'cheese']]]);
    expect(steps(draft)).toEqual(['Toast it.', 'Eat it.']);
  });

  it('takes the page’s lines over structured data that names the ingredients without amounts', () => {
    const jsonLd = [
      JSON.stringify({
        '@type': 'Recipe',
        name: 'Cookies',
        recipeIngredient: ['flour', 'butter'],
        recipeInstructions: 'Mix.',
      }),
    ];
    const page = [heading('Ingredients'), list('1 ½ cups all-purpose flour', '1 stick butter')];
    expect(lines(read({ jsonLd, blocks: page }))).toEqual([[null, ['all-purpose flour', 'butter']]]);
    // Not when the page's lines are other ingredients.
    const other = [heading('Ingredients'), list('2 cups sugar', '1 stick butter')];
    expect(lines(read({ jsonLd, blocks: other }))).toEqual([[null, ['flour', 'butter']]]);
  });
});

describe('readRecipePage: the page’s title without structured data', () => {
  it('passes over a title without words and one that is only the site’s name', () => {
    const draft = read({
      meta: { 'og:title': '2', 'og:site_name': 'Dish' },
      title: 'Lamb curry | dish » Dish Magazine',
      blocks: [heading('Subscribe', 1)],
    });
    expect(draft.title).toBe('Lamb curry');
    const named = read({
      meta: { 'og:title': 'GrimGrains', 'og:site_name': 'Grimgrains' },
      title: 'Grimgrains',
    });
    expect(named.title).toBe('cook.example');
  });

  it('takes the site’s name off before a dash too', () => {
    const draft = read({
      meta: { 'og:site_name': 'Grimgrains' },
      title: 'GrimGrains — black sesame brittle',
    });
    expect(draft.title).toBe('black sesame brittle');
  });
});

describe('readRecipePage: yield and times the page states in its text', () => {
  const servingsOf = (...texts: string[]) =>
    read({
      blocks: [
        ...texts.map((text) => paragraph(text)),
        heading('Ingredients'),
        list('2 eggs', '1 lemon'),
        heading('Method'),
        list('Mix.'),
      ],
    }).servings;

  it('counts no portions in a yield of loaves or cups', () => {
    expect(servingsOf('Yield: 2 loaves')).toBe(4);
    expect(servingsOf('Yield: 1 loaf (16 slices)')).toBe(4);
    expect(servingsOf('Yield: 12 cookies')).toBe(12);
  });

  it.each([
    ['Pour 6 personnes', 6],
    ['Pour 3 pers.', 3],
    ['6 porsjoner', 6],
    ['5 portioner', 5],
    ['Raciones: 6', 6],
    ['Para 3 personas', 3],
    ['Dosi per: 6 persone', 6],
    ['Per 5 persone', 5],
    ['Zutaten für 2 Personen', 2],
    ['材料 (2人分)', 2],
    ['Für 8 Stücke · Zubereitungszeit: 45 Min.', 8],
  ])('reads the servings of "%s"', (text, servings) => {
    expect(servingsOf(text)).toBe(servings);
  });

  it('takes a yield stated as a fact over one said in the story before it', () => {
    expect(servingsOf('One batch makes 2 cups of sauce, plenty for the week.', 'Servings: 8')).toBe(8);
    expect(servingsOf('This recipe makes 6 generous bowls.', 'Prep 10 min | Serves 3')).toBe(3);
    expect(servingsOf('This recipe makes 6 generous bowls.')).toBe(6);
  });

  const timesOf = (facts: PageBlock[], method = list('Mix.')) => {
    const draft = read({
      blocks: [...facts, heading('Ingredients'), list('2 eggs', '1 lemon'), heading('Method'), method],
    });
    return [draft.prepMinutes, draft.cookMinutes];
  };

  it.each([
    [
      ['Prep: 10 mins', 'Cook: 50 mins'],
      [10, 50],
    ],
    [['Prep 15 mins Cook 1 hr'], [15, 60]],
    [['Prep: 10 min, Cook: 20 min'], [10, 20]],
    [['Zubereitungszeit: 30 Min.'], [30, null]],
    [
      ['Arbeitszeit ca. 20 Minuten', 'Backzeit etwa 45 Minuten'],
      [20, 45],
    ],
    [
      ['Préparation : 20 min', 'Cuisson : 1 h 10'],
      [20, 70],
    ],
    [
      ['Preparazione: 20 minuti', 'Cottura: 30 minuti'],
      [20, 30],
    ],
    [
      ['Preparación: 15 minutos', 'Cocción: 40 minutos'],
      [15, 40],
    ],
    [['Préparation : 10 min - Repos : 1 h - Cuisson : 30 min'], [10, 30]],
  ])('reads the times a page without structured data states: %j', (facts, minutes) => {
    expect(timesOf(facts.map((fact) => paragraph(fact)))).toEqual(minutes);
  });

  it('reads a label set in its own element before the time', () => {
    expect(timesOf([paragraph('Prep 15 mins'), paragraph('Cook 50 mins'), paragraph('Servings 4')])).toEqual([
      15, 50,
    ]);
  });

  it("takes no step's own sentence for the recipe's time", () => {
    const steps = list('Cook 5 minutes until soft.', 'Bake 30 minutes, then cool.', 'Cook 5 minutes.');
    expect(timesOf([], steps)).toEqual([null, null]);
  });
});

describe('readRecipePage: steps the headings do not name', () => {
  it('reads the paragraphs right after the ingredient lists as the steps, up to what reads as no sentence', () => {
    const draft = read({
      blocks: [
        heading('Recept'),
        heading('Hozzávalók', 3),
        heading('A raguhoz', 5),
        list('20 g sertészsír', '500 g darált hús'),
        paragraph('Zsírt melegítünk egy serpenyőben.'),
        paragraph('Hozzáadjuk a húst, és 15 percig főzzük!'),
        paragraph('Töltött patisszon (Fotó: Street Kitchen)'),
        paragraph('Még több recept vár.'),
      ],
    });
    expect(lines(draft)).toEqual([['A raguhoz', ['sertészsír', 'darált hús']]]);
    expect(steps(draft)).toEqual([
      'Zsírt melegítünk egy serpenyőben.',
      'Hozzáadjuk a húst, és 15 percig főzzük!',
    ]);
  });

  it('takes no lone paragraph, nor paragraphs that read as no sentences, after the ingredients for steps', () => {
    for (const after of [
      [paragraph('Melt the butter and stir in the flour.')],
      [paragraph('Share this recipe'), paragraph('Print it')],
    ]) {
      const draft = read({ blocks: [heading('Ingredients'), list('2 eggs', '1 lemon'), ...after] });
      expect(steps(draft)).toEqual([]);
    }
  });

  it('reads a list of steps written without spaces (Chinese, Japanese) as steps, not as a list of words', () => {
    const draft = read({
      blocks: [
        heading('用料'),
        list('奶油奶酪 250克', '糖粉 60克'),
        inPart(heading('蓝莓慕斯巴斯克的做法'), 'instructions'),
        inPart(list('奶油奶酪软化，加入糖粉搅拌均匀', '六寸模具垫油纸，底部放几颗蓝莓'), 'instructions'),
      ],
    });
    // The part's own heading, which outranks every other heading of it, names no section.
    expect(steps(draft)).toEqual(['奶油奶酪软化，加入糖粉搅拌均匀', '六寸模具垫油纸，底部放几颗蓝莓']);
  });

  it('keeps the headings of sections within a part the markup names', () => {
    const draft = read({
      blocks: [
        heading('Ingrédients'),
        list('2 œufs', '1 citron'),
        inPart(heading('Pour la pâte', 3), 'instructions'),
        inPart(list('Battre les œufs.', 'Ajouter le citron.'), 'instructions'),
        inPart(heading('Pour servir', 3), 'instructions'),
        inPart(list('Servir froid.'), 'instructions'),
      ],
    });
    expect(steps(draft)).toEqual([
      'Pour la pâte',
      'Battre les œufs.',
      'Ajouter le citron.',
      'Pour servir',
      'Servir froid.',
    ]);
  });
});
