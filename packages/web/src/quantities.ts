/**
 * Scaling a recipe's quantities to other servings, and writing them as cooks do: ½ cup, 1 ⅓ tbsp,
 * but 375 g and 1.5 l — fractions for spoons, cups and pieces, decimals for metric weights and
 * volumes.
 */

/** Units measured in metric weights and volumes: decimals, never fractions. */
const METRIC = new Set(['g', 'kg', 'mg', 'ml', 'l', 'cl', 'dl', 'gram', 'grams', 'gramm', 'liter', 'litre']);
/** The small metric units a kitchen scale or jug shows in whole numbers (from 10 up). */
const WHOLE_METRIC = new Set(['g', 'mg', 'ml', 'gram', 'grams', 'gramm']);

/** What a scaled spoon, cup or piece is rounded to: the fractions a cook measures with. */
const MEASURED: readonly number[] = [0, 1 / 4, 1 / 3, 1 / 2, 2 / 3, 3 / 4, 1];

/** The fractions cooks write, with the glyph each is written with. */
const FRACTIONS: ReadonlyArray<readonly [number, string]> = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [3 / 8, '⅜'],
  [1 / 2, '½'],
  [5 / 8, '⅝'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
  [7 / 8, '⅞'],
];

/** The factor that turns a recipe written for `servings` into one for `wanted`. */
export function scaleFactor(servings: number, wanted: number): number {
  if (!(servings > 0) || !(wanted > 0)) return 1;
  return wanted / servings;
}

/**
 * A quantity as it is written for its unit, in the given locale's decimal mark. A `scaled` one
 * (servings changed) is written as a cook measures it: spoons, cups and pieces to the nearest
 * quarter or third (`0.83 tbsp` is `¾`, `1.17` eggs `1 ¼`), grams and millilitres whole from 10 up
 * (`58 g`); an amount as written stays as written.
 */
export function formatQuantity(quantity: number, unit: string | null, locale = 'en', scaled = false): string {
  if (!Number.isFinite(quantity) || quantity < 0) return '';
  if (quantity === 0) return '0';
  const name = unit?.trim().toLowerCase() ?? null;
  const metric = name !== null && METRIC.has(name);
  if (!metric) {
    const fraction = asFraction(quantity) ?? (scaled ? measured(quantity) : null);
    if (fraction !== null) return fraction;
  }
  if (scaled && name !== null && WHOLE_METRIC.has(name) && quantity >= 10)
    return decimal(Math.round(quantity), locale);
  return decimal(quantity, locale);
}

/** A scaled amount to the nearest fraction a cook measures; null when tiny (under ⅛) or large (20 up). */
function measured(quantity: number): string | null {
  if (quantity < 1 / 8) return null;
  const whole = Math.floor(quantity);
  if (whole >= 20) return String(Math.round(quantity));
  const rest = quantity - whole;
  const nearest = MEASURED.reduce((best, value) =>
    Math.abs(rest - value) < Math.abs(rest - best) ? value : best,
  );
  if (nearest === 0) return String(whole);
  if (nearest === 1) return String(whole + 1);
  return withFraction(whole, nearest, 1e-9);
}

/** `1 ½`, `¾`, `2` — or null when the quantity is no whole number plus a cook's fraction. */
export function asFraction(quantity: number): string | null {
  const whole = Math.floor(quantity);
  const rest = quantity - whole;
  // Close enough to a whole number: 1.98 → 2, 3.02 → 3.
  if (rest < 0.04) return whole === 0 ? null : String(whole);
  if (rest > 0.96) return String(whole + 1);
  // Eighths and thirds only where the cook would weigh no more exactly (large amounts are numbers).
  if (whole >= 20) return null;
  return withFraction(whole, rest, 0.03);
}

/** `whole` and the cook's fraction within `tolerance` of `rest` (`1 ½`, `⅓`); null when none is. */
function withFraction(whole: number, rest: number, tolerance: number): string | null {
  const glyph = FRACTIONS.find(([value]) => Math.abs(rest - value) < tolerance)?.[1];
  if (glyph === undefined) return null;
  return whole === 0 ? glyph : `${whole} ${glyph}`;
}

/**
 * A stored quantity as the editor shows it for changing: a cook's fraction only where it is that
 * fraction exactly (⅓ for the third "1/3" was saved as, 1 ½), else every digit that counts, so
 * that saving again changes nothing (1.5 kg, 0.35).
 */
export function editableQuantity(quantity: number, unit: string | null): string {
  const metric = unit !== null && METRIC.has(unit.trim().toLowerCase());
  const whole = Math.floor(quantity);
  const exact = metric ? null : withFraction(whole, quantity - whole, 1e-9);
  return exact ?? String(Number(quantity.toPrecision(12)));
}

/** A decimal with no more digits than make sense for the size: 1250, 37.5, 1.25, 0.33. */
function decimal(quantity: number, locale: string): string {
  const digits = quantity >= 100 ? 0 : quantity >= 10 ? 1 : 2;
  const rounded = roundTo(quantity, digits);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false }).format(rounded);
}

function roundTo(value: number, digits: number): number {
  const power = 10 ** digits;
  return Math.round(value * power) / power;
}

/** A recipe's quantity for other servings; null stays null ("salt to taste"). */
export function scaled(quantity: number | null, factor: number): number | null {
  return quantity === null ? null : quantity * factor;
}
