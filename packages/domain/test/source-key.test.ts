import { sourceKey } from '../src/recipes/source-key.js';

describe('sourceKey: which addresses name the same page', () => {
  it('sets aside scheme, case of the host, www., fragment, trailing slash and default ports', () => {
    const key = 'example.com/recipes/soup';
    expect(sourceKey('https://www.Example.com/recipes/soup/')).toBe(key);
    expect(sourceKey('http://example.com:80/recipes/soup#method')).toBe(key);
    expect(sourceKey('https://example.com:443/recipes/soup')).toBe(key);
  });

  it('drops tracking parameters and orders the rest', () => {
    expect(sourceKey('https://example.com/r?utm_source=x&b=2&fbclid=y&a=1')).toBe('example.com/r?a=1&b=2');
  });

  it('keeps what tells pages apart: path case, other ports, real parameters', () => {
    expect(sourceKey('https://example.com/Soup')).not.toBe(sourceKey('https://example.com/soup'));
    expect(sourceKey('https://example.com:8080/soup')).toBe('example.com:8080/soup');
    expect(sourceKey('https://example.com/r?id=1')).not.toBe(sourceKey('https://example.com/r?id=2'));
  });

  it('is null for anything that is not an http(s) address', () => {
    expect(sourceKey(null)).toBeNull();
    expect(sourceKey('')).toBeNull();
    expect(sourceKey('ftp://example.com/soup')).toBeNull();
    expect(sourceKey('grandma’s notebook')).toBeNull();
  });
});
