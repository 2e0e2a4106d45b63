/**
 * Steps out of instruction text as pages write it: one step a line, numbered or not ("1.",
 * "Step 2:", "3)"), numbered steps over several lines, or every step run together on one line
 * ("1. Heat the oven. 2. Mix …").
 */

/** "1.", "2)", "Step 3:", "STEP 4 -", "Schritt 5:" at the start of a step. */
const NUMBERING =
  /^(?:(?:step|schritt|étape|etape|stap|paso|passo)\s*\d{1,2}\s*[.:)–—-]?|\d{1,2}\s*[.)](?!\d)|\d{1,2}\s*:(?!\d))\s*/iu;
/** A line that is nothing but a step's number: "Step 1", "2". */
const NUMBER_ONLY = /^(?:(?:step|schritt|étape|etape|stap|paso|passo)\s*)?\d{1,2}\s*[.:)]?$/iu;
/** Lines that pages slip between their steps and that are none: ads, links, calls to share, ways back. */
const JUNK =
  /^(?:advertisement|anzeige|werbung|annons|advertentie|publicité|pubblicità|publicidad|reklame|reklama|mainos|(?:return|go|back) to (?:the )?(?:previous page|top|recipes?)|jump to (?:the )?recipe|https?:\/\/\S+|did you make this recipe\??.*|tag @\S+ .*|pin (?:it|this recipe).*|(?:save|print|rate) (?:this|the) recipe.*|enregistrer la recette.*|rezept speichern.*|recept (?:opslaan|bewaren).*)$/iu;

/**
 * A step's number: "3.", "4)", "Step 5.", "Step 6:", "STEP 7" — where a numbered step may start.
 * (After a step's word the number needs no mark.)
 */
const MARKER =
  /(?:^|\s)(?:(?:step|schritt|étape|etape|stap|paso|passo)\s*(\d{1,2})(?:\s*[.:)–—-](?!\d))?(?![\d.,])|(\d{1,2})[.)](?!\d))/giu;

/**
 * Whether the number at `at` starts a step: at the start of a line, or inside one when a capital
 * letter follows after a space ("… the oven. 2. Mix …"), or a letter of a script without capitals
 * right away ("…均匀 2.六寸模具…"). ("Bake at 180. 2 eggs" has no numbered step.)
 */
function startsStep(text: string, at: number, end: number): boolean {
  if (at === 0 || text[at] === '\n' || /\n\s*$/u.test(text.slice(0, at + 1))) return true;
  // An empty step, numbered at the end or before the next number ("10. Decorate. 11. 12."), is one too.
  return /^(?:\s+\p{Lu}|\s*\p{Lo}|\s*$|\s+\d{1,2}[.)])/u.test(text.slice(end));
}

/**
 * The text split at its step numbers, when they count 1, 2, 3, … from the first; the lines of a
 * step joined. Null when the text is not numbered so.
 */
function splitAtNumbers(text: string): string[] | null {
  const marks = [...text.matchAll(MARKER)].filter((m) => startsStep(text, m.index, m.index + m[0].length));
  if (marks.length < 2 || !marks.every((mark, i) => Number(mark[1] ?? mark[2]) === i + 1)) return null;
  // Words before "1." ("For the dough: 1. Warm …") stand as steps of their own.
  const before = text.slice(0, marks[0]!.index).split('\n');
  const steps = marks.map((mark, i) => text.slice(mark.index, marks[i + 1]?.index ?? text.length));
  return [...before, ...steps.map((step) => step.replace(/\s+/gu, ' '))];
}

/** A step or a step's title without the number it opens with ("1. Heat the oil", "Step 2 - Pour …"). */
export function withoutNumbering(text: string): string {
  return text.trim().replace(NUMBERING, '').trim() || text.trim();
}

/** Whether a line opens with a step's number: "1.", "2)", "Step 3:". */
export function opensWithNumber(line: string): boolean {
  return NUMBERING.test(line.trim()) && !NUMBER_ONLY.test(line.trim());
}

/** A line that is nothing but a step's number ("Step 1", "Étape 2", "3."). */
export function isStepNumber(line: string): boolean {
  return NUMBER_ONLY.test(line.trim());
}

