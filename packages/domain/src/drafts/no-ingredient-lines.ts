/**
 * Lines under an ingredients heading that are no ingredient, on a page or in pasted text (a recipe
 * card copied whole): yields, times ("Cook time 20 min", "Sütési idő: 20 perc"), unit switches,
 * serving multipliers ("Scale", "1x2x3x"), ads.
 */
const NOT_AN_INGREDIENT =
  /^(?:serves|servings?|makes|yields?|portions?|advertisement|anzeige|werbung|annons|advertentie|publicité|pubblicità|publicidad|reklama|mainos|us|metric|imperial|us customary|units?|scale|(?:prep(?:aration)?|cook(?:ing)?|bake|total)\s*time|(?:zubereitungs|arbeits|koch|back|gesamt)zeit|[\d/]+x(?:\s*[\d/]+x)+)\b.{0,20}$|^\d+\s+(?:servings|portions|personen|portionen|port(?:ioner)?|pers(?:oner)?\.?|porties|porciones|personnes)$|^[\d/½¼¾.]+\s?x$|^\d+\s+(?:főre|személyre)$|^\p{L}[\p{L} ]{1,30}:\s*\d+(?:[.,]\d+)?\s*(?:min(?:s|utes?|uten|uti|utos)?|perc|óra|h|hrs?|hours?|stunden?|std|ore|horas?|heures?|timer?|uur)\.?$/iu;

/**
 * A star rating as recipe cards show it: "5 from 3 votes", "4.67 from 12 ratings", "4.5 out of 5
 * stars", "Rated 4.8/5", "5 stars (12 reviews)", "(27 reviews)".
 */
const RATING =
  /^(?:rated\s+)?\d(?:[.,]\d+)?\s*(?:from\s+\d+\s+(?:votes?|ratings?|reviews?)|(?:out of\s*|\/\s*)5(?:\s*stars?)?|stars?)(?:\s*\(?\d+\s+(?:votes?|ratings?|reviews?)\)?)?$|^\(?\d+\s+(?:votes?|ratings?|reviews?)\)?$/iu;

/** Whether a line among the ingredients is none (a yield, a time, a unit switch, a rating, an ad). */
export function isNoIngredient(line: string): boolean {
  const text = line.trim();
  return NOT_AN_INGREDIENT.test(text) || RATING.test(text);
}
