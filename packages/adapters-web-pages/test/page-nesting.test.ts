import { parseDocument } from 'htmlparser2';
import { depthOf, nestingOfHtml } from '../src/page-nesting.js';

describe('how deep a page nests, read before the parse', () => {
  test.each([
    ['<div><div><span>x</span></div></div>', 3],
    ['<div><br><img src="a"><hr><input></div>', 1, 'void elements hold nothing'],
    ['<ul><li>one<li>two<li>three</ul>', 1, 'end tags that may be left out do not pile up'],
    ['<p>one<p>two<p>three', 0, 'paragraphs end each other'],
    ['<div><svg><path/><path /></svg></div>', 2, 'self-closed tags'],
    ['<script>if (a<b) document.write("<div><div><div>")</script><div></div>', 1, 'script is text'],
    ['<style>div > div > div {}</style><!-- <div><div><div> --><div></div>', 1, 'styles and comments'],
    ['</div></div><div></div>', 1, 'stray end tags never go below the top'],
    ['<DIV><Div>x</div></DIV>', 2, 'any case'],
  ])('%s nests %i deep %s', (html, depth) => {
    expect(nestingOfHtml(html)).toBe(depth);
  });

  it('stops counting once past the limit', () => {
    expect(nestingOfHtml('<b>'.repeat(100_000), 10)).toBe(11);
  });

  it('measures a parsed page without recursion, however deep', () => {
    const deep = parseDocument(`${'<i>'.repeat(20_000)}x`);
    expect(depthOf(deep)).toBe(20_001);
  });
});
