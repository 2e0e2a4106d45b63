import type { PageBlock } from '@larder/domain';
import { readHtmlPage } from '@larder/adapters-web-pages';

/** Blocks without the boxes they stand in (page-blocks.test.ts tests those). */
const unplaced = (blocks: readonly PageBlock[]) => blocks.map(({ within: _within, ...block }) => block);

const URL = 'https://cook.example/recipes/leek-soup?ref=home';

describe('readHtmlPage', () => {
  it('reads the head: lang, title, canonical link (absolute), meta by name and property, first one winning', () => {
    const page = readHtmlPage(
      `<!doctype html><html lang="de-DE"><head>
        <title> Lauch&shy;suppe &amp; Brot </title>
        <link rel="alternate stylesheet" href="/x.css"><link rel="canonical" href="/recipes/leek-soup">
        <meta property="og:title" content="Leek  soup">
        <meta property="og:title" content="Second">
        <meta name="Description" content="A warm &amp; green soup.">
        <meta property="og:image" content="/img/soup.jpg">
        <meta name="keywords" content="">
      </head><body><svg><title>icon</title></svg></body></html>`,
      URL,
    );
    expect(page.url).toBe(URL);
    expect(page.lang).toBe('de-de');
    expect(page.title).toBe('Lauch\u00adsuppe & Brot');
    expect(page.canonicalUrl).toBe('https://cook.example/recipes/leek-soup');
    expect(page.meta).toEqual({
      'og:title': 'Leek soup',
      description: 'A warm & green soup.',
      'og:image': 'https://cook.example/img/soup.jpg',
    });
  });

  it('takes the language from og:locale when <html> does not say, and none when neither does', () => {
    expect(readHtmlPage('<meta property="og:locale" content="nl_NL">', URL).lang).toBe('nl-nl');
    expect(readHtmlPage('<p>x</p>', URL).lang).toBeUndefined();
  });

  it('makes addresses absolute against <base href>', () => {
    const page = readHtmlPage('<base href="https://cdn.example/a/"><link rel=canonical href="b">', URL);
    expect(page.canonicalUrl).toBe('https://cdn.example/a/b');
  });

  it('keeps the raw text of every JSON-LD script in order, whatever its type parameters, entities untouched', () => {
    const page = readHtmlPage(
      `<script type="application/ld+json">{"@type":"Recipe","name":"A &amp; B"}</script>
       <script type="text/javascript">var x = 1;</script>
       <body><script type="Application/LD+JSON; charset=utf-8">[{"@type":"Person"}]</script></body>`,
      URL,
    );
    expect(page.jsonLd).toEqual(['{"@type":"Recipe","name":"A &amp; B"}', '[{"@type":"Person"}]']);
  });

  it('reads microdata items with nested items, the values each element carries, and no item twice', () => {
    const page = readHtmlPage(
      `<div itemscope itemtype="https://schema.org/Recipe">
         <h1 itemprop="name">Leek   soup</h1>
         <meta itemprop="totalTime" content="PT30M">
         <img itemprop="image" src="/soup.jpg">
         <span itemprop="recipeYield" content="4">Serves four</span>
         <time itemprop="cookTime" datetime="PT20M">20 minutes</time>
         <ul><li itemprop="recipeIngredient">2 leeks</li><li itemprop="recipeIngredient">1 l stock</li></ul>
         <div itemprop="author" itemscope itemtype="https://schema.org/Person">
           <a itemprop="url" href="/me"><span itemprop="name">Ann</span></a>
         </div>
         <div itemprop="recipeInstructions">Wash the leeks.<br>Cook them.</div>
         <div itemscope itemtype="https://schema.org/Comment"><p itemprop="text">Yum</p></div>
       </div>`,
      URL,
    );
    expect(page.microdata).toEqual([
      {
        types: ['https://schema.org/Recipe'],
        properties: {
          name: ['Leek soup'],
          totalTime: ['PT30M'],
          image: ['https://cook.example/soup.jpg'],
          recipeYield: ['4'],
          cookTime: ['PT20M'],
          recipeIngredient: ['2 leeks', '1 l stock'],
          author: [
            {
              types: ['https://schema.org/Person'],
              properties: { url: ['https://cook.example/me'], name: ['Ann'] },
            },
          ],
          recipeInstructions: ['Wash the leeks.', 'Cook them.'],
        },
      },
      { types: ['https://schema.org/Comment'], properties: { text: ['Yum'] } },
    ]);
  });

  it('gives each item of a list inside recipeInstructions or recipeIngredient as a value of its own', () => {
    const page = readHtmlPage(
      `<div itemscope itemtype="https://schema.org/Recipe">
         <div itemprop="recipeInstructions"><h2>Method</h2><ol><li>Mix.</li><li><p>Bake.</p></li></ol></div>
         <div itemprop="recipeIngredient"><p>2 eggs</p><p>1 cup milk</p></div>
         <div itemprop="description"><p>One.</p><p>Two.</p></div>
       </div>`,
      URL,
    );
    expect(page.microdata[0]!.properties).toEqual({
      recipeInstructions: ['Mix.', 'Bake.'],
      recipeIngredient: ['2 eggs', '1 cup milk'],
      description: ['One. Two.'],
    });
  });

  it('gives the lines of a listed property given once for the whole list (apart at <br> and blocks), not of one given per line', () => {
    const page = readHtmlPage(
      `<div itemscope itemtype="https://schema.org/Recipe">
         <div itemprop="recipeIngredient"><div>1 cup flour</div><div>2 <b>eggs</b></div>pinch of salt</div>
         <div itemprop="recipeInstructions">Mix them.<br>Bake for an hour.</div>
       </div>
       <div itemscope itemtype="https://schema.org/Recipe">
         <div itemprop="recipeIngredient"><dt>40 gr</dt><dd>spek</dd></div>
         <div itemprop="recipeIngredient"><dt>1</dt><dd>ui</dd></div>
         <div itemprop="recipeInstructions">Bak de spek.</div>
       </div>`,
      URL,
    );
    expect(page.microdata.map((item) => item.properties)).toEqual([
      {
        recipeIngredient: ['1 cup flour', '2 eggs', 'pinch of salt'],
        recipeInstructions: ['Mix them.', 'Bake for an hour.'],
      },
      { recipeIngredient: ['40 gr spek', '1 ui'], recipeInstructions: ['Bak de spek.'] },
    ]);
  });

  it('turns the main content into headings, lists and paragraphs, leaving out the furniture', () => {
    const page = readHtmlPage(
      `<body>
        <header><nav><a href="/">Home</a></nav><h1>Site name</h1></header>
        <aside><h2>Popular</h2><ul><li>Other recipe</li></ul></aside>
        <article>
          <header><h1>Leek soup</h1></header>
          <p>A soup for cold days.<br>Serves 4.</p>
          <h2>Ingredients</h2>
          <ul><li>2 <b>leeks</b></li><li>1 l stock<ul><li>or water</li></ul></li></ul>
          <h2>Method</h2>
          <ol><li><p>Wash the leeks.</p></li><li>Cook them.</li></ol>
          <table><tr><td>200 g</td><td>cream</td></tr></table>
          <div>Loose text <em>here</em><div>inner</div></div>
          <script>var x = "<p>no</p>";</script><style>p{}</style>
          <form><p>Sign up</p></form>
          <div class="share-buttons"><p>Share this</p></div>
          <div id="comments"><h3>Comments</h3><p>Great!</p></div>
          <p hidden>hidden</p>
          <footer><p>By Ann</p></footer>
        </article>
        <footer><p>© Site</p></footer>
      </body>`,
      URL,
    );
    expect(unplaced(page.blocks)).toEqual([
      { kind: 'heading', level: 1, text: 'Leek soup' },
      {
        kind: 'paragraph',
        text: 'A soup for cold days. Serves 4.',
        lines: ['A soup for cold days.', 'Serves 4.'],
      },
      { kind: 'heading', level: 2, text: 'Ingredients' },
      { kind: 'list', ordered: false, items: ['2 leeks', '1 l stock', 'or water'] },
      { kind: 'heading', level: 2, text: 'Method' },
      { kind: 'list', ordered: true, items: ['Wash the leeks.', 'Cook them.'] },
      { kind: 'list', ordered: false, items: ['200 g cream'] },
      { kind: 'paragraph', text: 'Loose text here', lines: ['Loose text here'] },
      { kind: 'paragraph', text: 'inner', lines: ['inner'] },
      { kind: 'paragraph', text: 'By Ann', lines: ['By Ann'] },
    ]);
  });

  it('uses the whole body when there are several articles (teasers), still without the furniture', () => {
    const page = readHtmlPage(
      `<body><nav><p>Menu</p></nav><article><h2>One</h2></article><article><h2>Two</h2></article>
       <footer><p>foot</p></footer></body>`,
      URL,
    );
    expect(unplaced(page.blocks)).toEqual([
      { kind: 'heading', level: 2, text: 'One' },
      { kind: 'heading', level: 2, text: 'Two' },
    ]);
  });

  it('passes over a <main> that holds little of the page (themes leave empty ones)', () => {
    const page = readHtmlPage(
      '<body><main></main><div><h2>Method</h2><p>Stir well and long.</p></div></body>',
      URL,
    );
    expect(page.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph']);
  });

  it('prefers the one <main>', () => {
    const page = readHtmlPage('<body><p>outside</p><div role="main"><p>inside</p></div></body>', URL);
    expect(unplaced(page.blocks)).toEqual([{ kind: 'paragraph', text: 'inside', lines: ['inside'] }]);
  });
});
