import { checkRecipeInput, isWellFormedText, readRecipeText, type DraftReading } from '@larder/domain';

function read(text: string): DraftReading {
  const draft = readRecipeText(text);
  expect(() => checkRecipeInput({ ...draft })).not.toThrow();
  return draft;
}

describe('readRecipeText', () => {
  it('divides text by its headings: title, description, ingredients with groups, steps', () => {
    const draft = read(`Leek soup

A warm soup for cold days.
Serves 4
Prep time: 15 minutes

Ingredients
- 2 leeks, sliced
- 1 l stock
For the topping:
- 50 g cheese

Method
1. Soften the leeks 10 minutes.
2. Add the stock.
   Simmer 20 minutes.

Notes
Keeps two days.`);
    expect(draft).toMatchObject({
      title: 'Leek soup',
      description: 'A warm soup for cold days.',
      servings: 4,
      prepMinutes: 15,
    });
    expect(draft.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => i.name)])).toEqual([
      [null, ['leeks', 'stock']],
      ['For the topping', ['cheese']],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Soften the leeks 10 minutes.',
      'Add the stock.',
      'Simmer 20 minutes.',
    ]);
    expect(draft.sourceUrl).toBeNull();
  });

  it('reads German headings and decimal commas', () => {
    const draft = read(`# Käsespätzle
Zutaten:
400 g Mehl
1,5 TL Salz
Zubereitung:
Alles verrühren und 2 Min. kochen.`);
    expect(draft.title).toBe('Käsespätzle');
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => [i.quantity, i.unit, i.name])).toEqual([
      [400, 'g', 'Mehl'],
      [1.5, 'TL', 'Salz'],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual(['Alles verrühren und 2 Min. kochen.']);
  });

  it('tells the parts apart by their shape when there are no headings', () => {
    const draft = read(`Pancakes
Light and quick.
200 g flour
2 eggs
• pinch of salt
1. Whisk everything.
2. Fry 2 minutes a side.`);
    expect(draft.description).toBe('Light and quick.');
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => i.name)).toEqual(['flour', 'eggs', 'salt']);
    expect(draft.steps.map((s) => s.text)).toEqual(['Whisk everything.', 'Fry 2 minutes a side.']);
  });

  it.each([
    ['Prep 30 minutes, bake 50 minutes', 30, 50],
    ['Prep time: 10 min | Cook time: 1 hr 5 min · Total: 1 hr 15 min', 10, 65],
    ['Vorbereitungszeit 20 Min. · Backzeit 45 Min.', 20, 45],
    ['Total time 40 minutes; cooking 25 minutes.', null, 25],
  ])('reads a line of times run together: %j', (line, prepMinutes, cookMinutes) => {
    const draft = read(
      `Plum cake\nA cake for autumn.\n${line}\n\nIngredients\n500 g plums\n\nMethod\nBake it.`,
    );
    expect(draft).toMatchObject({ prepMinutes, cookMinutes, description: 'A cake for autumn.' });
  });

  it.each(['Step', 'STEP', 'Étape'])('reads steps each under a line "%s 1", "%s 2"', (word) => {
    const draft = read(
      `Cookies\n\nIngredients\n200 g flour\n\nMethod\n${word} 1\nHeat the oven.\n${word} 2\nMix the dough\nwith the flour.\n${word} 3\nBake.`,
    );
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Heat the oven.',
      'Mix the dough with the flour.',
      'Bake.',
    ]);
  });

  it.each([
    [
      'Ingrédients',
      'Préparation',
      'Pour 6 personnes',
      'Temps de préparation : 20 min',
      'Temps de cuisson : 40 min',
    ],
    ['Ingredienti', 'Procedimento', 'Dosi per: 6 persone', 'Preparazione: 20 min', 'Cottura: 40 min'],
    [
      'INGREDIENTES',
      'Preparación:',
      'Raciones: 6',
      'Tiempo de preparación: 20 minutos',
      'Tiempo de cocción: 40 minutos',
    ],
    [
      'Ingrediënten',
      'Bereiding',
      'Voor 6 personen',
      'Voorbereidingstijd: 20 minuten',
      'Oventijd: 40 minuten',
    ],
    ['Zutaten', 'Zubereitung', 'Für 6 Personen', 'Arbeitszeit ca. 20 Minuten', 'Backzeit: 40 Min.'],
  ])(
    'reads headings and facts in the words the page reader knows: %s, %s',
    (ingredients, instructions, yields, prep, cook) => {
      const draft = read(
        `Tarte\n\n${yields}\n${prep}\n${cook}\n\n${ingredients}\n200 g farine\n3 œufs\n\n${instructions}\nMélanger la farine et les œufs.\n\nCuire la tarte.`,
      );
      expect(draft).toMatchObject({ servings: 6, prepMinutes: 20, cookMinutes: 40, description: '' });
      expect(draft.ingredientGroups.map((g) => g.ingredients.map((i) => i.name))).toEqual([
        ['farine', 'œufs'],
      ]);
      expect(draft.steps.map((s) => s.text)).toEqual(['Mélanger la farine et les œufs.', 'Cuire la tarte.']);
    },
  );

  it.each([
    ['Serves 3 · Prep: 10 mins · Cook: 15 mins', 3, 10, 15],
    ['Serves 4 | Prep 15 min | Cook 45 min', 4, 15, 45],
    ['Makes 12 cookies/Prep 20 min / Cook 40 min', 12, 20, 40],
    ['4 servings; prep 5 min; cook 1,5 hours', 4, 5, 90],
    ['Für 2 Personen • Arbeitszeit: 15 Min. • Kochzeit: 10 Min.', 2, 15, 10],
  ])('reads a line of facts run together: %j', (line, servings, prepMinutes, cookMinutes) => {
    const draft = read(
      `Plum cake\n${line}\nA cake for autumn.\n\nIngredients\n500 g plums\n\nMethod\nBake it.`,
    );
    expect(draft).toMatchObject({ servings, prepMinutes, cookMinutes, description: 'A cake for autumn.' });
  });

  it('leaves a line that is more than times to the description or the steps', () => {
    const draft = read(
      `Plum cake\nBake 30 minutes, then cool.\n\nIngredients\n500 g plums\n\nMethod\nBake 50 minutes, cook 5 minutes.`,
    );
    expect(draft).toMatchObject({
      prepMinutes: null,
      cookMinutes: null,
      description: 'Bake 30 minutes, then cool.',
    });
    expect(draft.steps.map((s) => s.text)).toEqual(['Bake 50 minutes, cook 5 minutes.']);
  });

  it('reads markdown: bold facts and headings, headings of groups, checklist items', () => {
    const draft = read(`# Caesar salad

**Serves:** 2
**Prep time:** 15 minutes

**Ingredients**

### Dressing
- [ ] 1 tsp mustard
- [x] 3 tbsp mayonnaise

### Salad
* 2 eggs

**Method:**
1. Whisk the dressing.
2. Toss the salad.`);
    expect(draft).toMatchObject({ title: 'Caesar salad', servings: 2, prepMinutes: 15 });
    expect(draft.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => i.name)])).toEqual([
      ['Dressing', ['mustard', 'mayonnaise']],
      ['Salad', ['eggs']],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual(['Whisk the dressing.', 'Toss the salad.']);
  });

  it('reads German: servings in the ingredients heading, a step a sentence line, times after the steps', () => {
    const draft = read(`Kaiserschmarrn

Zutaten für 2 Personen:
125 g Mehl
4 Eier

Zubereitung:
Die Eier trennen. Alles glatt rühren.
Die Butter erhitzen und 4 Min. backen.
Den Teig wenden und servieren.

Arbeitszeit: 15 Min.
Zubereitungszeit: 30 Min.
Kochzeit: 10 Min.`);
    expect(draft).toMatchObject({ servings: 2, prepMinutes: 15, cookMinutes: 10 });
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => i.name)).toEqual(['Mehl', 'Eier']);
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Die Eier trennen. Alles glatt rühren.',
      'Die Butter erhitzen und 4 Min. backen.',
      'Den Teig wenden und servieren.',
    ]);
  });

  it.each([
    ['Ingredients for 5 people', 5],
    ['Ingredients (serves 6):', 6],
    ['Zutaten für 3', 3],
  ])('reads the servings a heading names: %j', (heading, servings) => {
    const draft = read(`Soup\n${heading}\n2 leeks\nMethod\nCook.`);
    expect(draft.servings).toBe(servings);
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => i.name)).toEqual(['leeks']);
  });

  it('keeps a paragraph with hard line breaks one step, and a time without a colon among the steps a step', () => {
    const draft = read(`Soup
Method
Soften the leeks in the butter. Add
the stock and simmer.
Season.

Bake 30 minutes.`);
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Soften the leeks in the butter. Add the stock and simmer. Season.',
      'Bake 30 minutes.',
    ]);
    expect(draft.cookMinutes).toBeNull();
  });

  it('reads a PDF copy with hard line breaks: wrapped steps and ingredient lines, page footers', () => {
    const draft = read(`Squash soup
INGREDIENTS
1 medium squash (about 2 lb),
peeled, seeded and cut into 1-inch
cubes
1 large red pepper, seeded and
cut into cubes
salt
METHOD
1. Heat the oven. Toss the squash
with the oil and roast for 30 minutes.
Page 12 of 48 The Autumn Table Cookbook
2. Meanwhile, heat the remaining oil in a
large pot and cook the onion for 6 minutes.
Add the garlic.
— 13 —
3. Blend.
14`);
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => [i.name, i.note])).toEqual([
      ['squash', 'medium, about 2 lb, peeled, seeded and cut into 1-inch cubes'],
      ['red pepper', 'large, seeded and cut into cubes'],
      ['salt', null],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Heat the oven. Toss the squash with the oil and roast for 30 minutes.',
      'Meanwhile, heat the remaining oil in a large pot and cook the onion for 6 minutes. Add the garlic.',
      'Blend.',
    ]);
  });

  it('reads a chat message or a post: emoji bullets, keycap step numbers, hashtags, "makes about 8"', () => {
    const draft = read(`✨ Nutella Brownies ✨
Only 3 ingredients!!
makes about 8

What you need 👇
🥄 1 cup Nutella
▪️ 2 large eggs
✅ 1/2 cup flour

How to 👇
1️⃣ Preheat oven to 350°F
2️⃣ Whisk the Nutella and eggs

#brownies #nutella #3ingredients`);
    expect(draft).toMatchObject({
      title: 'Nutella Brownies',
      servings: 8,
      description: 'Only 3 ingredients!!',
    });
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => [i.quantity, i.name])).toEqual([
      [1, 'Nutella'],
      [2, 'eggs'],
      [0.5, 'flour'],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual(['Preheat oven to 350°F', 'Whisk the Nutella and eggs']);
  });

  it('reads ingredients written name first, three or more in a row, without a heading', () => {
    const draft = read(`Vinaigrette
Oven: 180 °C

Olive oil - 6 tbsp
Flour: 200 g
Shallot - 1, minced
Honey – 1 tsp`);
    expect(draft.description).toBe('Oven: 180 °C');
    expect(draft.ingredientGroups[0]!.ingredients.map((i) => [i.quantity, i.unit, i.name, i.note])).toEqual([
      [6, 'tbsp', 'Olive oil', null],
      [200, 'g', 'Flour', null],
      [1, null, 'Shallot', 'minced'],
      [1, 'tsp', 'Honey', null],
    ]);
  });

  it('reads headings in capitals without a colon as groups and sections, unless the lines are capitals too', () => {
    const draft = read(`Cinnamon rolls

INGREDIENTS
DOUGH
1 cup warm milk
4 cups bread flour
FILLING
3/4 cup brown sugar
SALT

INSTRUCTIONS
DOUGH
Mix the milk and flour. Knead 5 minutes.
Cover and let rise 1 hour.
BAKE AND ICE
Bake at 350°F for 25 minutes.
SERVE WARM`);
    expect(draft.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => i.name)])).toEqual([
      ['DOUGH', ['warm milk', 'bread flour']],
      ['FILLING', ['brown sugar', 'SALT']],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual([
      'DOUGH',
      'Mix the milk and flour. Knead 5 minutes.',
      'Cover and let rise 1 hour.',
      'BAKE AND ICE',
      'Bake at 350°F for 25 minutes.',
      'SERVE WARM',
    ]);
    const shouted = read('BREAD\n\nINGREDIENTS\nFLOUR\nWATER\nSALT\n\nMETHOD\nMIX IT ALL.');
    expect(shouted.ingredientGroups.map((g) => [g.name, g.ingredients.map((i) => i.name)])).toEqual([
      [null, ['FLOUR', 'WATER', 'SALT']],
    ]);
  });

  it('reads a recipe card copied whole: its rating, "Scale" and "1x2x3x" are no ingredients, "Nutrition" ends the steps', () => {
    const draft = read(`Thai green curry
Jump to Recipe
5 from 3 votes
Servings: 4

Ingredients
Scale
1x2x3x
1 tablespoon coconut oil
3 tablespoons green curry paste

Instructions
Fry the curry paste in the oil.
Add the coconut milk.

Nutrition
Calories: 380kcal
Protein: 12g`);
    expect(draft.description).toBe('Jump to Recipe\n5 from 3 votes');
    expect(draft.ingredientGroups.map((g) => g.ingredients.map((i) => i.name))).toEqual([
      ['coconut oil', 'green curry paste'],
    ]);
    expect(draft.steps.map((s) => s.text)).toEqual([
      'Fry the curry paste in the oil.',
      'Add the coconut milk.',
    ]);
  });

  it('reads a Chefkoch copy: "Koch-/Backzeit ca. 45 Minuten", and times before their labels ("40 min bereiden")', () => {
    const chefkoch = read(
      'Apfelkuchen\nArbeitszeit ca. 25 Minuten\nKoch-/Backzeit ca. 45 Minuten\n\nZutaten\n3 Eier',
    );
    expect(chefkoch).toMatchObject({ prepMinutes: 25, cookMinutes: 45 });
    const dutch = read(
      'Appeltaart\n40 min bereiden · 60 min oventijd\n\nIngrediënten\n1 ei\n\nBereiding\nBak de taart.',
    );
    expect(dutch).toMatchObject({ prepMinutes: 40, cookMinutes: 60, description: '' });
  });

  it('makes a draft of a single line, and of nothing', () => {
    expect(read('Toast').title).toBe('Toast');
    expect(read('   ').title).toBe('Recipe');
  });

  it('cuts over-long text between characters, never inside one, so the draft saves as it is', () => {
    const name = `${'a'.repeat(119)}${'😀'.repeat(100)}`;
    const step = `Stir ${'😀'.repeat(1200)}`;
    const draft = read(`Soup\nIngredients\n1 g ${name}\nMethod\n1. ${step}`);
    const texts = [
      ...draft.ingredientGroups.flatMap((g) => g.ingredients.flatMap((i) => [i.name, i.note ?? ''])),
      ...draft.steps.map((s) => s.text),
    ];
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts) expect([text, isWellFormedText(text)]).toEqual([text, true]);
  });

  it('shows half characters a page or text carries as U+FFFD', () => {
    const draft = read('Soup \ud800\nIngredients\n1 leek \udc00\nMethod\n1. Stir.');
    expect(draft.title).toBe('Soup \ufffd');
    expect(draft.ingredientGroups[0]!.ingredients[0]!.name).toBe('leek \ufffd');
  });
});
