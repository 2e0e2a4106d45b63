import { ingredientText, readIngredientLine, type Ingredient } from '@larder/domain';

function read(line: string, decimalComma = false): Ingredient {
  return readIngredientLine(line, { decimalComma }).ingredient;
}

/** The words of a line, as a sorted list, for "every word ends up somewhere". */
function wordsOf(text: string): string[] {
  return text
    .replace(/½/gu, ' 1/2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .sort();
}

describe('readIngredientLine: amounts', () => {
  it.each([
    ['2 eggs', 2],
    ['1.5 kg potatoes', 1.5],
    ['.5 cup milk', 0.5],
    ['1/2 cup milk', 0.5],
    ['½ cup milk', 0.5],
    ['1 ½ cups milk', 1.5],
    ['1½ cups milk', 1.5],
    ['1 1/2 cups milk', 1.5],
    ['1-1/2 cups milk', 1.5],
    ['1 and 1/4 cups milk', 1.25],
    ['1⁄3 cup oil', 1 / 3],
    ['One 14-ounce can tomatoes', 1],
    ['eine Prise Salz', 1],
  ])('reads the amount of "%s"', (line, quantity) => {
    expect(read(line).quantity).toBeCloseTo(quantity, 9);
  });

  it('reads a decimal comma as a decimal in languages that write one, and "1,000" as a thousand in English', () => {
    expect(read('1,5 kg Mehl', true).quantity).toBe(1.5);
    expect(read('1,5 kg flour').quantity).toBe(1.5);
    expect(read('1,000 g flour').quantity).toBe(1000);
    expect(read('1.500 g Mehl', true).quantity).toBe(1500);
  });

  it.each([
    ['2-3 small pickles', 2, '2-3'],
    ['2–3 EL Öl', 2, '2–3'],
    ['2 to 3 cups stock', 2, '2 to 3'],
    ['½ to 1 teaspoon salt', 0.5, '½ to 1'],
    ['1 or 2 cloves garlic', 1, '1 or 2'],
    ['200g-250g flour', 200, '200-250'],
  ])(
    'takes the lower end of the range "%s" and keeps the range first in the note',
    (line, quantity, range) => {
      const ingredient = read(line);
      expect(ingredient.quantity).toBe(quantity);
      expect(ingredient.note?.startsWith(range)).toBe(true);
    },
  );

  it('shows a range where the quantity stands', () => {
    expect(ingredientText(read('2-3 small pickles'))).toBe('2-3 pickles, small');
    expect(ingredientText(read('1 ½ cups milk'))).toBe('1 1/2 cups milk');
  });
});

describe('readIngredientLine: units', () => {
  it.each([
    ['250 g flour', 'g'],
    ['250g flour', 'g'],
    ['1 kg potatoes', 'kg'],
    ['5 mg saffron', 'mg'],
    ['200 ml milk', 'ml'],
    ['200 mL milk', 'ml'],
    ['2 cl rum', 'cl'],
    ['2 dl cream', 'dl'],
    ['1 l water', 'l'],
    ['1 L water', 'l'],
    ['1 liter water', 'l'],
    ['2 tsp salt', 'tsp'],
    ['2 teaspoons salt', 'tsp'],
    ['1 t salt', 'tsp'],
    ['2 Tbsp. oil', 'tbsp'],
    ['2 tablespoons oil', 'tbsp'],
    ['1 T oil', 'tbsp'],
    ['1 cup rice', 'cup'],
    ['2 cups rice', 'cups'],
    ['1 c. rice', 'cup'],
    ['4 fl oz cream', 'fl oz'],
    ['4 fl. oz. cream', 'fl oz'],
    ['8 oz cheese', 'oz'],
    ['8 ounces cheese', 'oz'],
    ['2 lbs beef', 'lb'],
    ['1 pint cream', 'pint'],
    ['2 quarts water', 'quarts'],
    ['1 gallon water', 'gallon'],
    ['3 cloves garlic', 'cloves'],
    ['1 can tomatoes', 'can'],
    ['1 jar pesto', 'jar'],
    ['1 packet yeast', 'packet'],
    ['1 pinch salt', 'pinch'],
    ['1 dash bitters', 'dash'],
    ['2 slices bread', 'slices'],
    ['2 sprigs thyme', 'sprigs'],
    ['1 bunch parsley', 'bunch'],
    ['1 stick butter', 'stick'],
    ['2 EL Olivenöl', 'EL'],
    ['2 Esslöffel Olivenöl', 'EL'],
    ['1 TL Salz', 'TL'],
    ['1 Teelöffel Salz', 'TL'],
    ['1 Prise Salz', 'Prise'],
    ['2 Prisen Salz', 'Prisen'],
    ['1 Msp. Muskat', 'Msp.'],
    ['1 Bund Petersilie', 'Bund'],
    ['1 Päckchen Vanillezucker', 'Pck.'],
    ['1 Pck. Backpulver', 'Pck.'],
    ['1 Dose Tomaten', 'Dose'],
    ['1 Becher Sahne', 'Becher'],
    ['2 Zehen Knoblauch', 'Zehen'],
    ['3 Scheiben Brot', 'Scheiben'],
    ['2 Stück Paprika', 'Stück'],
  ])('reads the unit of "%s" as the household writes it', (line, unit) => {
    expect(read(line).unit).toBe(unit);
  });

  it('does not take a word that only starts like a unit ("garlic", "tomatoes", "cup-shaped")', () => {
    expect(read('2 garlic cloves').name).toBe('garlic');
    expect(read('3 tomatoes').unit).toBeNull();
    expect(read('20 cup-shaped leaves').unit).toBeNull();
  });

  it('reads a count unit written after the name ("4 garlic cloves" is 4 cloves of garlic)', () => {
    expect(read('4 garlic cloves, minced')).toEqual({
      quantity: 4,
      unit: 'cloves',
      name: 'garlic',
      note: 'minced',
    });
  });

  it('reads a unit that needs no number ("pinch of salt", "Prise Salz"), dropping "a" and "of"', () => {
    expect(read('a pinch of salt')).toEqual({ quantity: null, unit: 'pinch', name: 'salt', note: null });
    expect(read('Prise Salz')).toEqual({ quantity: null, unit: 'Prise', name: 'Salz', note: null });
    expect(read('Handful of basil leaves').unit).toBe('handful');
  });
});

describe('readIngredientLine: spoons and counts in French, Spanish, Italian and Scandinavian', () => {
  it.each([
    ["2 c. à soupe d'huile d'olive", 2, 'tbsp', "huile d'olive"],
    ['1 c. à café de muscade', 1, 'tsp', 'muscade'],
    ['1 c.à.s. de sucre', 1, 'tbsp', 'sucre'],
    ['2 c. à c. de sel', 2, 'tsp', 'sel'],
    ['3 cuillères à soupe de crème', 3, 'tbsp', 'crème'],
    ['1 cuillère à café de cannelle', 1, 'tsp', 'cannelle'],
    ['2 CS huile', 2, 'tbsp', 'huile'],
    ['2 cucharadas de aceite', 2, 'tbsp', 'aceite'],
    ['1 cucharadita de sal', 1, 'tsp', 'sal'],
    ["2 cucchiai di olio d'oliva", 2, 'tbsp', "olio d'oliva"],
    ['1 cucchiaino di zucchero', 1, 'tsp', 'zucchero'],
    ['2 ss olje', 2, 'msk', 'olje'],
    ['1 tsk salt', 1, 'tsk', 'salt'],
    ['1 krm salt', 1, 'krm', 'salt'],
    ['3 st ägg', 3, 'st', 'ägg'],
    ['1 pincée de sel', 1, 'pinch', 'sel'],
  ])('reads "%s" as %s %s %s', (line, quantity, unit, name) => {
    const reading = read(line);
    expect([reading.quantity, reading.unit, reading.name]).toEqual([quantity, unit, name]);
  });

  it('never reads "c." before "à" as a cup, and doubts a spoon it does not know', () => {
    const reading = readIngredientLine('2 c. à dessert de sucre');
    expect(reading.ingredient.unit).not.toBe('cups');
    expect(reading.sure).toBe(false);
  });

  it('reads no "cc" as a teaspoon: as often cubic centimetres', () => {
    expect(read('200cc milk').unit).not.toBe('tsp');
    expect(read('1 cc de vanille').unit).not.toBe('tsp');
  });

  it('drops "d\'" after a unit, with either apostrophe', () => {
    expect(read("5 cl d'eau froide").name).toBe('eau froide');
    expect(read('5 cl d’eau froide').name).toBe('eau froide');
  });

  it('takes "q.b." (quanto basta) for a note', () => {
    expect(read('sale q.b.')).toEqual({ quantity: null, unit: null, name: 'sale', note: 'q.b.' });
  });
});

describe('readIngredientLine: name and note', () => {
  it.each<[string, Ingredient]>([
    [
      '2 large onions, finely chopped',
      { quantity: 2, unit: null, name: 'onions', note: 'large, finely chopped' },
    ],
    ['1 (14 oz) can coconut milk', { quantity: 1, unit: 'can', name: 'coconut milk', note: '14 oz' }],
    ['250g/9oz plain flour', { quantity: 250, unit: 'g', name: 'plain flour', note: '9oz' }],
    ['500g/1lb 2oz new potatoes', { quantity: 500, unit: 'g', name: 'new potatoes', note: '1lb 2oz' }],
    [
      '2 x 400g tins chopped tomatoes',
      { quantity: 2, unit: 'tins', name: 'tomatoes', note: '400g, chopped' },
    ],
    ['1 cup (240 ml) milk', { quantity: 1, unit: 'cup', name: 'milk', note: '240 ml' }],
    [
      '2 cups all-purpose flour, sifted',
      { quantity: 2, unit: 'cups', name: 'all-purpose flour', note: 'sifted' },
    ],
    ['1 cup finely chopped parsley', { quantity: 1, unit: 'cup', name: 'parsley', note: 'finely chopped' }],
    ['2 tbsp melted butter', { quantity: 2, unit: 'tbsp', name: 'butter', note: 'melted' }],
    ['1 tsp ground cumin', { quantity: 1, unit: 'tsp', name: 'ground cumin', note: null }],
    ['Salt and pepper to taste', { quantity: null, unit: null, name: 'Salt and pepper', note: 'to taste' }],
    ['1 cup sugar, divided', { quantity: 1, unit: 'cup', name: 'sugar', note: 'divided' }],
    ['Flour for dusting', { quantity: null, unit: null, name: 'Flour', note: 'for dusting' }],
    ['Juice of 2 limes', { quantity: 2, unit: null, name: 'limes', note: 'Juice of' }],
    ['About 1 cup milk', { quantity: 1, unit: 'cup', name: 'milk', note: 'About' }],
    [
      '2 tablespoons club soda, chicken broth or water',
      { quantity: 2, unit: 'tbsp', name: 'club soda, chicken broth or water', note: null },
    ],
    ['3 cups milk, whole or low fat', { quantity: 3, unit: 'cups', name: 'milk', note: 'whole or low fat' }],
    [
      '2 skinless, boneless chicken breasts',
      { quantity: 2, unit: null, name: 'skinless, boneless chicken breasts', note: null },
    ],
    [
      '¼ teaspoon coarse (kosher) salt',
      { quantity: 0.25, unit: 'tsp', name: 'coarse (kosher) salt', note: null },
    ],
    ['1 cup peas (steamed if fresh)', { quantity: 1, unit: 'cup', name: 'peas', note: 'steamed if fresh' }],
    ['Vanilla extract, 1½ teaspoons', { quantity: 1.5, unit: 'tsp', name: 'Vanilla extract', note: null }],
    ['1 Zwiebel, fein gehackt', { quantity: 1, unit: null, name: 'Zwiebel', note: 'fein gehackt' }],
    ['200 g Mehl (Type 550)', { quantity: 200, unit: 'g', name: 'Mehl', note: 'Type 550' }],
    ["250 g '00' flour", { quantity: 250, unit: 'g', name: "'00' flour", note: null }],
    [
      '1 tablespoon plus 1 teaspoon sugar',
      { quantity: 1, unit: 'tbsp', name: 'sugar', note: 'plus 1 teaspoon' },
    ],
    ['1 tsp salt 5 mL', { quantity: 1, unit: 'tsp', name: 'salt', note: '5 mL' }],
    ['15-16 whole cloves', { quantity: 15, unit: null, name: 'whole cloves', note: '15-16' }],
    ['5 lb large or jumbo shrimp', { quantity: 5, unit: 'lb', name: 'shrimp', note: 'large or jumbo' }],
    [
      '80 g drained cooked or tinned chickpeas',
      { quantity: 80, unit: 'g', name: 'cooked or tinned chickpeas', note: 'drained' },
    ],
    ['3 c scant cherry tomatoes', { quantity: 3, unit: 'cups', name: 'cherry tomatoes', note: 'scant' }],
    [
      '2 tbsp good-quality sherry vinegar',
      { quantity: 2, unit: 'tbsp', name: 'good-quality sherry vinegar', note: null },
    ],
    ['⅓ c good ricotta', { quantity: 1 / 3, unit: 'cup', name: 'good ricotta', note: null }],
    [
      '1 tbsp mixed white, black, and pink peppercorns',
      { quantity: 1, unit: 'tbsp', name: 'mixed white, black, and pink peppercorns', note: null },
    ],
    ['12 taco-size corn tortillas', { quantity: 12, unit: null, name: 'corn tortillas', note: 'taco-size' }],
    [
      '3 cups fat-free, reduced-sodium chicken or vegetable broth',
      { quantity: 3, unit: 'cups', name: 'fat-free, reduced-sodium chicken or vegetable broth', note: null },
    ],
    [
      '4 Thai chiles, stems removed; or substitute serrano chiles',
      { quantity: 4, unit: null, name: 'Thai chiles', note: 'stems removed, or substitute serrano chiles' },
    ],
  ])('reads "%s"', (line, expected) => {
    expect(read(line)).toEqual(expected);
  });

  it('drops bullets and footnote asterisks', () => {
    expect(read('• 3/4 cup half and half*')).toEqual({
      quantity: 0.75,
      unit: 'cup',
      name: 'half and half',
      note: null,
    });
  });

  it.each([
    '2 large onions, finely chopped',
    '1 (14 oz) can coconut milk (full fat), shaken well',
    '3 tbsp basil pesto sauce, purchased or homemade',
    '4 x 200g/7oz salmon fillets (skin off)',
    'Juice of 1 lime, plus extra to taste',
    '2 lb small, thin parsnips, peeled and cut into ½-inch pieces',
    '1 Dose gehackte Tomaten (400 g)',
  ])('keeps every word of "%s" in quantity, unit, name or note', (line) => {
    const shown = ingredientText(read(line));
    const joints = new Set(['of', 'x', 'a']);
    expect(wordsOf(shown).filter((w) => !joints.has(w))).toEqual(wordsOf(line).filter((w) => !joints.has(w)));
  });
});

describe('readIngredientLine: doubt', () => {
  it.each(['1 cup 2% milk', '2¼-3 1/2 (see note) 4 cups', '1 x 6-bone rack of lamb', '3 Stg. Lauch'])(
    'keeps "%s" as it stood, whole, and says it is unsure',
    (line) => {
      const reading = readIngredientLine(line);
      expect(reading.sure).toBe(false);
      expect(reading.ingredient).toEqual({ quantity: null, unit: null, name: line, note: null });
    },
  );

  it('is sure of a plain line', () => {
    expect(readIngredientLine('2 eggs').sure).toBe(true);
    expect(readIngredientLine('salt').sure).toBe(true);
  });
});

describe('readIngredientLine: shapes the labelled lines read most often wrong', () => {
  const parts = (line: string) => {
    const { quantity, unit, name, note } = read(line);
    return [quantity, unit, name, note];
  };

  it('takes crushed, toasted, mashed, cleaned and shaved for preparations, but not in products sold so', () => {
    expect(parts('½ cup crushed cornflakes')).toEqual([0.5, 'cup', 'cornflakes', 'crushed']);
    expect(parts('1 tbsp toasted sesame seeds')).toEqual([1, 'tbsp', 'sesame seeds', 'toasted']);
    expect(parts('1 cup mashed fresh strawberries')).toEqual([1, 'cup', 'fresh strawberries', 'mashed']);
    expect(parts('1 tsp toasted sesame oil')).toEqual([1, 'tsp', 'toasted sesame oil', null]);
    expect(parts('1 (14 ounce) can diced tomatoes')).toEqual([1, 'can', 'diced tomatoes', '14 ounce']);
    expect(parts('2 cups crushed tomatoes')).toEqual([2, 'cups', 'crushed tomatoes', null]);
    expect(parts('250 g mashed potatoes')).toEqual([250, 'g', 'mashed potatoes', null]);
  });

  it('keeps an enumeration ending in "and" together as the name', () => {
    expect(parts('1 (10 ounce) package romaine, endive, carrot, and radicchio salad mix')).toEqual([
      1,
      'package',
      'romaine, endive, carrot, and radicchio salad mix',
      '10 ounce',
    ]);
    expect(parts('1 onion, peeled, and diced')).toEqual([1, null, 'onion', 'peeled, and diced']);
  });

  it('reads "each" as a note, and the list after it as the name', () => {
    expect(parts('2 tbsp each chopped fresh parsley, rosemary and thyme')).toEqual([
      2,
      'tbsp',
      'fresh parsley, rosemary and thyme',
      'each, chopped',
    ]);
    expect(parts('½ each yellow, red, and green bell pepper, cored, seeded, and chopped')).toEqual([
      0.5,
      null,
      'yellow, red, and green bell pepper',
      'each, cored, seeded, and chopped',
    ]);
  });

  it('says "or so" and "or two" of the amount', () => {
    expect(parts('2 tbsp or so runny honey')).toEqual([2, 'tbsp', 'runny honey', 'or so']);
    expect(parts('splash or two Marsala wine')).toEqual([null, 'splash', 'Marsala wine', 'or two']);
  });

  it('says a size before a count word after the name of the pieces', () => {
    expect(parts('3 fat garlic cloves, crushed')).toEqual([3, 'cloves', 'garlic', 'fat, crushed']);
    expect(parts('2 thick pineapple slices')).toEqual([2, 'slices', 'pineapple', 'thick']);
  });

  it('takes "of your choice" and "of any kind" for a note', () => {
    expect(parts('1 cup fruit of your choice')).toEqual([1, 'cup', 'fruit', 'of your choice']);
  });

  it('takes the amount from a note that gives it in two units', () => {
    expect(parts('sunflower oil, for deep frying (roughly 1 litre/1¾ pints)')).toEqual([
      1,
      'l',
      'sunflower oil',
      'roughly, 1¾ pints, for deep frying',
    ]);
  });

  it('flags a preparation left in the name and a measure "of" something it did not understand', () => {
    const flagged = (line: string) => !readIngredientLine(line).sure;
    expect(flagged('2 tsp fresh coarsely ground black peppercorns')).toBe(true);
    expect(flagged('thumb-sized piece of fresh ginger')).toBe(true);
    expect(flagged('a dot of red food colouring')).toBe(true);
    expect(flagged('1 (10 ounce) can condensed cream of mushroom soup')).toBe(false);
    expect(flagged('½ tsp bicarbonate of soda')).toBe(false);
    expect(flagged('1.5 kg boneless shoulder of lamb')).toBe(false);
    expect(flagged('2 tbsp finely chopped parsley')).toBe(false);
  });

  it('flags an article left in the name: a phrase it did not read as an amount', () => {
    expect(readIngredientLine('a small lemon, juice only').sure).toBe(false);
    expect(readIngredientLine('1 tsp sugar, or a natural sweetener').sure).toBe(false);
    expect(readIngredientLine('a pinch of salt').sure).toBe(true);
  });

  it('takes an adverb with the size after it to the note ("very large")', () => {
    expect(parts('1 very large potato')).toEqual([1, null, 'potato', 'very large']);
  });
});
