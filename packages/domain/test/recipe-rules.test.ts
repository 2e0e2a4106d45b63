import type { Account, Role } from '../src/accounts/account.js';
import type { Caller } from '../src/accounts/caller.js';
import { abilitiesOf, isLocked } from '../src/recipes/recipe-permissions.js';
import { siteOf } from '../src/recipes/recipe-validation.js';
import { firstFreeSlug, slugBase, titleSortKey, transliterate } from '../src/recipes/slugs.js';
import { containsNumber, findPhrase, isRangePhrase, occursAsWords } from '../src/recipes/step-text.js';
import type { Scope } from '../src/tokens/scopes.js';

describe('slugs', () => {
  test.each([
    ['Crème brûlée', 'creme-brulee'],
    ['Straße', 'strasse'],
    ['Æble & Øl', 'aeble-and-ol'],
    ['Łosoś', 'losos'],
    ['Þorramatur', 'thorramatur'],
    ['Œufs en cocotte', 'oeufs-en-cocotte'],
    ['--Hello,   World--', 'hello-world'],
    ['!!!', 'recipe'],
  ])('%s → %s', (title, slug) => {
    expect(slugBase(title)).toBe(slug);
  });

  test('long titles are cut at a hyphen within 80 characters', () => {
    const slug = slugBase('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(slugBase('x'.repeat(100))).toBe('x'.repeat(80));
  });

  test('the first free slug counts up from -2', () => {
    expect(firstFreeSlug('soup', [])).toBe('soup');
    expect(firstFreeSlug('soup', ['soup'])).toBe('soup-2');
    expect(firstFreeSlug('soup', ['soup', 'soup-2', 'soup-4'])).toBe('soup-3');
  });

  test('titles sort without accents and case', () => {
    expect(titleSortKey('Äpfel  im Schlafrock')).toBe('apfel im schlafrock');
    expect(transliterate('Ça')).toBe('Ca');
  });
});

describe('step text', () => {
  test('phrases are found as whole words, in any case', () => {
    expect(occursAsWords('Bake 15 minutes.', '15 minutes')).toBe(true);
    expect(occursAsWords('Bake 15 MINUTES.', '15 minutes')).toBe(true);
    expect(occursAsWords('Bake 15 minutes.', '5 minutes')).toBe(false);
    expect(occursAsWords('Bake 15 minutes.', '15 min')).toBe(false);
    expect(occursAsWords('Bake (15 min).', '15 min')).toBe(true);
    expect(occursAsWords('Stir for 1.5 h', '1.5 h')).toBe(true);
    expect(occursAsWords('Stir for 1x5 h', '1.5 h')).toBe(false);
    expect(occursAsWords('anything', '   ')).toBe(false);
  });

  test('next to a script written without spaces a word ends where the member says; elsewhere it is whole', () => {
    expect(occursAsWords('烤20分钟', '20分钟')).toBe(true);
    expect(occursAsWords('加入面粉搅拌', '面粉')).toBe(true);
    expect(occursAsWords('塩を加える', '塩')).toBe(true);
    expect(occursAsWords('밀가루를 넣고', '밀가루')).toBe(true);
    expect(occursAsWords('ใส่เกลือเล็กน้อย', 'เกลือ')).toBe(true);
    expect(occursAsWords('Salz烤', 'Salz')).toBe(true);
    // Latin, Cyrillic and the like still want whole words.
    expect(occursAsWords('Salzig', 'Salz')).toBe(false);
    expect(occursAsWords('солью', 'соль')).toBe(false);
  });

  test('finds every place of a phrase, the same each time it is asked, in any text', () => {
    // The matcher of a phrase is kept and used again: where it stopped in one text must not
    // carry over into the next search.
    const text = 'Stir 5 min, rest 5 MIN, stir 5   min.';
    const places = [
      { start: 5, end: 10 },
      { start: 17, end: 22 },
      { start: 29, end: 36 },
    ];
    expect(findPhrase(text, '5 min')).toEqual(places);
    expect(findPhrase(text, '5 min')).toEqual(places);
    expect(findPhrase('5 min', '5 min')).toEqual([{ start: 0, end: 5 }]);
    for (let i = 0; i < 1500; i++) expect(findPhrase(`${i} min`, `${i} min`)).toHaveLength(1);
    expect(findPhrase(text, ' 5 min ')).toEqual(places);
  });

  test('a number is a digit or a fraction sign', () => {
    expect(containsNumber('20 minutes')).toBe(true);
    expect(containsNumber('½ hour')).toBe(true);
    expect(containsNumber('a while')).toBe(false);
  });

  test.each([
    ['20-25 minutes', true],
    ['20–25 Minuten', true],
    ['1 to 2 hours', true],
    ['10 or 15 min', true],
    ['3 bis 4 Stunden', true],
    ['between 2 and 3 hours', true],
    ['20 minutes to 1 hour', true],
    ['20 minutes', false],
    ['1½ hours', false],
    ['1 1/2 hours', false],
    ['2 hours and 10 minutes', false],
  ])('"%s" is a range: %s', (phrase, range) => {
    expect(isRangePhrase(phrase)).toBe(range);
  });
});

describe('source site', () => {
  test.each([
    ['https://www.example.com/a', 'example.com'],
    ['http://Sub.Example.org:8080/x?y#z', 'sub.example.org'],
    ['https://user:pw@www.site.de', 'site.de'],
    ['https://', null],
    ['ftp://example.com', null],
    ['https://exa mple.com', null],
  ])('%s → %s', (url, site) => {
    expect(siteOf(url)).toBe(site);
  });
});

describe('edit policy', () => {
  function caller(role: Role, id: string, scopes?: Scope[]): Caller {
    const account = { id, role } as Account;
    return scopes ? { account, via: 'token', scopes } : { account, via: 'session' };
  }
  const recipe = (editPolicy: 'default' | 'open' | 'locked') => ({ createdById: 'author', editPolicy });

  test('default follows the household; open and locked do not', () => {
    expect(isLocked('default', false)).toBe(false);
    expect(isLocked('default', true)).toBe(true);
    expect(isLocked('open', true)).toBe(false);
    expect(isLocked('locked', false)).toBe(true);
  });

  test('keepers may do everything; others edit only what is not locked', () => {
    const all = { canEdit: true, canDelete: true, canChangePolicy: true };
    for (const keeper of [caller('user', 'author'), caller('admin', 'a'), caller('superadmin', 'o')]) {
      expect(abilitiesOf(keeper, recipe('locked'), false)).toEqual(all);
    }
    const other = caller('user', 'other');
    expect(abilitiesOf(other, recipe('open'), true)).toEqual({
      canEdit: true,
      canDelete: false,
      canChangePolicy: false,
    });
    expect(abilitiesOf(other, recipe('locked'), false)).toEqual({
      canEdit: false,
      canDelete: false,
      canChangePolicy: false,
    });
    // Nobody is the author of a recipe whose author left.
    expect(
      abilitiesOf(caller('user', 'x'), { createdById: null, editPolicy: 'locked' }, false).canDelete,
    ).toBe(false);
  });

  test("a token's scopes limit what it may do", () => {
    expect(abilitiesOf(caller('user', 'author', ['recipes:read']), recipe('open'), false)).toEqual({
      canEdit: false,
      canDelete: false,
      canChangePolicy: false,
    });
    expect(
      abilitiesOf(caller('user', 'author', ['recipes:write', 'recipes:delete']), recipe('open'), false),
    ).toEqual({
      canEdit: true,
      canDelete: true,
      canChangePolicy: true,
    });
  });
});
