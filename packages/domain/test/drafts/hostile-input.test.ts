import { readRecipePage, readRecipeText, type PageContent } from '@larder/domain';
import { minutesOf } from '../../src/drafts/durations.js';
import { textLines } from '../../src/drafts/html-text.js';

/*
 * Input made to cost the reader as much as it can. Each case is large enough that a pass whose
 * time grows with the square of its input (as these did) takes minutes; read in linear time it is
 * a matter of milliseconds. The results are checked too. Nesting is made deep enough to exhaust the
 * stack of any walk that follows it all the way.
 */

/**
 * Jest's timeout (30 s) cannot stop work that blocks the event loop: it fails the test only when
 * the loop turns again. Each case ends by letting it turn, so that a pass that blocked for longer fails.
 */
function loopTurns(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function page(jsonLd: Record<string, unknown>, rest: Partial<PageContent> = {}): PageContent {
  return {
    url: 'https://www.cook.example/soup',
    meta: {},
    jsonLd: [JSON.stringify({ '@context': 'https://schema.org', '@type': 'Recipe', ...jsonLd })],
    microdata: [],
    blocks: [],
    ...rest,
  };
}

describe('reading a time', () => {
  it('reads a run of 200,000 digits, with or without a unit after it, as no time', async () => {
    const digits = '1'.repeat(200_000);
    expect(minutesOf(digits)).toBeNull();
    expect(minutesOf(`${digits} x`)).toBeNull();
    expect(minutesOf(`${digits} minutes`)).toBeNull();
    expect(minutesOf(`PT${digits}X`)).toBeNull();
    expect(minutesOf(`PT1.${digits}X`)).toBeNull();
    await loopTurns();
  });

  it('reads a pasted prep time of 65,000 digits, and a JSON-LD one of 300,000, as no time', async () => {
    const text = `Soup\nPrep time: ${'1'.repeat(65_000)}\nIngredients\n1 egg\nMethod\n1. Boil.`;
    expect(readRecipeText(text)).toMatchObject({
      title: 'Soup',
      prepMinutes: null,
      steps: [{ text: 'Boil.' }],
    });
    const draft = readRecipePage(page({ name: 'Soup', prepTime: '1'.repeat(300_000), cookTime: 'PT20M' }));
    expect(draft).toMatchObject({ prepMinutes: null, cookMinutes: 20 });
    await loopTurns();
  });

  it.each<[string, number]>([
    ['PT0.083333333333333H', 5],
    ['1 Std. 15 Min.', 75],
    ['1,5 hours', 90],
  ])('still reads %s as %i minutes', (text, minutes) => {
    expect(minutesOf(text)).toBe(minutes);
  });
});

describe('reading pasted text', () => {
  it('reads 40,000 lines that are each a bullet alone, or each an ingredient, in one pass', async () => {
    // Each line of a list looked for the next non-blank line in a copy of all the lines after it.
    expect(readRecipeText(`Soup\n${'-\n'.repeat(40_000)}`)).toMatchObject({
      title: 'Soup',
      ingredientGroups: [{ name: null, ingredients: [] }],
      steps: [],
    });
    const eggs = readRecipeText(`Soup\nIngredients\n${'- 1 egg\n'.repeat(40_000)}Method\n1. Boil.`);
    expect(eggs).toMatchObject({ title: 'Soup', steps: [{ text: 'Boil.' }] });
    expect(eggs.ingredientGroups[0]!.ingredients[0]).toMatchObject({ quantity: 1, name: 'egg' });
    await loopTurns();
  });
});

describe('stripping HTML from structured data', () => {
  it.each<[string, string, string]>([
    ['<p', 'Soup <p<p', 'Soup'],
    ['<!--', 'Soup <!--<!--', 'Soup'],
    ['<script>', 'Soup', 'Soup'],
    ['<style', 'Soup <style<style', 'Soup <style<style'],
    ['&lt;p', 'Soup <p<p', 'Soup'],
    ['< / p', 'Soup < / p< / p', 'Soup'],
  ])('reads %s repeated 300,000 times, and closed by one ">"', async (unit, open, closed) => {
    const repeated = `Soup ${unit.repeat(300_000)}`;
    expect(textLines(repeated).map((line) => line.slice(0, open.length))).toEqual([open]);
    expect(textLines(`${repeated}>`).map((line) => line.slice(0, closed.length))).toEqual([closed]);
    await loopTurns();
  });

  it('strips a description of "&lt;p" repeated 300,000 times from microdata and from the meta description', async () => {
    const escaped = '<p'.repeat(300_000);
    const fromMicrodata = readRecipePage(
      page(
        {},
        {
          jsonLd: [],
          microdata: [
            {
              types: ['https://schema.org/Recipe'],
              properties: { name: ['Soup'], recipeIngredient: ['1 egg'], description: [escaped] },
            },
          ],
        },
      ),
    );
    expect(fromMicrodata.description.startsWith('<p<p')).toBe(true);
    const fromMeta = readRecipePage(
      page({ name: 'Soup' }, { meta: { description: '&lt;p'.repeat(300_000) } }),
    );
    expect(fromMeta.description.startsWith('<p<p')).toBe(true);
    await loopTurns();
  });
});

describe('reading keywords', () => {
  it('keeps the first 20 of 300,000 keywords, and says the rest were cut', async () => {
    const keywords = Array.from({ length: 300_000 }, (_, i) => `word${i}`);
    const draft = readRecipePage(page({ name: 'Soup', keywords: keywords.join(', ') }));
    expect(draft.tags).toEqual(keywords.slice(0, 20));
    expect(draft.truncated).toBe(true);
    await loopTurns();
  });

  it('cuts nothing when what follows twenty tags repeats them', () => {
    const keywords = Array.from({ length: 20 }, (_, i) => `Word${i}`);
    const draft = readRecipePage(page({ name: 'Soup', keywords: [...keywords, 'word0', ' WORD19 '] }));
    expect(draft.tags).toEqual(keywords.map((k) => k.toLowerCase()));
    expect(draft.truncated).toBe(false);
  });
});

describe('nesting', () => {
  const photo = 'https://img.cook.example/soup.jpg';
  const nested = (depth: number): string => `${'['.repeat(depth)}"${photo}"${']'.repeat(depth)}`;

  it('reads a recipe whose image, steps and keywords are lists nested 100,000 deep, without them', () => {
    const deep = nested(100_000);
    const jsonLd = `{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 egg"], "image": ${deep},
      "recipeInstructions": ${deep}, "keywords": ${deep}}`;
    const draft = readRecipePage({ ...page({}), jsonLd: [jsonLd] });
    expect(draft).toMatchObject({ title: 'Soup', photoUrl: null, steps: [], tags: [] });
  });

  it('still finds an image a few lists deep', () => {
    expect(
      readRecipePage({ ...page({}), jsonLd: [`{"@type": "Recipe", "image": ${nested(3)}}`] }).photoUrl,
    ).toBe(photo);
  });
});
