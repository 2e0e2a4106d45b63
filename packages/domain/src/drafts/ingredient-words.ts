/**
 * The word lists the ingredient line reader decides by. Lists that say "label statistics" follow
 * how often a word was labelled part of the name rather than a preparation, size or comment in
 * the development part of the labelled ingredient lines (docs/drafts.md); the rest are plain
 * cooking language.
 */

/** "about 2 cups", "ca. 200 g": said of the amount, kept in the note. */
export const APPROXIMATELY =
  /^(?:about|approx\.?|approximately|around|roughly|circa|ca\.|etwa|ungefähr|environ|env\.|ongeveer|ong\.)\s+/iu;

/** "juice of 2 limes", "zest of 1 lemon": the amount counts the fruit, the words go to the note. */
export const PART_OF =
  /^(?:the\s+)?(?:finely\s+)?(?:grated\s+)?(?:zest|juice|rind|peel|saft|schale)(?:\s+(?:and|&|und)\s+(?:zest|juice|saft|schale))?\s+(?:of|von|from)\s+(?:an?\s+)?/iu;

/** Sizes said of a unit ("1 heaped tbsp", "a good pinch", "2 large cans"). */
export const SIZE_BEFORE_UNIT =
  /^(?:(?:small|medium|large)\s+(?:to|or)\s+(?:medium|large)|medium-sized?|extra[- ]large|x-large|small|medium|large|big|xl|jumbo|sm|md|med|lg|lge|whole|heaped|heaping|level|rounded|scant|generous|good|thick|thin|fat|fresh|kleine?n?|mittelgroße?n?|große?n?|gehäufte?r?|gestrichene?r?)\.?(?![\p{L}\p{N}-])\s*/iu;

/** "a few sprigs", "several leaves": a count without a number, for the note. */
export const SOME = /^(?:(?:a\s+)?(?:few|couple(?:\s+of)?|several|little|bit\s+of)|some|etwas)\s+/iu;

