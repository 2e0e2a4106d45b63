/**
 * Steps out of instruction text as pages write it: one step a line, numbered or not ("1.",
 * "Step 2:", "3)"), or every step run together on one line ("1. Heat the oven. 2. Mix …").
 */

/** "1.", "2)", "Step 3:", "STEP 4 -", "Schritt 5:" at the start of a step. */
const NUMBERING =
  /^(?:(?:step|schritt|étape|stap|paso|passo)\s*\d{1,2}\s*[.:)–—-]?|\d{1,2}\s*[.)](?!\d)|\d{1,2}\s*:(?!\d))\s*/iu;
/** A line that is nothing but a step's number: "Step 1", "2". */
const NUMBER_ONLY = /^(?:(?:step|schritt|étape|stap|paso|passo)\s*)?\d{1,2}\s*[.:)]?$/iu;
/** Where a numbered step starts inside a run-on line: a number, then a capital letter. */
const RUN_ON_MARKER = /(?:^|\s)(?:(?:step|schritt)\s*)?(\d{1,2})[.)]\s+(?=\p{Lu})/giu;

/** A run-on line split at its step numbers, when they count 1, 2, 3, … from the start; else the line. */
function splitRunOn(line: string): string[] {
  const marks = [...line.matchAll(RUN_ON_MARKER)];
  if (marks.length < 2 || !marks.every((mark, i) => Number(mark[1]) === i + 1)) return [line];
  // Words before "1." ("For the dough: 1. Warm …") stand as a step of their own.
  const before = line.slice(0, marks[0]!.index).trim();
  const steps = marks.map((mark, i) => line.slice(mark.index, marks[i + 1]?.index ?? line.length).trim());
  return before === '' ? steps : [before, ...steps];
}

/** The steps in `lines`: numbering taken off, run-on lines split, empty and repeated lines dropped. */
export function splitInstructions(lines: readonly string[]): string[] {
  const steps: string[] = [];
  const parts = lines.length === 1 ? splitRunOn(lines[0]!) : lines;
  for (const part of parts) {
    if (NUMBER_ONLY.test(part.trim())) continue;
    const step = part.replace(NUMBERING, '').trim();
    if (step !== '' && steps[steps.length - 1] !== step) steps.push(step);
  }
  return steps;
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
