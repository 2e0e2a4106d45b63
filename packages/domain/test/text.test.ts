import { checkNewPassword } from '../src/accounts/passwords.js';
import { IssueList } from '../src/shared/errors.js';
import { hasControlCharacters, tidy, utf8ByteLength } from '../src/shared/text.js';

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

describe('tidy', () => {
  it('trims and collapses whitespace', () => {
    expect(tidy('  a \t b\n\nc  ')).toBe('a b c');
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