/** Words that join a unit to its ingredient and mean nothing more ("a pinch of salt", "200 g de farine"). */
export const JOINT = /^(?:(?:of|de|di|van)\s+|d['’]\s*)/iu;

/** "2 x 400g tins", "8 x pork steaks": the count's multiplication sign. */
export const TIMES = /^\s*[x×](?:\s+|(?=\d))/iu;

/** "Garnish: fresh oregano": a label before the ingredient, for the note. */
export const LABEL = /^(\p{L}+(?:\s\p{L}+)?):\s+(?=[\p{L}\p{N}])/u;

/**
 * Words before the name that describe the piece rather than name the ingredient: its size
 * ("2 large onions") and what was done to it ("melted butter"). Label statistics: words labelled
 * a size or preparation at least four times in five. Words that name a product as sold ("dried",
 * "ground", "smoked", "toasted", "pitted", "crushed", "frozen") stay in the name.
 */
export const DESCRIPTIONS = new Set([
  'small',
  'medium',
  'medium-size',
  'medium-sized',
  'large',
  'extra-large',
  'x-large',
  'jumbo',
  'tiny',
  'sm',
  'md',
  'med',
  'lg',
  'lge',
  'chopped',
  'minced',
  'diced',
  'sliced',
  'grated',
  'shredded',
  'melted',
  'softened',
  'cooked',
  'uncooked',
  'peeled',
  'shelled',
  'hulled',
  'beaten',
  'sifted',
  'unsifted',
  'cubed',
  'halved',
  'quartered',
  'trimmed',
  'rinsed',
  'washed',
  'drained',
  'packed',
  'julienned',
  'seeded',
  'deseeded',
  'stemmed',
  'cored',
  'deveined',
  'boned',
  'skinned',
  'squeezed',
  'thawed',
  'crumbled',
  'cracked',
  'steamed',
  'chilled',
  'cooled',
  'refrigerated',
  'lukewarm',
  'snipped',
  'torn',
  'fried',
  'picked',
  'warmed',
  'slivered',
  'crushed',
  'toasted',
  'mashed',
  'cleaned',
  'shaved',
]);

/**
 * Products sold (or made) so that name their preparation: "crushed tomatoes", "diced tomatoes"
 * come in a can, "toasted sesame oil" in a bottle; the describing word stays in their name.
 */
export const PREPARED_PRODUCTS =
  /^(?:crushed\s+(?:tomato(?:es)?|pineapple|red\s+pepper)|diced\s+tomatoes|toasted\s+sesame\s+oil|mashed\s+(?:potato(?:es)?|bananas?))\b/iu;

/** Words that tell how full the unit is ("3 cups scant", "1 tbsp heaped"): the amount's, for the note ("good" is the ingredient's). */
export const AMOUNT_MODIFIERS = /^(?:scant|heaping|heaped|generous|level|rounded)(?![\p{L}\p{N}-])\s*/iu;

/** Two-word sizes before the name: "extra large eggs", "medium size peaches". */
export const SIZE_PHRASE = /^(?:extra|x)[- ](?:large|small)\s+|^(?:small|medium|large)[- ]size[d]?\s+/iu;

/** Adverbs of a preparation: they take the participle after them along ("freshly ground", "lightly toasted"). */
export const PREPARATION_ADVERBS = new Set([
  'finely',
  'coarsely',
  'roughly',
  'freshly',
  'thinly',
  'lightly',
  'loosely',
  'firmly',
  'very',
  'well',
]);

/** "well-shaken", "fresh-squeezed", "hard-cooked": an adverb hyphened to a participle. */
export const HYPHENED_PREPARATION =
  /^(?:well|freshly|fresh|finely|thinly|lightly|coarsely|roughly|hard|soft)-\p{L}+(?:ed|en|ground)$|^\p{L}+-size[d]?$/iu;

/** Participles that do not end in -ed. */
const IRREGULAR_PARTICIPLES = new Set([
  'ground',
  'cut',
  'torn',
  'frozen',
  'broken',
  'shaken',
  'beaten',
  'split',
  'shorn',
]);

/** "chopped", "ground", "frozen": what was done to it (and not "seed" or "chicken"). */
export function isParticiple(word: string): boolean {
  return (/ed$/u.test(word) && !/eed$/u.test(word) && word.length > 4) || IRREGULAR_PARTICIPLES.has(word);
}

/**
 * Words that describe without naming: a part of the name made only of them does not end the name
 * ("skinless, boneless chicken", "soft, unsalted butter").
 */
export const DESCRIBING = new Set([
  'skinless',
  'boneless',
  'fresh',
  'raw',
  'ripe',
  'whole',
  'unsalted',
  'salted',
  'plain',
  'organic',
  'free-range',
  'extra',
  'virgin',
  'large',
  'small',
  'medium',
  'lean',
  'soft',
  'firm',
  'thin',
  'thick',
  'hot',
  'cold',
  'warm',
  'dry',
  'sweet',
  'mild',
  'light',
  'dark',
  'hard',
  'young',
  'baby',
  'white',
  'black',
  'red',
  'green',
  'yellow',
  'pink',
  'brown',
  'golden',
  'purple',
]);

export function isDescribingWord(word: string): boolean {
  const bare = word.toLowerCase().replace(/[,;]$/u, '');
  return (
    DESCRIBING.has(bare) ||
    DESCRIPTIONS.has(bare) ||
    /(?:less|free)$/u.test(bare) ||
    /-(?:fat|sodium|fleshed|skinned|sugar|salt)$/u.test(bare) ||
    isParticiple(bare) ||
    /ly$/u.test(bare)
  );
}

/**
 * Forms an ingredient comes in, said after it: "milk, whole or low fat", "cranberries, fresh or
 * frozen", "peanut butter, crunchy or creamy". A part made of them is a note, not an alternative.
 */
export const FORMS = new Set([
  'fresh',
  'frozen',
  'canned',
  'dried',
  'whole',
  'low',
  'fat',
  'low-fat',
  'full-fat',
  'nonfat',
  'skim',
  'creamy',
  'crunchy',
  'smooth',
  'chunky',
  'homemade',
  'store-bought',
  'purchased',
  'bought',
  'cooked',
  'raw',
  'red',
  'green',
  'yellow',
  'orange',
  'white',
  'black',
  'brown',
  'sweet',
  'unsweetened',
  'salted',
  'unsalted',
  'thawed',
  'or',
  'and',
]);

/** What the note says rather than an alternative: "or to taste", "or other melting cheese", "or jam if preferred". */
export const NOT_AN_ALTERNATIVE =
  /^(?:or\s+(?:to taste|as \p{L}+|more|less|so|extra|use|substitute|sub|other|another|any|similar|a combination|a mix|a mixture|both)\b|.*\bif\b)|^\p{L}+(?:ed|made|bought)\b/iu;

/** Words that make a parenthesis a note rather than another name: "(recipe follows)", "(heart only)", "(optional)". */
export const NOTE_WORDS =
  /\be\.g\.|\b(?:in|with|without|not|optional|divided|see|note|notes|recipe|follows|below|above|only|each|about|approx|approximately|total|weight|plus|such|preferably|if|to|for|from|at|room|temperature|softened|melted|chopped|minced|diced|sliced|peeled|drained|rinsed|cooked|packed|homemade|store-bought|purchased|frozen|thawed|defrosted|divided|available|use)\b/iu;

/** Phrases that end a name and say how or when it is used: "salt to taste", "flour for dusting". */
export const TRAILING_NOTE =
  /\s+(?:to taste|or to taste|for [\p{L}' -]+|to (?:serve|garnish|decorate|season|cover|finish|drizzle|sprinkle|dust|glaze|brush|grease|fry)|optional|divided|as needed|if needed|plus (?:more|extra)\b.*|or more\b.*|at room temperature|room temperature|of (?:your )?choice|of any kind|nach (?:Belieben|Geschmack|Bedarf)|zum [\p{L}]+|für die Form|pour (?:servir|la décoration)|q\.\s*b\.?|quanto basta)$/iu;

/** "cut into 2 cm pieces", "in ¼-inch dice": how it is cut, for the note. */
export const CUT =
  /\s+(?:(?:cut|sliced|chopped|diced|torn|broken)\s+(?:in|into)\s|(?:in|into)\s+(?:\p{N}|thin|thick|small|large|bite|chunks|pieces|slices|cubes|wedges|strips|rings|half|halves|quarters|rounds|florets))/iu;
/** "salt and freshly ground black pepper": the pepper's preparation, wherever it stands, for the note. */
export const FRESHLY_GROUND = /\b(?:freshly|fresh)[ -](?:ground|cracked)\s+/iu;

/** "oil such as peanut", "butter, preferably salted": an example or a wish, for the note. */
export const EXAMPLE = /\s+(?:such as|preferably|e\.g\.|like|weighing)\s/iu;

/** "ham with rind removed": what was done, said with "with", for the note. */
export const WITH_DONE = /\s+with\s+(?:the\s+)?[\p{L} -]+?\s(?:removed|on|off|attached|intact|left on)$/iu;

/** A name that ends in a count unit: "4 garlic cloves" is 4 cloves of garlic. */
export const COUNT_UNIT_AFTER_NAME =
  /^(.+?)\s+(cloves?|sprigs?|stalks?|bulbs?|slices?|sticks?|spears?|twists?|Zehen?)$/iu;

/** Forms a thing is bought in: after an amount with its unit ("400g can tomatoes") they say how. */
export const CONTAINERS = new Set([
  'can',
  'tin',
  'jar',
  'pot',
  'packet',
  'package',
  'bag',
  'box',
  'carton',
  'tub',
  'container',
  'sachet',
  'bottle',
  'envelope',
  'Dose',
  'Glas',
  'Becher',
  'Pck.',
]);

/** Pieces a length is said of: "1-inch piece ginger", "2 cm strip of zest". */
export const PIECES = new Set(['piece', 'chunk', 'strip', 'slice', 'stick', 'knob']);
/** Units of length: "2.5 cm", "1-inch". */
export const LENGTHS = new Set(['cm', 'mm', 'inch']);

/** Measures that may open a line without a number: "tsp salt", "slice of bread" ("leaf" and "glass" begin names too). */
export const MEASURES_WITHOUT_NUMBER = new Set([
  'tsp',
  'tbsp',
  'cup',
  'g',
  'kg',
  'ml',
  'l',
  'oz',
  'lb',
  'slice',
  'piece',
  'EL',
  'TL',
]);
