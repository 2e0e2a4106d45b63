/** Realistic recipes for benchmarks, from a seeded generator (same data every run). */

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INGREDIENTS = [
  'flour',
  'sugar',
  'butter',
  'eggs',
  'milk',
  'salt',
  'pepper',
  'olive oil',
  'garlic',
  'onion',
  'carrot',
  'celery',
  'tomato',
  'basil',
  'oregano',
  'thyme',
  'rosemary',
  'parsley',
  'lemon',
  'lime',
  'ginger',
  'chili',
  'cumin',
  'coriander',
  'paprika',
  'cinnamon',
  'nutmeg',
  'vanilla',
  'yeast',
  'honey',
  'rice',
  'pasta',
  'potatoes',
  'chicken',
  'beef',
  'pork',
  'salmon',
  'shrimp',
  'tofu',
  'chickpeas',
  'lentils',
  'spinach',
  'mushrooms',
  'zucchini',
  'eggplant',
  'bell pepper',
  'cream',
  'parmesan',
  'mozzarella',
  'feta',
  'yogurt',
  'soy sauce',
  'vinegar',
  'mustard',
  'stock',
  'white wine',
  'red wine',
  'coconut milk',
  'peanuts',
  'almonds',
];
const UNITS = ['g', 'kg', 'ml', 'l', 'tbsp', 'tsp', 'cup', 'pinch', null];
const TAGS = [
  'vegetarian',
  'vegan',
  'quick',
  'dinner',
  'lunch',
  'breakfast',
  'dessert',
  'baking',
  'soup',
  'salad',
  'italian',
  'indian',
  'mexican',
  'thai',
  'french',
  'german',
  'summer',
  'winter',
  'party',
  'kids',
  'spicy',
  'gluten-free',
  'one-pot',
  'grill',
  'sunday',
  'budget',
  'healthy',
  'comfort',
  'fish',
  'meat',
];
const DISHES = [
  'stew',
  'curry',
  'soup',
  'salad',
  'cake',
  'bread',
  'pie',
  'risotto',
  'pasta',
  'tart',
  'roast',
  'bowl',
];
const STEP_FORMS: Array<
  (a: string, b: string) => { text: string; phrase: string; seconds: number; maxSeconds?: number }
> = [
  (a, b) => ({
    text: `Simmer the ${a} with the ${b} for 20 minutes, stirring now and then.`,
    phrase: '20 minutes',
    seconds: 1200,
  }),
  (a) => ({
    text: `Roast the ${a} in the hot oven for 35-40 minutes until golden.`,
    phrase: '35-40 minutes',
    seconds: 2100,
    maxSeconds: 2400,
  }),
  (a, b) => ({
    text: `Let the ${a} rest for 10 minutes, then fold in the ${b}.`,
    phrase: '10 minutes',
    seconds: 600,
  }),
  (a) => ({ text: `Bake the ${a} for 1 hour, covered.`, phrase: '1 hour', seconds: 3600 }),
  (a, b) => ({
    text: `Fry the ${a} for 3 to 4 minutes, add the ${b}.`,
    phrase: '3 to 4 minutes',
    seconds: 180,
    maxSeconds: 240,
  }),
  (a) => ({ text: `Chill the ${a} for 2 hours before serving.`, phrase: '2 hours', seconds: 7200 }),
];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

function pickDistinct<T>(rnd: () => number, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0] as T);
  return out;
}

export function generateRecipe(rnd: () => number, index: number) {
  const ingredientCount = 10 + Math.floor(rnd() * 11);
  const names = pickDistinct(rnd, INGREDIENTS, ingredientCount);
  const split = Math.floor(names.length * 0.6);
  const groups = [
    { name: null, ingredients: names.slice(0, split) },
    { name: 'For the topping', ingredients: names.slice(split) },
  ].map((g) => ({
    name: g.name,
    ingredients: g.ingredients.map((name) => ({
      name,
      quantity: Math.round(rnd() * 500) / 2 || null,
      unit: pick(rnd, UNITS),
      note: rnd() < 0.2 ? 'finely chopped' : null,
    })),
  }));
  const stepCount = 5 + Math.floor(rnd() * 6);
  const steps = Array.from({ length: stepCount }, () => {
    const a = pick(rnd, names);
    const b = pick(rnd, names);
    const form = pick(rnd, STEP_FORMS)(a, b);
    const time: Record<string, unknown> = { phrase: form.phrase, seconds: form.seconds };
    if (form.maxSeconds) time['maxSeconds'] = form.maxSeconds;
    return { text: form.text, times: [time] };
  });
  const main = pick(rnd, names);
  return {
    title: `${main.charAt(0).toUpperCase()}${main.slice(1)} ${pick(rnd, DISHES)} no. ${index + 1}`,
    description: `A household favourite with ${names.slice(0, 3).join(', ')} — simple, honest and good on a weeknight.`,
    servings: 1 + Math.floor(rnd() * 8),
    prepMinutes: 5 + Math.floor(rnd() * 40),
    cookMinutes: Math.floor(rnd() * 120),
    sourceUrl: rnd() < 0.5 ? `https://www.example-kitchen.test/recipes/${index + 1}` : null,
    tags: pickDistinct(rnd, TAGS, 3 + Math.floor(rnd() * 4)),
    ingredientGroups: groups,
    steps,
  };
}
