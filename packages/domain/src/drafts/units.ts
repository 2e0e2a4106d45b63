/**
 * The units an ingredient line may name, each with the spelling the household sees and the
 * spellings pages use for it. A unit is written the way a household writes it ("tbsp", "cups",
 * "EL", "Prisen"), whatever the page wrote ("Tablespoons", "T.", "Eßlöffel").
 */
export interface Unit {
  /** How the household writes one of it: "tbsp", "cup", "clove", "EL", "Prise". */
  one: string;
  /** How the household writes several, when different: "cups", "cloves", "Prisen". */
  many?: string;
  /** Every spelling pages use, compared without case and without a trailing dot. */
  spellings: string[];
  /**
   * Spellings that only count with this exact case: "T" is a tablespoon, "t" a teaspoon; a lone
   * "L" or "C" is only a unit after a number.
   */
  exact?: string[];
  /** Said without a number ("pinch of salt", "Prise Salz", "handful of basil"). */
  unmeasured?: boolean;
}

export const UNITS: Unit[] = [
  // Metric
  {
    one: 'g',
    spellings: [
      'g',
      'gr',
      'grs',
      'gram',
      'grams',
      'gramm',
      'gramme',
      'grammes',
      'grammi',
      'gms',
      'gramos',
      'grammas',
    ],
  },
  {
    one: 'kg',
    spellings: [
      'kg',
      'kgs',
      'kilo',
      'kilos',
      'kilogram',
      'kilograms',
      'kilogramm',
      'kilogramme',
      'kilogrammes',
      'kilogramos',
    ],
  },
  { one: 'mg', spellings: ['mg', 'milligram', 'milligrams', 'milligramm'] },
  {
    one: 'ml',
    spellings: ['ml', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'mililitros'],
  },
  { one: 'cl', spellings: ['cl', 'centiliter', 'centiliters', 'centilitre', 'centilitres'] },
  { one: 'dl', spellings: ['dl', 'deciliter', 'deciliters', 'decilitre', 'decilitres'] },
  {
    one: 'l',
    spellings: ['l', 'ltr', 'liter', 'liters', 'litre', 'litres', 'litro', 'litros'],
    exact: ['L'],
  },
  // US and imperial
  {
    one: 'tsp',
    spellings: [
      'tsp',
      'tsps',
      'tspn',
      'tspns',
      'teaspoon',
      'teaspoons',
      'teasp',
      'tea spoon',
      'tea spoons',
      // French, Spanish, Italian
      'c à café',
      'c à c',
      'c à thé',
      'cuillère à café',
      'cuillères à café',
      'cuillerée à café',
      'cuillerées à café',
      'cuillère à thé',
      'cuillères à thé',
      'cucharadita',
      'cucharaditas',
      'cdta',
      'cdtas',
      'cdita',
      'cditas',
      'cucchiaino',
      'cucchiaini',
    ],
    // Not "cc": the French cuillère à café, but cubic centimetres ("200cc" of milk) elsewhere.
    exact: ['t', 'ts'],
  },
  {
    one: 'tbsp',
    spellings: [
      'tbsp',
      'tbsps',
      'tbspn',
      'tbspns',
      'tbs',
      'tbl',
      'tbls',
      'tblsp',
      'tblsps',
      'tablespoon',
      'tablespoons',
      'table spoon',
      'table spoons',
      // French, Spanish, Italian
      'c à soupe',
      'c à s',
      'cuillère à soupe',
      'cuillères à soupe',
      'cuillerée à soupe',
      'cuillerées à soupe',
      'cucharada',
      'cucharadas',
      'cda',
      'cdas',
      'cucchiaio',
      'cucchiai',
    ],
    exact: ['T', 'Tb', 'TB', 'CS'],
  },
  { one: 'cup', many: 'cups', spellings: ['cup', 'cups'], exact: ['c', 'C'] },
  {
    one: 'fl oz',
    spellings: ['fl oz', 'fl. oz', 'fl.oz', 'floz', 'fluid ounce', 'fluid ounces', 'fl ounce', 'fl ounces'],
  },
  { one: 'oz', spellings: ['oz', 'ozs', 'ounce', 'ounces', 'onzas'] },
  { one: 'lb', spellings: ['lb', 'lbs', 'pound', 'pounds', 'lb s'] },
  { one: 'pint', many: 'pints', spellings: ['pint', 'pints', 'pt', 'pts'] },
  { one: 'quart', many: 'quarts', spellings: ['quart', 'quarts', 'qt', 'qts'] },
  { one: 'gallon', many: 'gallons', spellings: ['gallon', 'gallons', 'gal', 'gals'] },
  // Counted things
  { one: 'clove', many: 'cloves', spellings: ['clove', 'cloves'] },
  { one: 'can', many: 'cans', spellings: ['can', 'cans'] },
  { one: 'tin', many: 'tins', spellings: ['tin', 'tins'] },
  { one: 'jar', many: 'jars', spellings: ['jar', 'jars'] },
  { one: 'bottle', many: 'bottles', spellings: ['bottle', 'bottles'] },
  { one: 'packet', many: 'packets', spellings: ['packet', 'packets', 'pkt', 'pkts'] },
  { one: 'package', many: 'packages', spellings: ['package', 'packages', 'pkg', 'pkgs', 'pack', 'packs'] },
  { one: 'bag', many: 'bags', spellings: ['bag', 'bags'] },
  { one: 'box', many: 'boxes', spellings: ['box', 'boxes'] },
  { one: 'carton', many: 'cartons', spellings: ['carton', 'cartons'] },
  { one: 'tub', many: 'tubs', spellings: ['tub', 'tubs'] },
  { one: 'pot', many: 'pots', spellings: ['pot', 'pots'] },
  { one: 'sachet', many: 'sachets', spellings: ['sachet', 'sachets'] },
  { one: 'envelope', many: 'envelopes', spellings: ['envelope', 'envelopes'] },
  { one: 'pinch', many: 'pinches', spellings: ['pinch', 'pinches', 'pincée', 'pincées'], unmeasured: true },
  { one: 'dash', many: 'dashes', spellings: ['dash', 'dashes'], unmeasured: true },
  { one: 'drop', many: 'drops', spellings: ['drop', 'drops'], unmeasured: true },
  { one: 'splash', many: 'splashes', spellings: ['splash', 'splashes'], unmeasured: true },
  { one: 'handful', many: 'handfuls', spellings: ['handful', 'handfuls'], unmeasured: true },
  { one: 'knob', many: 'knobs', spellings: ['knob', 'knobs'], unmeasured: true },
  { one: 'slice', many: 'slices', spellings: ['slice', 'slices'] },
  { one: 'sprig', many: 'sprigs', spellings: ['sprig', 'sprigs'], unmeasured: true },
  { one: 'bunch', many: 'bunches', spellings: ['bunch', 'bunches'], unmeasured: true },
  { one: 'stick', many: 'sticks', spellings: ['stick', 'sticks'] },
  { one: 'stalk', many: 'stalks', spellings: ['stalk', 'stalks'] },
  { one: 'head', many: 'heads', spellings: ['head', 'heads'] },
  { one: 'sheet', many: 'sheets', spellings: ['sheet', 'sheets'] },
  { one: 'piece', many: 'pieces', spellings: ['piece', 'pieces', 'pc', 'pcs'] },
  { one: 'container', many: 'containers', spellings: ['container', 'containers'] },
  { one: 'leaf', many: 'leaves', spellings: ['leaf', 'leaves'] },
  { one: 'loaf', many: 'loaves', spellings: ['loaf', 'loaves'] },
  { one: 'bulb', many: 'bulbs', spellings: ['bulb', 'bulbs'] },
  { one: 'rib', many: 'ribs', spellings: ['rib', 'ribs'] },
  { one: 'stem', many: 'stems', spellings: ['stem', 'stems'] },
  { one: 'strip', many: 'strips', spellings: ['strip', 'strips'] },
  { one: 'rasher', many: 'rashers', spellings: ['rasher', 'rashers'] },
  { one: 'spear', many: 'spears', spellings: ['spear', 'spears'] },
  { one: 'square', many: 'squares', spellings: ['square', 'squares'] },
  { one: 'chunk', many: 'chunks', spellings: ['chunk', 'chunks'] },
  { one: 'cube', many: 'cubes', spellings: ['cube', 'cubes'] },
  { one: 'bar', many: 'bars', spellings: ['bar', 'bars'] },
  { one: 'ear', many: 'ears', spellings: ['ear', 'ears'] },
  { one: 'link', many: 'links', spellings: ['link', 'links'] },
  { one: 'ball', many: 'balls', spellings: ['ball', 'balls'] },
  { one: 'punnet', many: 'punnets', spellings: ['punnet', 'punnets'] },
  { one: 'glass', many: 'glasses', spellings: ['glass', 'glasses'] },
  {
    one: 'dessertspoon',
    many: 'dessertspoons',
    spellings: ['dessertspoon', 'dessertspoons', 'dessert spoon', 'dessert spoons', 'dsp', 'dstspn'],
  },
  { one: 'recipe', many: 'recipes', spellings: ['recipe', 'recipes'] },
  { one: 'shake', many: 'shakes', spellings: ['shake', 'shakes'], unmeasured: true },
  { one: 'grind', many: 'grinds', spellings: ['grind', 'grinds'], unmeasured: true },
  { one: 'twist', many: 'twists', spellings: ['twist', 'twists'] },
  { one: 'dozen', spellings: ['dozen', 'doz'] },
  // German
  { one: 'EL', spellings: ['el', 'essl', 'esslöffel', 'eßlöffel', 'essloeffel'] },
  { one: 'TL', spellings: ['tl', 'teel', 'teelöffel', 'teeloeffel'] },
  { one: 'Prise', many: 'Prisen', spellings: ['prise', 'prisen'], unmeasured: true },
  { one: 'Msp.', spellings: ['msp', 'messerspitze', 'messerspitzen'], unmeasured: true },
  { one: 'Bund', spellings: ['bund', 'bd', 'bunde'], unmeasured: true },
  { one: 'Pck.', spellings: ['pck', 'pckg', 'päckchen', 'paeckchen', 'packung', 'packungen'] },
  { one: 'Dose', many: 'Dosen', spellings: ['dose', 'dosen'] },
  { one: 'Becher', spellings: ['becher'] },
  { one: 'Glas', many: 'Gläser', spellings: ['glas', 'gläser'] },
  { one: 'Zehe', many: 'Zehen', spellings: ['zehe', 'zehen'] },
  { one: 'Scheibe', many: 'Scheiben', spellings: ['scheibe', 'scheiben'] },
  { one: 'Stück', spellings: ['stück', 'stk', 'stck'] },
  { one: 'Tasse', many: 'Tassen', spellings: ['tasse', 'tassen'] },
  { one: 'Handvoll', spellings: ['handvoll'], unmeasured: true },
  { one: 'Zweig', many: 'Zweige', spellings: ['zweig', 'zweige'], unmeasured: true },
  { one: 'Stange', many: 'Stangen', spellings: ['stange', 'stangen'] },
  { one: 'Tropfen', spellings: ['tropfen'], unmeasured: true },
  { one: 'Würfel', spellings: ['würfel'] },
  { one: 'Blatt', spellings: ['blatt', 'blätter'] },
  { one: 'Kopf', spellings: ['kopf', 'köpfe'] },
  // Dutch and Scandinavian spoons, as those households write them
  { one: 'eetlepel', many: 'eetlepels', spellings: ['eetlepel', 'eetlepels', 'eetl'] },
  { one: 'theelepel', many: 'theelepels', spellings: ['theelepel', 'theelepels', 'theel'] },
  { one: 'msk', spellings: ['msk', 'spsk', 'ss'] },
  { one: 'tsk', spellings: ['tsk'] },
  // A Swedish "kryddmått", a pinch of 1 ml.
  { one: 'krm', spellings: ['krm'] },
  { one: 'st', spellings: ['st'] },
  // Sizes
  { one: 'cm', spellings: ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres'] },
  { one: 'mm', spellings: ['mm'] },
  { one: 'inch', many: 'inches', spellings: ['inch', 'inches', 'in'] },
];

/** Case-insensitive and exact spellings, longest first, so that "fl oz" wins over "fl" and "tbsps" over "tbs". */
const BY_SPELLING = new Map<string, Unit>();
const BY_EXACT = new Map<string, Unit>();
for (const unit of UNITS) {
  for (const spelling of unit.spellings) if (!BY_SPELLING.has(spelling)) BY_SPELLING.set(spelling, unit);
  for (const spelling of unit.exact ?? []) BY_EXACT.set(spelling, unit);
}

const SPELLING_PATTERN = [...BY_SPELLING.keys(), ...BY_EXACT.keys()]
  .sort((a, b) => b.length - a.length)
  .map((s) => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/ /gu, '\\.?\\s*'))
  .join('|');

