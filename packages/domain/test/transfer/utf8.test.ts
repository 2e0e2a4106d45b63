import { decodeUtf8, encodeUtf8 } from '../../src/transfer/utf8.js';

describe('UTF-8', () => {
  test.each([
    '',
    'plain',
    'Crème brûlée',
    'Straße €',
    '葱油饼',
    '🍞🥖 and 𝄞',
    '\u0000\u007f\u0080\u07ff\u0800\uffff',
  ])('%j encodes as Node does and decodes back', (text) => {
    const bytes = encodeUtf8(text);
    expect(Buffer.from(bytes).equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(decodeUtf8(bytes)).toBe(text);
  });

  test('a lone surrogate is written as U+FFFD', () => {
    expect([...encodeUtf8('a\ud800b')]).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62]);
  });

  test('long text decodes whole', () => {
    const text = 'Brot 🍞 '.repeat(50_000);
    expect(decodeUtf8(encodeUtf8(text))).toBe(text);
  });

  test.each([
    ['a stray continuation byte', [0x80]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['an overlong four-byte form', [0xf0, 0x80, 0x80, 0xaf]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lead byte that never leads', [0xf5, 0x80, 0x80, 0x80]],
    ['a sequence cut short', [0x61, 0xe2, 0x82]],
    ['a lead without its continuation', [0xc3, 0x41]],
  ])('%s is refused', (_, bytes) => {
    expect(decodeUtf8(Uint8Array.from(bytes))).toBeNull();
  });
});
