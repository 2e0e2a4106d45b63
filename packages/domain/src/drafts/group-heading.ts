/**
 * Lines in an ingredient list that name a group rather than an ingredient: "For the sauce:",
 * "Dough:", "Für den Teig", "**Topping**". None holds a number. (A line in capitals alone is no
 * heading: "SALT" is an ingredient as often as "FILLING" is a group.)
 */

const FOR_THE =
  /^(?:for|für|pour|voor|per|para|til|för)\s+(?:the|a|an|den|die|das|dem|le|la|les|l'|de|het|il|lo|la|el|los|las|o|a)?\s*(.+?)\s*:?$/iu;
const WITH_COLON = /^(.+?)\s*:$/u;
const DECORATED = /^(?:[*_=#~-]{2,}\s*)(.+?)(?:\s*[*_=#~-]{2,})$/u;

/** Whether most of the lines are not written in capitals (at least half hold a small letter). */
export function mostlyNotCapitals(lines: readonly string[]): boolean {
  return lines.filter((line) => /\p{Ll}/u.test(line)).length >= lines.length / 2;
}

/**
 * "TO SERVE", "FILLING": a line in capitals of a few words, among lines that are not, heads a
 * group. (Alone, "SALT" may as well be an ingredient: the caller says, by mostlyNotCapitals over
 * them once, whether the lines around are written in capitals too.)
 */
export function capitalsHeading(line: string, amongOrdinaryLines: boolean): string | null {
  const text = line.trim();
  if (!amongOrdinaryLines) return null;
  if (!/^[\p{Lu}\s&'’-]{3,40}$/u.test(text) || !/\p{Lu}{3}/u.test(text) || text.split(/\s+/u).length > 4)
    return null;
  return text;
}

/** The group's name when `line` is a group heading ("For the sauce:" → "For the sauce"); null for an ingredient. */
export function groupHeading(line: string): string | null {
  const text = line.trim();
  if (text === '' || /\p{N}/u.test(text) || text.length > 60) return null;
  const decorated = DECORATED.exec(text);
  if (decorated) return decorated[1]!.trim();
  const words = text.split(/\s+/u);
  if (WITH_COLON.test(text) && words.length <= 6) return WITH_COLON.exec(text)![1]!.trim();
  if (FOR_THE.test(text) && words.length <= 6 && !/,/u.test(text)) return text.replace(/\s*:$/u, '');
  return null;
}
