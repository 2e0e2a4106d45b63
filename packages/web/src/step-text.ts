/**
 * A step's text cut into what the cooking screen shows: plain text, words that name an
 * ingredient (highlighted, with its quantity at hand), and durations (buttons that start a timer).
 */

export interface StepTime {
  phrase: string;
  seconds: number;
  maxSeconds?: number | null;
}

export interface IngredientRef {
  word: string;
  groupName: string | null;
  ingredientName: string;
}

export type StepPiece =
  | { kind: 'text'; text: string }
  | { kind: 'ingredient'; text: string; ref: IngredientRef }
  | { kind: 'time'; text: string; time: StepTime };

interface Found {
  start: number;
  end: number;
  piece: StepPiece;
}

/**
 * Cuts `text` at the first whole-word occurrence of every reference's word and every time's
 * phrase; where two overlap, the one that starts first (then the longer) wins.
 */
export function stepPieces(
  text: string,
  references: readonly IngredientRef[] | null | undefined,
  times: readonly StepTime[] | null | undefined,
): StepPiece[] {
  const found: Found[] = [];
  for (const time of times ?? []) {
    const at = findWhole(text, time.phrase);
    if (at >= 0)
      found.push({
        start: at,
        end: at + time.phrase.length,
        piece: { kind: 'time', text: time.phrase, time },
      });
  }
  for (const ref of references ?? []) {
    const at = findWhole(text, ref.word);
    if (at >= 0)
      found.push({
        start: at,
        end: at + ref.word.length,
        piece: { kind: 'ingredient', text: ref.word, ref },
      });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const pieces: StepPiece[] = [];
  let at = 0;
  for (const f of found) {
    if (f.start < at) continue; // overlaps one already taken
    if (f.start > at) pieces.push({ kind: 'text', text: text.slice(at, f.start) });
    pieces.push({ ...f.piece, text: text.slice(f.start, f.end) } as StepPiece);
    at = f.end;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

const WORD = /[\p{L}\p{N}\p{M}]/u;
/** Scripts without spaces between words, and Korean: the API asks for no word boundary next to them. */
const UNSPACED =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\u30FC]/u;

/** True when `a` and `b`, side by side, are one word of a spaced script (the API's rule). */
function glued(a: string, b: string): boolean {
  return WORD.test(a) && WORD.test(b) && !UNSPACED.test(a) && !UNSPACED.test(b);
}

/** Index of `needle` in `text` (case-blind) where it is not part of a longer word; -1 when nowhere. */
export function findWhole(text: string, needle: string): number {
  if (needle.length === 0) return -1;
  const hay = text.toLowerCase();
  const want = needle.toLowerCase();
  let from = 0;
  for (;;) {
    const at = hay.indexOf(want, from);
    if (at < 0) return -1;
    const before = at === 0 ? '' : text.charAt(at - 1);
    const after = text.charAt(at + needle.length);
    if (!glued(before, needle.charAt(0)) && !glued(needle.charAt(needle.length - 1), after)) return at;
    from = at + 1;
  }
}

/** `12:05`, `1:02:00`: what a running timer shows. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