/** A unit at the start of `text`: its spelling, an optional dot, then no letter glued on. */
const AT_START = new RegExp(`^(?:${SPELLING_PATTERN})\\.?(?![\\p{L}-])`, 'iu');

export interface UnitMatch {
  unit: Unit;
  /** The text matched, dot included. */
  text: string;
}

/** The unit `text` starts with, if any: "Tbsp. olive oil" → tbsp. */
export function unitAtStart(text: string): UnitMatch | null {
  const match = AT_START.exec(text);
  if (!match) return null;
  const written = match[0];
  // "c. à …" is a French spoon ("c. à soupe", "c. à dessert"), never a cup.
  if (/^c\.?$/iu.test(written) && /^\s*à\s/iu.test(text.slice(written.length))) return null;
  const unit = unitNamed(written);
  return unit ? { unit, text: written } : null;
}

/** The household's spelling of `unit` for `quantity` of it: "cup" for ½ or 1, "cups" for 2. */
export function unitSpelling(unit: Unit, quantity: number | null): string {
  return quantity !== null && quantity > 1 && unit.many ? unit.many : unit.one;
}

/** The unit a written spelling names ("Tablespoons" → tbsp), for comparing units by meaning. */
export function unitNamed(spelling: string): Unit | null {
  const bare = spelling
    .trim()
    .replace(/\.$/u, '')
    .replace(/\.\s*|\s+/gu, ' ');
  // The pattern matched without case; the exact spellings ("T" a tablespoon, "t" a teaspoon) are checked with it.
  return BY_SPELLING.get(bare.toLowerCase()) ?? BY_EXACT.get(bare) ?? null;
}
