import {
  breaksLine,
  escapeHtml,
  headerValue,
  mailLink,
  withoutLineBreaks,
} from '../../src/mail/mail-text.js';

describe('escapeHtml', () => {
  it('escapes every character that could open markup, start an entity or leave an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('escapes an ampersand once, so an entity typed by someone stays visible as typed', () => {
    expect(escapeHtml('&lt;b&gt;')).toBe('&amp;lt;b&amp;gt;');
  });

  it('leaves other text, umlauts and emoji alone', () => {
    expect(escapeHtml('Käsespätzle 🧀 — 100%')).toBe('Käsespätzle 🧀 — 100%');
  });
});

describe('withoutLineBreaks', () => {
  it('turns CR, LF, NUL, tabs and other control characters into single spaces', () => {
    expect(withoutLineBreaks('Bob\r\n\r\nhttps://evil.example/reset\0 ')).toBe(
      'Bob https://evil.example/reset',
    );
    expect(withoutLineBreaks('a\tb\u0085c\u007fd')).toBe('a b c d');
  });

  it('removes the Unicode line and paragraph separators and bidirectional overrides', () => {
    expect(withoutLineBreaks('Bob\u2028Mallory\u2029Eve')).toBe('Bob Mallory Eve');
    expect(withoutLineBreaks('Bob\u202Egnp.exe\u202C')).toBe('Bob gnp.exe');
  });

  it('keeps letters, spaces between words and emoji joiners', () => {
    expect(withoutLineBreaks('Zoë 👩‍🍳 Müller')).toBe('Zoë 👩‍🍳 Müller');
  });
});

describe('headerValue', () => {
  it('lets an ordinary address through unchanged', () => {
    expect(headerValue('zoe@example.org', 'recipient address')).toBe('zoe@example.org');
  });

  it.each(['zoe@example.org\r\nBcc: all@example.org', 'zoe@example.org\n', 'zoe\0@example.org', 'a\u2028b'])(
    'refuses %j',
    (value) => {
      expect(breaksLine(value)).toBe(true);
      expect(() => headerValue(value, 'recipient address')).toThrow(/line break/);
    },
  );
});

describe('mailLink', () => {
  it('accepts http and https addresses', () => {
    expect(mailLink('https://recipes.example.org/setup/abc_123')).toBe(
      'https://recipes.example.org/setup/abc_123',
    );
    expect(mailLink('http://127.0.0.1:8060/')).toBe('http://127.0.0.1:8060/');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    '/setup/abc',
    'https://example.org/a b',
    'https://example.org/"onmouseover="x',
    'https://example.org/\r\nx',
    'https://example.org/\u2028x',
  ])('refuses %j', (url) => {
    expect(() => mailLink(url)).toThrow(/http\(s\)/);
  });
});
