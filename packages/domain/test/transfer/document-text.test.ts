import { DocumentRefused } from '../../src/transfer/document-refused.js';
import { jsonOfDocument } from '../../src/transfer/document-text.js';
import { TRANSFER_LIMITS } from '../../src/transfer/transfer-limits.js';
import { encodeUtf8 } from '../../src/transfer/utf8.js';

const PATH = 'recipes/bread/recipe.json';

function refusalOf(bytes: Uint8Array, limits = TRANSFER_LIMITS): string {
  try {
    jsonOfDocument(bytes, PATH, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentRefused);
    const [issue] = (error as DocumentRefused).issues;
    expect(issue?.location).toBe(PATH);
    return issue?.message ?? '';
  }
  throw new Error('the document was accepted');
}

describe('the text of a document', () => {
  test('is parsed as JSON, a byte order mark tolerated', () => {
    expect(jsonOfDocument(encodeUtf8('{"title": "Brot 🍞"}'), PATH)).toEqual({ title: 'Brot 🍞' });
    expect(jsonOfDocument(encodeUtf8('\uFEFF[1]'), PATH)).toEqual([1]);
  });

  test('over the size limit is refused before it is decoded', () => {
    expect(refusalOf(new Uint8Array(101), { ...TRANSFER_LIMITS, maxDocumentBytes: 100 })).toBe(
      'is 101 bytes; a document may be at most 100',
    );
  });

  test('that is not UTF-8 is refused', () => {
    expect(refusalOf(Uint8Array.from([0x7b, 0x22, 0xff, 0x22, 0x7d]))).toBe('is not UTF-8 text');
  });

  test('that is not JSON is refused', () => {
    expect(refusalOf(encodeUtf8('{"title": '))).toMatch(/^is not valid JSON/);
  });

  test('nested deeper than any recipe is refused before parsing', () => {
    expect(refusalOf(encodeUtf8('['.repeat(1_000_000)))).toBe(
      `nests objects and lists more than ${TRANSFER_LIMITS.maxDocumentDepth} deep`,
    );
  });

  test('with more objects and lists than any recipe is refused before parsing', () => {
    const many = `[${Array.from({ length: TRANSFER_LIMITS.maxDocumentContainers }, () => '{}').join(',')}]`;
    expect(refusalOf(encodeUtf8(many))).toBe(
      `holds more than ${TRANSFER_LIMITS.maxDocumentContainers} objects and lists`,
    );
  });

  test('brackets and escaped quotes inside strings are only text', () => {
    const text = JSON.stringify({ title: `${'[{'.repeat(20_000)} \\" \\\\" [[[ "` });
    expect(jsonOfDocument(encodeUtf8(text), PATH)).toEqual(JSON.parse(text));
  });
});