/** Steps cleaned: numbering taken off; empty, repeated and junk steps dropped. */
function cleaned(parts: readonly string[]): string[] {
  const steps: string[] = [];
  for (const part of parts) {
    if (NUMBER_ONLY.test(part.trim()) || JUNK.test(part.trim())) continue;
    const step = part.trim().replace(NUMBERING, '').trim();
    if (step !== '' && steps[steps.length - 1] !== step) steps.push(step);
  }
  return steps;
}

/**
 * Steps given one a line (a list's items): each line a step, a single line split at step numbers
 * that count from 1 ("1. Heat the oven. 2. Mix …").
 */
export function splitInstructions(lines: readonly string[]): string[] {
  return cleaned(lines.length === 1 ? (splitAtNumbers(lines[0]!) ?? lines) : stepPlacesTakenOff(lines));
}

/**
 * Items that each open with their own place in the list ("1 Heat the oven", "2Mix": a number set
 * apart by markup, without a dot) without it; any other list as it is.
 */
export function stepPlacesTakenOff(items: readonly string[]): string[] {
  const at = (item: string, i: number): RegExpExecArray | null =>
    new RegExp(`^${i + 1}(?:\\s+|(?=\\p{Lu}))(?=\\p{L})`, 'u').exec(item.trim());
  // Every item opens with its place, or (where the markup lost it) with no number at all.
  const placed = items.filter((item, i) => at(item, i) !== null).length;
  if (placed < 2 || !items.every((item, i) => at(item, i) !== null || !/^\p{N}/u.test(item.trim())))
    return [...items];
  return items.map((item, i) => item.trim().slice(at(item, i)?.[0].length ?? 0));
}

/**
 * Whether a line ends a sentence: ".", "!", "?", "…", or the full-width "。", "！", "？" of Chinese
 * and Japanese (a closing quote or bracket after it).
 */
export function endsSentence(line: string): boolean {
  return /[.!?…。！？]["'”’)]*$/u.test(line);
}

/**
 * Lines broken inside a sentence joined again ("Toss the bread with the oil and" / "bake until
 * golden."): a line that starts in lower case goes on with the line before when that one ends no
 * sentence — in a text written in sentences, whose last line ends one.
 */
function rewrapped(lines: readonly string[]): string[] {
  if (lines.length < 2 || !endsSentence(lines[lines.length - 1]!)) return [...lines];
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && !endsSentence(previous) && /^\p{Ll}/u.test(line))
      joined[joined.length - 1] = `${previous} ${line}`;
    else joined.push(line);
  }
  return joined;
}

/**
 * Steps written as one text over lines (a JSON-LD string, a paragraph): split at step numbers
 * that count from 1, a line without a number going on with its step; else one step a line, a line
 * broken inside a sentence going on with the line before.
 */
export function stepsOfText(lines: readonly string[]): string[] {
  return cleaned(splitAtNumbers(lines.join('\n')) ?? rewrapped(lines));
}

/**
 * The steps of a paragraph of lines: split at step numbers that count from 1; else one step, its
 * lines joined, when any line is broken mid-sentence (text with hard line breaks); else a step a
 * line, each line ending a sentence and the next starting with a capital ("Die Eier trennen." /
 * "Die Butter erhitzen.").
 */
export function stepsOfParagraph(lines: readonly string[]): string[] {
  if (lines.length === 0) return [];
  const steps = [lines[0]!];
  if (lines.slice(0, -1).some((line) => !endsSentence(line))) steps[0] = lines.join(' ');
  else
    for (const line of lines.slice(1)) {
      if (/^\p{Lu}/u.test(line)) steps.push(line);
      else steps[steps.length - 1] += ` ${line}`;
    }
  return steps.flatMap((step) => splitInstructions([step]));
}

/** "Serves 4", "Makes 12 cookies", "Für 4 Personen": a yield written at the end of the last step. */
const TRAILING_YIELD =
  /(?:^|(?<=[.!?)])\s+)(?:serves|makes|yields?|für|ergibt)\s+(?:about\s+)?\d+(?:\s*[-–]\s*\d+)?(?:\s+\p{L}+){0,2}\.?$/iu;

/** The steps without a yield standing at the end of the last one (it is the recipe's yield, not a step). */
export function withoutTrailingYield(steps: readonly string[]): string[] {
  if (steps.length === 0) return [...steps];
  const last = steps[steps.length - 1]!.replace(TRAILING_YIELD, '').trim();
  return last === '' ? steps.slice(0, -1) : [...steps.slice(0, -1), last];
}
