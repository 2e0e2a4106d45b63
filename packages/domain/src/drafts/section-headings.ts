import { groupHeading } from './group-heading.js';
import type { PageBlock } from './page-content.js';

/**
 * The headings that divide a recipe page: where the ingredients start, where the steps start,
 * where the recipe is over, and the small headings between them, in the languages of the pages
 * members draft from. (`\b` knows only ASCII letters; a heading word ends where no letter or
 * digit follows.)
 */

const END = '(?![\\p{L}\\p{N}])';

function startingWith(words: readonly string[], lead = ''): RegExp {
  return new RegExp(`^${lead}(?:${words.join('|')})${END}`, 'iu');
}

/** An article or "recipe" before the heading's word: "The ingredients", "Les ingrédients", "Recipe method". */
const LEAD = `(?:(?:the|les|la|le|die|de|het|los|las|el|os|as|o|a|recipe|rezept|recette|recept)\\s+|l['’]\\s*)?`;

const INGREDIENTS = startingWith(
  [
    'ingredients?',
    'ingredient list',
    "what you(?:'ll| will)? need",
    "you(?:'ll| will)? need",
    'zutaten(?:liste)?',
    'ingrédients',
    'ingredienti',
    'ingredientes',
    'ingrediënten',
    'ingredienten',
    'ingredienser',
    'ainekset',
    'składniki',
    'hozzávalók',
    'suroviny',
    'ingredience',
    'sastojci',
    'malzemeler',
    'υλικά',
    'ингредиенты',
    '材料',
    '用料',
    '食材',
    '配料',
  ],
  LEAD,
);

const INSTRUCTIONS = startingWith(
  [
    'instructions?',
    'directions?',
    'methods?',
    'preparation',
    'steps',
    'procedure',
    'how to make(?: it)?',
    // "How to 👇": nothing but marks after it.
    'how to(?=[^\\p{L}\\p{N}]*$)',
    'cooking instructions',
    'zubereitung(?:sschritte)?',
    'anleitung',
    'arbeitsschritte',
    "so geht'?s",
    'préparation',
    'étapes',
    'bereiding(?:swijze)?',
    'werkwijze',
    'fremgangsm[åa]de',
    'sådan gør du',
    'tillagning',
    'gör så här',
    'instruktioner',
    'preparación',
    'elaboración',
    'instrucciones',
    'preparazione',
    'procedimento',
    'modo de preparo',
    'modo de fazer',
    'preparo',
    'valmistus',
    'przygotowanie',
    'sposób przygotowania',
    'postup',
    'příprava',
    'elkészítés',
    'hazırlanışı',
    'yapılışı',
    'priprema',
    'postupak',
    'εκτέλεση',
    'οδηγίες',
    'παρασκευή',
    'διαδικασία',
    'приготовление',
    'способ приготовления',
    '作り方',
    '做法',
    '步骤',
    'zo maak je (?:het|dit)',
    'hoe maak je',
    'so machst du',
    "so wird'?s gemacht",
    'comment faire',
    "c['’]est parti",
  ],
  LEAD,
);

/** Headings after which the recipe is over: notes, nutrition, comments, equipment, tags, sign-up boxes. */
const AFTER_RECIPE = new RegExp(
  `${
    startingWith([
      'recipe notes',
      'nutritional',
      'related',
      'more recipes',
      'similar recipes',
      'more like this',
      'recettes similaires',
      'autour du même sujet',
      'idées recettes',
      'ähnliche rezepte',
      'weitere rezepte',
      'mehr rezepte',
      'vergelijkbare recepten',
      'meer recepten',
      'andere recepten',
      'recetas similares',
      'ricette simili',
      'receitas relacionadas',
      'you may also',
      'you might also',
      'you will also like',
      'das könnte',
      'dit vind je misschien',
      'vous aimerez',
      'vous pourriez aussi',
      'te puede interesar',
      'potrebbe interessarti',
      'equipment',
      'kitchen equipment',
      'tools',
      'utensils',
      'benodigdheden',
      'zubehör',
      'utensilien',
      'matériel',
      'ustensiles',
      'εξοπλισμός',
      'rate this',
      'leave a',
      'share',
      'print',
      'tags',
      'categories',
      'subscribe',
      'sign up',
      'log in',
      'hinweise?',
      'nährwerte',
      'kommentare',
      'notizen',
    ]).source
  }|(?<![\\p{L}\\p{N}])(?:notes?|tips?|tipps?|conseils?|astuces?|consejos?|dicas?|consigli|suggerimenti|trucchi|nutrition|comments?|reviews?|faq|storage|video|newsletter|imprimer|drucken)${END}`,
  'iu',
);

/** A time's label: "Preparation time", "Cooking time", "Préparation 20 mn". */
const TIME_LABEL = new RegExp(
  `^\\S+\\s+(?:time|zeit|tijd|temps|tiempo|tempo|tid)${END}|^\\S+\\s*:?\\s*\\d+\\s*(?:mn|min|mins|minutes?|minuten|h|hrs?|hours?|heures?|std|stunden?|uur)\\.?${END}`,
  'iu',
);

/** "Step 1", "Schritt 2": a heading that only numbers the step under it. */
const STEP_NUMBER = /^(?:step|schritt|stap|étape|etape|paso|passo)\s*\d{1,2}\s*:?$/iu;

export type Role = 'ingredients' | 'instructions' | 'after' | 'step' | 'heading' | null;

/** Whether `text` opens the ingredients, the steps, or what follows the recipe. */
export function headingRole(heading: string): Exclude<Role, 'step' | 'heading' | null> | null {
  // What a heading says in parentheses qualifies it: "Seared prawns (optional, see notes)" heads no notes.
  const text = heading.replace(/\s*\([^()]*\)/gu, '').trim() || heading;
  // "Preparation time: 15 min" labels a time, it heads nothing.
  if (TIME_LABEL.test(text)) return null;
  if (INGREDIENTS.test(text)) return 'ingredients';
  if (INSTRUCTIONS.test(text)) return 'instructions';
  if (AFTER_RECIPE.test(text)) return 'after';
  return null;
}

/** A line all in bold stands as a heading when it is short and holds no sentence ("For the sauce:", "Meatballs"). */
const EMPHASIZED_WORDS = 8;

/**
 * A heading, or a paragraph standing as one: a short one ("Ingredients:", "<p>Method</p>"), or a
 * short line all in bold.
 */
export function headingText(block: PageBlock): string | null {
  if (block.kind === 'heading') return block.text;
  if (block.kind !== 'paragraph' || block.lines.length !== 1) return null;
  const words = block.text.split(/\s+/u).length;
  if (block.emphasized === true && words <= EMPHASIZED_WORDS && !/[.!?;]/u.test(block.text))
    return block.text;
  if (words <= 5) {
    const text = block.text.replace(/:$/u, '');
    if (headingRole(text) !== null || groupHeading(block.text) !== null) return text;
  }
  return null;
}

export function roleOf(block: PageBlock): Role {
  const text = headingText(block);
  if (text === null) return null;
  if (STEP_NUMBER.test(text)) return 'step';
  return headingRole(text) ?? 'heading';
}

/** Heading level; paragraphs standing as headings rank below every real heading. */
export function levelOf(block: PageBlock): number {
  return block.kind === 'heading' ? block.level : 7;
}
