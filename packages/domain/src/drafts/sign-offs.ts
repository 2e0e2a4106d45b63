/**
 * What a writer says after the last step, to the reader rather than the cook: a greeting ("Enjoy!",
 * "Bon appétit !", "¡Buen provecho!", "Guten Appetit!", "Eet smakelijk!"), a word about the post
 * ("I hope you love this …", "If you make these, let me know in the comments"), who it is from
 * ("Rezept von backfee77") and the signature under them ("Eure Anna"). Pages that write their steps as paragraphs, and pasted text, put these
 * where the steps end.
 */

/** A greeting that closes a recipe, as a whole sentence. */
const GREETING =
  /^[¡!]?\s*(?:enjoy(?:\s+(?:it|them|your meal))?|happy (?:cooking|baking)|bon app[ée]tit|buen provecho|buon appetito|guten appetit|lass(?:t)? (?:es )?(?:euch|dir|es euch|es dir) schmecken|viel spa(?:ß|ss)(?: beim (?:nachkochen|nachbacken|kochen|backen|genießen))?|eet smakelijk|smakelijk eten|smaklig måltid|velbekomme|god appetitt?|bom apetite|smacznego)\s*[!.…]*$/iu;

/** The writer speaking to the reader about the post: hopes, asks for comments, ratings, photos. */
const TO_THE_READER =
  /(?<!\p{L})(?:i hope you|hope you (?:love|enjoy|like)|let me know|leave (?:me )?a (?:comment|review|rating)|in the comments|tag me|if you (?:make|try|made|tried) (?:this|these|it)|j['’]esp[èe]re que (?:vous|cette|ce)|dites-moi|laissez(?:-moi)? un commentaire|ich hoffe,? (?:euch|dir|ihr|du)|schreib(?:t)? mir|lass(?:t)? mir (?:einen|ein) (?:kommentar|feedback)|espero que (?:os|te|les)|d[ée]ja(?:me|dme)|spero che (?:vi|ti)|fatemi sapere|ik hoop dat (?:je|jullie)|laat (?:het )?(?:me|ons) weten)(?!\p{L})/iu;

/** Who the recipe is from, under it: "Submitted by Bob, Tulsa OK", "Rezept von backfee77", "Recette de Mamie". */
const CREDIT =
  /^(?:(?:recipe|submitted|posted|written|shared|adapted) (?:by|from)|rezept von|recette (?:de|par)|receta de|ricetta di|recept van)\s+\S/iu;

/** Sentences: parted after ".", "!", "?" (and "…") followed by a space. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?…])\s+(?=[^\s.!?])/u).filter((s) => s.trim() !== '');
}

/** Whether every sentence of `text` greets the reader or speaks about the post. */
export function isSignOff(text: string): boolean {
  if (CREDIT.test(text.trim()) && text.split(/\s+/u).length <= 8) return true;
  const sentences = sentencesOf(text.trim());
  return sentences.length > 0 && sentences.every((s) => GREETING.test(s.trim()) || TO_THE_READER.test(s));
}

/** A signature: a name of a word or three, no number, no sentence ("Eure Anna", "xoxo, Jane"). */
function isSignature(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  return words.length <= 3 && !/[\p{N}.!?:]/u.test(text) && /\p{Lu}/u.test(text);
}

/** The steps without the sign-off after the last one (and a signature under it). */
export function withoutSignOff(steps: readonly string[]): string[] {
  let end = steps.length;
  // "Guten Appetit!" / "Eure Anna": a signature counts only under a sign-off.
  if (end >= 2 && isSignature(steps[end - 1]!) && isSignOff(steps[end - 2]!)) end -= 2;
  while (end > 0 && isSignOff(steps[end - 1]!)) end--;
  return steps.slice(0, end);
}
