import {
  type RecipeForm,
  carryReferences,
  emptyForm,
  findReferences,
  findTimes,
  formOf,
  inputOf,
  issuesByField,
  keptTimes,
  moved,
  parseQuantity,
} from '../src/recipe-form';

type FormIngredientOf = RecipeForm['groups'][number]['ingredients'][number];

describe('the recipe editor, apart from the screen', () => {
  it('carries the steps’ links along when a group is renamed, a name corrected, an ingredient moved', () => {
    const before: RecipeForm = {
      ...emptyForm(),
      groups: [
        {
          key: 'g1',
          name: 'Sauce',
          ingredients: [
            { key: 'i1', quantity: '2', unit: '', name: 'onoins', note: '' },
            { key: 'i2', quantity: '1', unit: 'clove', name: 'garlic', note: '' },
          ],
        },
        {
          key: 'g2',
          name: 'Pasta',
          ingredients: [{ key: 'i3', quantity: '200', unit: 'g', name: 'spaghetti', note: '' }],
        },
      ],
      steps: [
        {
          key: 's1',
          text: 'Fry the onions and garlic, then cook the spaghetti.',
          times: [],
          references: [
            { word: 'onions', groupName: 'Sauce', ingredientName: 'onoins' },
            { word: 'garlic', groupName: 'Sauce', ingredientName: 'garlic' },
            { word: 'spaghetti', groupName: 'Pasta', ingredientName: 'spaghetti' },
          ],
        },
      ],
    };
    const [sauce, pasta] = before.groups as [RecipeForm['groups'][number], RecipeForm['groups'][number]];
    const [onions, garlic] = sauce.ingredients as [FormIngredientOf, FormIngredientOf];
    // The group renamed and a typo fixed in one change; garlic moved into the pasta's group.
    const after: RecipeForm = {
      ...before,
      groups: [
        { ...sauce, name: 'Ragù sauce ', ingredients: [{ ...onions, name: 'onions' }] },
        { ...pasta, ingredients: [...pasta.ingredients, garlic] },
      ],
    };
    const carried = carryReferences(before, after);
    expect(carried.steps[0]!.references).toEqual([
      { word: 'onions', groupName: 'Ragù sauce', ingredientName: 'onions' },
      { word: 'garlic', groupName: 'Pasta', ingredientName: 'garlic' },
      { word: 'spaghetti', groupName: 'Pasta', ingredientName: 'spaghetti' },
    ]);
    // A group's name emptied: the references name no group.
    const unnamed = { ...carried, groups: [{ ...carried.groups[0]!, name: '' }, carried.groups[1]!] };
    expect(carryReferences(carried, unnamed).steps[0]!.references[0]).toEqual({
      word: 'onions',
      groupName: null,
      ingredientName: 'onions',
    });
    // Nothing renamed: the same steps (rows render alone).
    const typed = { ...before, title: 'Ragù' };
    expect(carryReferences(before, typed)).toBe(typed);
  });

  it('reads quantities as cooks type them', () => {
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity('0.75')).toBe(0.75);
    expect(parseQuantity('1 1/2')).toBe(1.5);
    expect(parseQuantity('3/4')).toBe(0.75);
    expect(parseQuantity('½')).toBe(0.5);
    expect(parseQuantity('1½')).toBe(1.5);
    expect(parseQuantity('a bit')).toBeNaN();
    expect(parseQuantity('1/0')).toBeNaN();
  });

  it('finds durations in a step, ranges as ranges, in English and German', () => {
    expect(findTimes('Simmer for 20 minutes, then rest 5 min.')).toEqual([
      { phrase: '20 minutes', seconds: 1200 },
      { phrase: '5 min', seconds: 300 },
    ]);
    expect(findTimes('Bake 20-25 minutes')).toEqual([
      { phrase: '20-25 minutes', seconds: 1200, maxSeconds: 1500 },
    ]);
    expect(findTimes('Roast 1 to 2 hours')).toEqual([
      { phrase: '1 to 2 hours', seconds: 3600, maxSeconds: 7200 },
    ]);
    expect(findTimes('30 Minuten köcheln, dann 1,5 Stunden ruhen')).toEqual([
      { phrase: '30 Minuten', seconds: 1800 },
      { phrase: '1,5 Stunden', seconds: 5400 },
    ]);
    expect(findTimes('Use 2 eggs and 300 g flour')).toEqual([]);
    expect(findTimes('Bake 25-20 minutes')).toEqual([]);
  });

  it('reads fractions in durations as the cook wrote them, never the number after the slash', () => {
    expect(findTimes('Bake for 1 1/2 hours, then rest 1/2 hour.')).toEqual([
      { phrase: '1 1/2 hours', seconds: 5400 },
      { phrase: '1/2 hour', seconds: 1800 },
    ]);
    expect(findTimes('Boil the eggs for 1/2 hour, or 2 ½ hours for stock')).toEqual([
      { phrase: '1/2 hour', seconds: 1800 },
      { phrase: '2 ½ hours', seconds: 9000 },
    ]);
  });

  it('shows stored quantities for changing as they were typed, so that saving again changes nothing', () => {
    const form = formOf({
      ingredientGroups: [
        {
          name: null,
          ingredients: [
            { quantity: 1.5, unit: 'cups', name: 'flour', note: null },
            { quantity: 1 / 3, unit: null, name: 'lemon', note: null },
            { quantity: 2.5, unit: 'tbsp', name: 'sugar', note: null },
            { quantity: 1.5, unit: 'kg', name: 'potatoes', note: null },
            { quantity: 0.35, unit: 'l', name: 'milk', note: null },
          ],
        },
      ],
    });
    const shown = form.groups[0]!.ingredients.map((i) => i.quantity);
    expect(shown).toEqual(['1 ½', '⅓', '2 ½', '1.5', '0.35']);
    const again = inputOf(form, {
      notANumber: 'x',
      required: 'x',
    }).input.ingredientGroups[0]!.ingredients.map((i) => i.quantity);
    expect(again).toEqual([1.5, 1 / 3, 2.5, 1.5, 0.35]);
  });

  it('keeps the source a member named, and leaves the one the API made of the address unwritten', () => {
    const named = formOf({ sourceUrl: 'https://www.example.org/soup', sourceName: 'Oma’s blue notebook' });
    expect(named.sourceName).toBe('Oma’s blue notebook');
    expect(inputOf(named, { notANumber: 'x', required: 'x' }).input.sourceName).toBe('Oma’s blue notebook');
    const derived = formOf({ sourceUrl: 'https://www.example.org/soup', sourceName: 'example.org' });
    expect(derived.sourceName).toBe('');
    expect(inputOf(derived, { notANumber: 'x', required: 'x' }).input.sourceName).toBeNull();
  });

  it('offers ingredient words of a step that are not linked yet', () => {
    const form = formOf({
      ingredientGroups: [
        { name: null, ingredients: [{ quantity: 1, unit: null, name: 'red onion', note: null }] },
        { name: 'Sauce', ingredients: [{ quantity: 2, unit: 'tbsp', name: 'butter', note: null }] },
      ],
      steps: [{ text: 'Fry the onion in the Butter.' }],
    });
    const step = form.steps[0]!;
    expect(findReferences(step, form)).toEqual([
      { word: 'onion', groupName: null, ingredientName: 'red onion' },
      { word: 'Butter', groupName: 'Sauce', ingredientName: 'butter' },
    ]);
    step.references = [{ word: 'Butter', groupName: 'Sauce', ingredientName: 'butter' }];
    expect(findReferences(step, form).map((r) => r.ingredientName)).toEqual(['red onion']);
  });

  it('drops times and references whose words left the text', () => {
    const form = formOf({
      steps: [{ text: 'Bake 20 minutes.', times: [{ phrase: '20 minutes', seconds: 1200 }] }],
    });
    const step = { ...form.steps[0]!, text: 'Bake until golden.' };
    expect(keptTimes(step)).toEqual([]);
  });

  it("leaves empty rows out of the input and maps the API's locations back to the form", () => {
    const form = emptyForm();
    form.title = 'Soup';
    form.groups[0]!.ingredients = [
      { key: 'a', quantity: '', unit: '', name: '', note: '' },
      { key: 'b', quantity: 'lots', unit: '', name: 'water', note: '' },
      { key: 'c', quantity: '1', unit: '', name: '', note: 'x' },
    ];
    form.steps = [
      { key: 's1', text: '', times: [], references: [] },
      { key: 's2', text: 'Boil.', times: [], references: [] },
    ];
    const { input, issues, formLocation } = inputOf(form, {
      notANumber: 'Not a number.',
      required: 'Required.',
    });
    expect(input.ingredientGroups[0]!.ingredients.map((i) => i.name)).toEqual(['water', '']);
    expect(input.steps).toHaveLength(1);
    expect(issues).toEqual([
      { location: 'ingredientGroups[0].ingredients[1].quantity', message: 'Not a number.' },
    ]);
    expect(formLocation('body.ingredientGroups[0].ingredients[1].name')).toBe(
      'ingredientGroups[0].ingredients[2].name',
    );
    expect(formLocation('body.steps[0].text')).toBe('steps[1].text');
    // Servings are required: left empty, the form says so at the field (it sent 0 before).
    const empty = inputOf({ ...form, servings: ' ' }, { notANumber: 'Not a number.', required: 'Required.' });
    expect(empty.issues).toContainEqual({ location: 'servings', message: 'Required.' });
  });

  it('puts each problem at the nearest field the form shows', () => {
    const fields = new Set(['title', 'steps[1].text', 'steps[1].times', 'steps[1]']);
    const { byField, other } = issuesByField(
      [
        { location: 'title', message: 'too short' },
        { location: 'steps[1].times[0].phrase', message: 'not in the text' },
        { location: 'somewhere.else', message: 'odd' },
      ],
      fields,
    );
    expect(byField.get('title')).toEqual(['too short']);
    expect(byField.get('steps[1].times')).toEqual(['not in the text']);
    expect(other).toEqual(['odd']);
  });

  it('moves items within a list', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
  });
});
