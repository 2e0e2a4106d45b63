import { asFraction, formatQuantity, scaleFactor, scaled } from '../src/quantities';

describe('quantities as cooks write them', () => {
  it('scales by the ratio of servings, and leaves "to taste" alone', () => {
    expect(scaleFactor(4, 6)).toBe(1.5);
    expect(scaleFactor(0, 6)).toBe(1);
    expect(scaled(500, 1.5)).toBe(750);
    expect(scaled(null, 1.5)).toBeNull();
  });

  it('writes spoons, cups and pieces in fractions', () => {
    expect(formatQuantity(0.5, 'cup')).toBe('½');
    expect(formatQuantity(0.75, 'cup')).toBe('¾');
    expect(formatQuantity(2.25, 'tbsp')).toBe('2 ¼');
    expect(formatQuantity(1 / 3, 'cup')).toBe('⅓');
    expect(formatQuantity((2 / 3) * 2, null)).toBe('1 ⅓');
    expect(formatQuantity(18, null)).toBe('18');
    expect(formatQuantity(2.99, 'tsp')).toBe('3');
  });

  it("writes metric weights and volumes in decimals, in the locale's mark", () => {
    expect(formatQuantity(750, 'g')).toBe('750');
    expect(formatQuantity(1.5, 'kg')).toBe('1.5');
    expect(formatQuantity(1.5, 'kg', 'de')).toBe('1,5');
    expect(formatQuantity(333.333, 'ml')).toBe('333');
    expect(formatQuantity(0.125, 'l')).toBe('0.13');
  });

  it('writes a scaled amount as a cook measures it: quarters and thirds, whole grams', () => {
    // A recipe for 6 made for 5, 7 and 9.
    expect(formatQuantity(5 / 6, 'tbsp', 'en', true)).toBe('¾');
    expect(formatQuantity(7 / 6, null, 'en', true)).toBe('1 ¼');
    expect(formatQuantity(1.5, 'cup', 'en', true)).toBe('1 ½');
    expect(formatQuantity((50 * 7) / 6, 'g', 'en', true)).toBe('58');
    expect(formatQuantity((50 * 5) / 6, 'g', 'en', true)).toBe('42');
    expect(formatQuantity(2.5, 'g', 'en', true)).toBe('2.5');
    expect(formatQuantity(1.1667, 'kg', 'de', true)).toBe('1,17');
    expect(formatQuantity(23.4, 'tbsp', 'en', true)).toBe('23');
    expect(formatQuantity(0.05, 'tsp', 'en', true)).toBe('0.05');
    // As written, it stays as written.
    expect(formatQuantity(58.3, 'g')).toBe('58.3');
    expect(formatQuantity(0.42, 'cup')).toBe('0.42');
  });

  it("falls back to decimals where no cook's fraction fits", () => {
    expect(asFraction(0.42)).toBeNull();
    expect(formatQuantity(0.42, 'cup')).toBe('0.42');
    expect(formatQuantity(37.5, 'tbsp')).toBe('37.5');
  });
});
