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

  it("falls back to decimals where no cook's fraction fits", () => {
    expect(asFraction(0.42)).toBeNull();
    expect(formatQuantity(0.42, 'cup')).toBe('0.42');
    expect(formatQuantity(37.5, 'tbsp')).toBe('37.5');
  });
});
