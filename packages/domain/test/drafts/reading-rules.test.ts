import { formatQuantity } from '@larder/domain';
import { groupHeading } from '../../src/drafts/group-heading.js';
import { splitInstructions, stepsOfText } from '../../src/drafts/instruction-text.js';
import { findReferences } from '../../src/drafts/step-references.js';
import { absoluteAddress } from '../../src/drafts/web-address.js';
import { unitAtStart } from '../../src/drafts/units.js';

describe('formatQuantity', () => {
  it.each([
    [2, '2'],
    [0.5, '1/2'],
    [1.5, '1 1/2'],
    [1 / 3, '1/3'],
    [2.25, '2 1/4'],
    [0.1, '0.1'],
  ])('writes %d as "%s"', (quantity, text) => {
    expect(formatQuantity(quantity)).toBe(text);
  });
});

describe('unitAtStart', () => {
  it('tells a tablespoon (T) from a teaspoon (t) by case, and needs the word to end', () => {
    expect(unitAtStart('T sugar')?.unit.one).toBe('tbsp');
    expect(unitAtStart('t sugar')?.unit.one).toBe('tsp');
    expect(unitAtStart('Tomatoes')).toBeNull();
    expect(unitAtStart('fl. oz. cream')?.unit.one).toBe('fl oz');
  });
});

describe('groupHeading', () => {
  it.each([
    ['For the sauce:', 'For the sauce'],
    ['For the dough', 'For the dough'],
    ['Für den Teig:', 'Für den Teig'],
    ['Filling:', 'Filling'],
    ['** Topping **', 'Topping'],
  ])('reads "%s" as the group "%s"', (line, name) => {
    expect(groupHeading(line)).toBe(name);
  });

  it.each([
    '2 eggs',
    'Salt',
    'SALT',
    'For 4 people:',
    'salt, pepper and a little oil to finish the dish with:',
  ])('reads "%s" as no heading', (line) => {
    expect(groupHeading(line)).toBeNull();
  });
});

describe('splitInstructions', () => {
  it('takes numbering off, drops lines that are only a number, and repeated lines', () => {
    expect(
      splitInstructions(['Step 1', 'Heat the oven.', '2. Mix.', '2. Mix.', 'Step 3: Bake 1.5 hours.']),
    ).toEqual(['Heat the oven.', 'Mix.', 'Bake 1.5 hours.']);
  });

  it('splits a run-on line only when its numbers count from 1', () => {
    expect(splitInstructions(['1. Heat. 2. Mix. 3. Bake.'])).toEqual(['Heat.', 'Mix.', 'Bake.']);
    expect(splitInstructions(['Bake at 180. 2 Eggs go in later.'])).toEqual([
      'Bake at 180. 2 Eggs go in later.',
    ]);
  });
});

describe('findReferences', () => {
  const groups = [
    {
      name: null,
      ingredients: [
        { quantity: 2, unit: 'cups', name: 'all-purpose flour', note: null },
        { quantity: 1, unit: null, name: 'butter or margarine', note: null },
        { quantity: 1, unit: null, name: 'brown sugar', note: null },
        { quantity: 1, unit: null, name: 'white sugar', note: null },
      ],
    },
    { name: 'Icing', ingredients: [{ quantity: 1, unit: null, name: 'lemons', note: null }] },
  ];

  it('marks the whole name, or the head noun of each alternative, as whole words', () => {
    expect(findReferences('Rub the margarine into the flour; zest the lemon.', groups)).toEqual([
      { groupName: null, ingredientName: 'all-purpose flour', word: 'flour' },
      { groupName: null, ingredientName: 'butter or margarine', word: 'margarine' },
      { groupName: 'Icing', ingredientName: 'lemons', word: 'lemon' },
    ]);
  });

  it('leaves out a word that names two ingredients, and parts of words', () => {
    expect(findReferences('Add the sugar and some lemonade.', groups)).toEqual([]);
    expect(findReferences('Add the brown sugar.', groups)).toEqual([
      { groupName: null, ingredientName: 'brown sugar', word: 'brown sugar' },
    ]);
  });
});

describe('absoluteAddress', () => {
  it.each([
    ['https://img.example/a.jpg', 'https://img.example/a.jpg'],
    ['//img.example/a.jpg', 'https://img.example/a.jpg'],
    ['/a.jpg', 'https://cook.example/a.jpg'],
    ['a.jpg', 'https://cook.example/recipes/a.jpg'],
    ['data:image/png;base64,xx', null],
    ['', null],
  ])('makes "%s" absolute as %s', (href, address) => {
    expect(absoluteAddress(href, 'https://cook.example/recipes/soup?x=1')).toBe(address);
  });
});

describe('stepsOfText: numbered steps over lines', () => {
  it('splits at numbers that count from 1 across lines, a line without a number going on with its step', () => {
    expect(stepsOfText(['1. Soak the gelatine.', 'Warm the milk.', '2. Stir in.'])).toEqual([
      'Soak the gelatine. Warm the milk.',
      'Stir in.',
    ]);
  });

  it('splits where a script without capitals follows a number at once, and drops empty numbered steps', () => {
    expect(stepsOfText(['1.奶油奶酪软化 2.六寸模具垫油纸 3.冷藏 4. 5.'])).toEqual([
      '奶油奶酪软化',
      '六寸模具垫油纸',
      '冷藏',
    ]);
  });

  it('leaves list items one a step, numbers inside them notwithstanding', () => {
    expect(splitInstructions(['Done 1. Squeeze the lemons.', 'Done 2. Shake.'])).toEqual([
      'Done 1. Squeeze the lemons.',
      'Done 2. Shake.',
    ]);
  });

  it('drops lines that are no step: ads, bare links, calls to share, ways back', () => {
    expect(
      splitInstructions([
        'Mix.',
        'ADVERTISEMENT',
        'Annons',
        'Publicidad',
        'Return to Previous Page',
        'Back to top',
        'https://cook.example/x',
        'Did you make this recipe? Tag us!',
        'Enregistrer la recette pour l’essayer',
        'Bake.',
      ]),
    ).toEqual(['Mix.', 'Bake.']);
  });
});
