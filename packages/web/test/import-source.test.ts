import { isAddress } from '../src/import-source';

describe('what the import screen was given', () => {
  it('takes one line that looks like an address as an address, whatever its host or scheme', () => {
    for (const address of [
      'https://example.com/soup',
      'example.com/soup',
      'http://kitchen/soup',
      'http://[::1]:8080/soup',
      'ftp://files.example.com/soup.txt',
      'HTTP://KITCHEN',
      '  https://example.com/soup \n',
    ])
      expect([address, isAddress(address)]).toEqual([address, true]);
  });

  it('takes anything with spaces or lines as a recipe’s text', () => {
    for (const text of [
      'Plain porridge\n\nIngredients\n1 cup oats',
      'Soup: see http://kitchen/soup',
      'Pancakes',
      '',
    ])
      expect([text, isAddress(text)]).toEqual([text, false]);
  });
});
