import { checkRecipeInput, findStepTimes, type StepTime } from '@larder/domain';

describe('findStepTimes', () => {
  it.each<[string, StepTime[]]>([
    ['Bake for 20 minutes.', [{ phrase: '20 minutes', seconds: 1200 }]],
    ['Simmer 1 to 2 hours, stirring.', [{ phrase: '1 to 2 hours', seconds: 3600, maxSeconds: 7200 }]],
    ['20–25 Min. backen.', [{ phrase: '20–25 Min.', seconds: 1200, maxSeconds: 1500 }]],
    ['Den Teig 1 Std. ruhen lassen.', [{ phrase: '1 Std.', seconds: 3600 }]],
    ['Roast for 1 hour 30 minutes.', [{ phrase: '1 hour 30 minutes', seconds: 5400 }]],
    ['Cook 1 hr and 15 mins, then serve.', [{ phrase: '1 hr and 15 mins', seconds: 4500 }]],
    ['Bake 20 Min.', [{ phrase: '20 Min.', seconds: 1200 }]],
    ['Fry the mince for 5-8 mins.', [{ phrase: '5-8 mins', seconds: 300, maxSeconds: 480 }]],
    ['Rest 2 hrs. Then slice.', [{ phrase: '2 hrs', seconds: 7200 }]],
    ['Rest ½ hour.', [{ phrase: '½ hour', seconds: 1800 }]],
    ['Rest 1 1/2 hours.', [{ phrase: '1 1/2 hours', seconds: 5400 }]],
    ['Whisk for 30 seconds.', [{ phrase: '30 seconds', seconds: 30 }]],
    ['Bake 20 minutes to 1 hour.', [{ phrase: '20 minutes to 1 hour', seconds: 1200, maxSeconds: 3600 }]],
    ['3 bis 4 Stunden schmoren.', [{ phrase: '3 bis 4 Stunden', seconds: 10800, maxSeconds: 14400 }]],
    [
      'Fry 2-3 minutes per side, then rest 5 minutes.',
      [
        { phrase: '2-3 minutes', seconds: 120, maxSeconds: 180 },
        { phrase: '5 minutes', seconds: 300 },
      ],
    ],
  ])('finds the times in "%s"', (text, times) => {
    expect(findStepTimes(text)).toEqual(times);
  });

  it.each(['Leave overnight.', 'Cook for a few minutes.', 'Heat the oven to 200 °C.', 'Add 2 eggs.'])(
    'finds no time in "%s"',
    (text) => {
      expect(findStepTimes(text)).toEqual([]);
    },
  );

  it('finds nothing that is a range written backwards ("25-20 minutes")', () => {
    expect(findStepTimes('Bake 25-20 minutes.')).toEqual([]);
  });

  it('marks each phrase once', () => {
    expect(findStepTimes('Stir 5 minutes, rest, stir 5 minutes.')).toEqual([
      { phrase: '5 minutes', seconds: 300 },
    ]);
  });

  it('answers times that every recipe rule accepts', () => {
    const text =
      'Soak overnight. Boil 10–12 minutes, drain, bake 1 hour 20 minutes, rest 1 to 2 hours, then 30 Sekunden.';
    const times = findStepTimes(text);
    expect(times).toHaveLength(4);
    expect(() =>
      checkRecipeInput({
        title: 't',
        description: '',
        servings: 2,
        prepMinutes: null,
        cookMinutes: null,
        sourceUrl: null,
        tags: [],
        ingredientGroups: [{ name: null, ingredients: [] }],
        steps: [{ text, times, references: [] }],
      }),
    ).not.toThrow();
  });
});
