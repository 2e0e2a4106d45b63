import { checkNewPassword } from '../src/accounts/passwords.js';
import { IssueList } from '../src/shared/errors.js';
import {
  characterCount,
  codePointBoundary,
  hasControlCharacters,
  hasDisguisingCharacters,
  headOf,
  isWellFormedText,
  tidy,
  utf8ByteLength,
  wellFormed,
} from '../src/shared/text.js';

describe('utf8ByteLength', () => {
  it('counts one to four bytes per code point', () => {
    expect(utf8ByteLength('')).toBe(0);
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('🍅')).toBe(4);
    expect(utf8ByteLength('é'.repeat(40))).toBe(80);
  });

  it('agrees with the UTF-8 encoder, lone surrogates included', () => {
    const samples = [
      'Käsespätzle',
      '北京烤鸭',
      'a🍅b🥕c',
      '\u007f\u0080\u07ff\u0800\uffff',
      '\u{10000}\u{10ffff}',
      '\ud800',
      'x\udc00y',
    ];
    const encoder = new TextEncoder();
    for (const sample of samples) expect(utf8ByteLength(sample)).toBe(encoder.encode(sample).length);
  });
});

describe('checkNewPassword', () => {
  const check = (password: string) => {
    const issues = new IssueList();
    checkNewPassword(password, 'password', issues);
    return issues.issues;
  };

  it('wants at least 8 characters, counted as characters, not bytes', () => {
    expect(check('1234567')).toEqual([expect.objectContaining({ location: 'password' })]);
    expect(check('12345678')).toEqual([]);
    expect(check('🍅'.repeat(7))).toHaveLength(1); // 28 bytes, but 7 characters
    expect(check('🍅'.repeat(8))).toEqual([]);
  });

  it('refuses more than 72 bytes of UTF-8 instead of letting bcrypt cut it', () => {
    expect(check('a'.repeat(72))).toEqual([]);
    expect(check('a'.repeat(73))).toHaveLength(1);
    expect(check('é'.repeat(36))).toEqual([]);
    expect(check('é'.repeat(40))[0]?.message).toMatch(/72 bytes/);
    expect(check('🍅'.repeat(19))).toHaveLength(1); // 19 characters, 76 bytes
  });
});

describe('characterCount', () => {
  it('counts code points: an emoji or a CJK extension character is one; a half character is one', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('soup')).toBe(4);
    expect(characterCount('🍅🥕')).toBe(2);
    expect(characterCount('𠀀'.repeat(150))).toBe(150);
    expect(characterCount('a\ud800b')).toBe(3);
    expect(characterCount('\udc00\ud83c\udf45')).toBe(2);
    for (const sample of ['Käse', 'a🍅b', '👩\u200d🍳'])
      expect(characterCount(sample)).toBe([...sample].length);
  });
});

describe('tidy', () => {
  it('trims and collapses whitespace', () => {
    expect(tidy('  a \t b\n\nc  ')).toBe('a b c');
  });

  it('drops zero-width spaces, byte-order marks and direction overrides, keeping joiners and marks', () => {
    expect(tidy('\u202eexe.jpg\u202c')).toBe('exe.jpg');
    expect(tidy('Pan\u200bcakes\ufeff \u2066x\u2069')).toBe('Pancakes x');
    expect(tidy('👩\u200d🍳 שקשוקה\u200f')).toBe('👩\u200d🍳 שקשוקה\u200f');
    expect(tidy('می\u200cخواهم')).toBe('می\u200cخواهم');
  });
});

describe('hasDisguisingCharacters', () => {
  it('finds what tidy drops, and nothing in ordinary names', () => {
    for (const text of ['\u202eabc', 'a\u200bb', '\ufeffa', 'a\u2060b', '\u2067x', 'x\u202a']) {
      expect(hasDisguisingCharacters(text)).toBe(true);
    }
    for (const text of ['Kitchen Cat', 'Zoë', '👩\u200d🍳', 'שרה\u200f', '']) {
      expect(hasDisguisingCharacters(text)).toBe(false);
    }
  });
});

describe('hasControlCharacters', () => {
  it('finds C0, DEL and C1 controls, NUL included', () => {
    for (const text of ['a\u0000b', 'tab\there', 'line\n', 'esc\u001b', 'del\u007f', 'c1\u0085']) {
      expect(hasControlCharacters(text)).toBe(true);
    }
  });

  it('passes ordinary names in any script', () => {
    for (const text of ['Kitchen Cat', 'Zoë', '北京', 'a🍅b', 'cook@example.org', '']) {
      expect(hasControlCharacters(text)).toBe(false);
    }
  });
});

describe('half characters (lone surrogates)', () => {
  it('are told from whole ones', () => {
    for (const whole of ['', 'soup', '🍅', 'a🍅b', 'Käse']) expect(isWellFormedText(whole)).toBe(true);
    for (const half of ['\ud800', '\udc00', 'a\ud83d', '\udf45b', '🍅\ud83c', '\udc00\ud800']) {
      expect(isWellFormedText(half)).toBe(false);
    }
  });

  it('are shown as U+FFFD by wellFormed, whole characters left as they are', () => {
    expect(wellFormed('a\ud800b🍅\udc00')).toBe('a\ufffdb🍅\ufffd');
    expect(wellFormed('🍅')).toBe('🍅');
  });

  it('are never made by a cut: headOf steps back from the middle of a pair', () => {
    const text = 'ab🍅cd';
    expect(codePointBoundary(text, 3)).toBe(2);
    expect(headOf(text, 3)).toBe('ab');
    expect(headOf(text, 4)).toBe('ab🍅');
    expect(headOf(text, 99)).toBe(text);
    for (let at = 0; at <= text.length; at++) expect(isWellFormedText(headOf(text, at))).toBe(true);
  });
});
