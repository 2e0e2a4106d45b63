import { jsonLdGraph, parseJsonLd, repairJson } from '../../src/drafts/json-ld.js';
import { decodeEntities, plainText, textLines } from '../../src/drafts/html-text.js';

describe('parseJsonLd', () => {
  it('reads plain JSON', () => {
    expect(parseJsonLd('{"@type":"Recipe","name":"Soup"}')).toEqual([{ '@type': 'Recipe', name: 'Soup' }]);
  });

  it('repairs trailing commas', () => {
    expect(parseJsonLd('{"a":[1,2,],"b":{"c":3,},}')).toEqual([{ a: [1, 2], b: { c: 3 } }]);
  });

  it('repairs raw line breaks, tabs and control characters inside strings', () => {
    expect(parseJsonLd('{"text":"Line one\nLine\ttwo\u0001"}')).toEqual([{ text: 'Line one\nLine\ttwo ' }]);
  });

  it("drops invalid escapes (\\')", () => {
    expect(parseJsonLd('{"name":"Mom\\\'s pie"}')).toEqual([{ name: "Mom's pie" }]);
  });

  it('splits several objects written one after another', () => {
    expect(parseJsonLd('{"a":1}{"b":2}\n,{"c":3}')).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it('unwraps HTML comments and CDATA', () => {
    expect(parseJsonLd('<!-- {"a":1} -->')).toEqual([{ a: 1 }]);
    expect(parseJsonLd('//<![CDATA[\n{"a":1}\n//]]>')).toEqual([{ a: 1 }]);
    expect(parseJsonLd('/*<![CDATA[*/{"a":1}/*]]>*/')).toEqual([{ a: 1 }]);
  });

  it('keeps the readable values when one is beyond repair, and nothing from nothing', () => {
    expect(parseJsonLd('{"a":1}{"b":}')).toEqual([{ a: 1 }]);
    expect(parseJsonLd('   ')).toEqual([]);
    expect(repairJson('not json at all')).toEqual([]);
  });

  it('indexes every node by @id, following nesting and @graph, references not replacing nodes', () => {
    const graph = jsonLdGraph([
      '{"@graph":[{"@id":"#org","@type":"Organization","name":"Cook"},{"@type":"Recipe","publisher":{"@id":"#org"}}]}',
    ]);
    expect(graph.byId.get('#org')).toEqual({ '@id': '#org', '@type': 'Organization', name: 'Cook' });
    expect(graph.nodes.map((n) => n['@type'] ?? null)).toEqual([null, 'Organization', 'Recipe', null]);
  });
});

describe('HTML in JSON-LD strings', () => {
  it('decodes named, decimal and hex entities, and a second time when encoded twice', () => {
    expect(decodeEntities('Cr&egrave;me &amp; caf&#233; &#x2013; &frac12; &amp;#39;')).toBe(
      "Crème & café – ½ '",
    );
  });

  it('leaves unknown entities and lone ampersands alone', () => {
    expect(decodeEntities('salt & pepper &madeup;')).toBe('salt & pepper &madeup;');
  });

  it('reads windows-1252 numbers as their characters (&#146; is ’)', () => {
    expect(decodeEntities('Mom&#146;s')).toBe('Mom’s');
  });

  it('strips tags, keeping line ends where blocks and <br> end', () => {
    expect(textLines('<p>Whisk&nbsp;the <b>eggs</b>.</p><p>Fold.<br/>Bake.</p><script>x()</script>')).toEqual(
      ['Whisk the eggs.', 'Fold.', 'Bake.'],
    );
    expect(plainText('<ol><li>One</li><li>Two</li></ol>')).toBe('One Two');
  });

  it('strips comments, scripts and styles; an unclosed comment stays, the tag of an unclosed script goes', () => {
    expect(textLines('A<!-- note -->B<SCRIPT type="x">y()</script >C<style>p{}</style><!-- open')).toEqual([
      'A B C <!-- open',
    ]);
    expect(textLines('<script>a()</script><script>b')).toEqual(['b']);
    expect(textLines('One< / p >Two<br / >Three<p<br>Four')).toEqual(['One', 'Two', 'Three', 'Four']);
  });

  it('strips markup that was escaped once more', () => {
    expect(plainText('&lt;p&gt;Stir &amp;amp; serve&lt;/p&gt;')).toBe('Stir & serve');
  });
});
