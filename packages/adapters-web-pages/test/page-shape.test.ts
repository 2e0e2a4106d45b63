import { parseDocument } from 'htmlparser2';
import { depthOf, pastLimits, shapeOfHtml } from '../src/page-shape.js';

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
    ['<div></span><div></span><div>', 3, 'an end tag closes only an element of its name'],
    ['<div><span>x</div>'.repeat(5), 2, 'an end tag closes what was opened inside its element too'],
  ])('%s nests %i deep %s', (html, depth) => {
    expect(shapeOfHtml(html).deepest).toBe(depth);
  });

  it('stops reading once past a limit', () => {
    expect(shapeOfHtml('<b>'.repeat(100_000), { nesting: 10, elements: 1e9, strayWork: 1e9 }).deepest).toBe(
      11,
    );
    expect(shapeOfHtml('<br>'.repeat(100_000), { nesting: 10, elements: 50, strayWork: 1e9 }).elements).toBe(
      51,
    );
  });

  it.each([
    ['<div></span>'.repeat(160_000), 'stray end tags do not hide nesting'],
    ['<p>x'.repeat(1_300_000), 'more elements than any page'],
    [
      `${'<div>'.repeat(900)}${'</span>'.repeat(10_000)}`,
      'end tags the parser must search the open elements for',
    ],
  ])('tells a page shaped like no page (%#: %s)', (html) => {
    expect(pastLimits(shapeOfHtml(html))).toBe(true);
  });

  it('reads past starts of tags that never end in one pass ("<a" 6,000 times, a page of 12 KB, took 40 s)', async () => {
    const starts = '<a'.repeat(6_000);
    expect(shapeOfHtml(`<div>${starts}`)).toEqual({ deepest: 1, elements: 1, strayWork: 0 });
    expect(shapeOfHtml(`<div>${starts}>`)).toEqual({ deepest: 2, elements: 2, strayWork: 0 });
    // Jest's timeout cannot stop work that blocks: it fails the test when the event loop turns again.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('counts elements, and stray end tags as the work they cost', () => {
    expect(shapeOfHtml('<div><p>a<p>b<br></div></i>')).toEqual({ deepest: 1, elements: 4, strayWork: 0 });
    expect(shapeOfHtml('<div><div></i></i>').strayWork).toBe(4);
  });

  it('measures a parsed page without recursion, however deep', () => {
    const deep = parseDocument(`${'<i>'.repeat(20_000)}x`);
    expect(depthOf(deep)).toBe(20_001);
  });
});
