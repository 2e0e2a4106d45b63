import type { PageBlock } from '@larder/domain';
import { readHtmlPage } from '@larder/adapters-web-pages';

const URL = 'https://cook.example/recipes/leek-soup';

/** Blocks without the boxes they stand in (tested on their own below). */
const unplaced = (blocks: readonly PageBlock[] = []) => blocks.map(({ within: _within, ...block }) => block);
const blocksOf = (html: string) => unplaced(readHtmlPage(html, URL).blocks);

describe('readHtmlPage: the blocks of pages without a list for their lists', () => {
  it('reads elements of one tag and class repeated side by side as the items of a list', () => {
    expect(
      blocksOf(`<main>
        <h2>Zutaten</h2>
        <div class="row"><div>1 EL</div><div class="name">Öl</div></div>
        <div class="row"><div>2</div><div class="name">Zwiebeln</div><div>(klein)</div></div>
        <p>Guten Appetit.</p>
      </main>`),
    ).toEqual([
      { kind: 'heading', level: 2, text: 'Zutaten' },
      { kind: 'list', ordered: false, items: ['1 EL Öl', '2 Zwiebeln (klein)'] },
      { kind: 'paragraph', text: 'Guten Appetit.', lines: ['Guten Appetit.'] },
    ]);
  });

  it('leaves repeated elements that hold headings or lists, long unclassed ones, and a single one as they are', () => {
    expect(
      blocksOf(`<main>
        <div class="card"><h3>One</h3><p>a</p></div><div class="card"><h3>Two</h3><p>b</p></div>
        <div><p>${'Long text. '.repeat(20)}</p></div><div><p>${'More text. '.repeat(20)}</p></div>
        <div class="row"><p>only one</p></div>
      </main>`).map((b) => b.kind),
    ).toEqual(['heading', 'paragraph', 'heading', 'paragraph', 'paragraph', 'paragraph', 'paragraph']);
  });

  it('reads a definition list named as ingredients as a list, each term with its description; other ones as paragraphs', () => {
    expect(
      blocksOf(`<main>
        <dl class="ingredients"><h3>Brittle</h3><dt><b>brown sugar</b> <u>45 g</u></dt><dt>sesame</dt><dd>35 g</dd></dl>
        <dl class="stats"><div><dt>Author</dt><dd>Ann</dd></div><div><dt>Serves</dt><dd>2</dd></div></dl>
      </main>`),
    ).toEqual([
      { kind: 'heading', level: 3, text: 'Brittle', part: 'ingredients' },
      { kind: 'list', ordered: false, items: ['brown sugar 45 g', 'sesame 35 g'], part: 'ingredients' },
      { kind: 'paragraph', text: 'Author', lines: ['Author'] },
      { kind: 'paragraph', text: 'Ann', lines: ['Ann'] },
      { kind: 'paragraph', text: 'Serves', lines: ['Serves'] },
      { kind: 'paragraph', text: '2', lines: ['2'] },
    ]);
  });

  it('lets a heading that sloppy markup puts inside a list stand between its parts', () => {
    expect(blocksOf('<main><ul><li>2 eggs</li><h4>Sauce</h4><li>1 lemon</li></ul></main>')).toEqual([
      { kind: 'list', ordered: false, items: ['2 eggs'] },
      { kind: 'heading', level: 4, text: 'Sauce' },
      { kind: 'list', ordered: false, items: ['1 lemon'] },
    ]);
  });

  it("reads an item that heads a group (a heading inside it, or a class naming it so) as a bold line before the group's items", () => {
    const heading = (text: string) => ({ kind: 'paragraph', text, lines: [text], emphasized: true });
    expect(
      blocksOf(`<main><ul>
        <li><h3>Brownies</h3><ul><li>1 cup flour</li><li>4 eggs</li></ul></li>
        <li class="ingredients__section"><h3>Icing</h3><ul><li>2 tbsp butter</li></ul></li>
      </ul></main>`),
    ).toEqual([
      heading('Brownies'),
      { kind: 'list', ordered: false, items: ['1 cup flour', '4 eggs'] },
      heading('Icing'),
      { kind: 'list', ordered: false, items: ['2 tbsp butter'] },
    ]);
    expect(
      blocksOf(`<main><ul>
        <li><span class="ingredient">2 cups bread flour</span></li>
        <li><span class="ingredient ingHeading"><span class="amount"> </span><span class="name">Herb Topping</span></span></li>
        <li><span class="ingredient">4 sprigs rosemary</span></li>
      </ul></main>`),
    ).toEqual([
      { kind: 'list', ordered: false, items: ['2 cups bread flour'] },
      heading('Herb Topping'),
      { kind: 'list', ordered: false, items: ['4 sprigs rosemary'] },
    ]);
  });

  it('keeps an item with a heading and more text in it, or a number in its heading, as an item', () => {
    expect(
      blocksOf(`<main><ol>
        <li><h4>Step 1</h4><ul><li>Stir.</li></ul></li>
        <li><h4>Bake</h4><p>Bake it for an hour.</p></li>
        <li class="group-name">2 eggs</li>
      </ol></main>`),
    ).toEqual([
      { kind: 'list', ordered: true, items: ['Step 1', 'Stir.', 'Bake Bake it for an hour.', '2 eggs'] },
    ]);
  });

  it('sets a space between the fields an item sets side by side where their letters would run together, not elsewhere', () => {
    expect(
      blocksOf(`<main><ul>
        <li><div><span>2</span><span>yemek kaşığı</span><span class="fw-normal">sıvı yağ</span></div></li>
        <li><span>1</span><span>kilogram</span><span>tavuk</span><span>(doğranmış)</span></li>
        <li><b>1</b><span>½</span> cups <i>Tom</i><b>’s</b> <a>Parmesan</a><span>cheese</span></li>
        <li><span>奶油</span><span>奶酪</span> 250克</li>
      </ul></main>`),
    ).toEqual([
      {
        kind: 'list',
        ordered: false,
        items: [
          '2 yemek kaşığı sıvı yağ',
          '1 kilogram tavuk (doğranmış)',
          '1½ cups Tom’s Parmesan cheese',
          '奶油奶酪 250克',
        ],
      },
    ]);
  });

  it('leaves out a table row of header cells only', () => {
    expect(
      blocksOf(
        '<main><table><tr><th>Amount</th><th>Ingredient</th></tr><tr><td>200 g</td><td>flour</td></tr></table></main>',
      ),
    ).toEqual([{ kind: 'list', ordered: false, items: ['200 g flour'] }]);
  });

  it('reads a table that lays out the page (lines parted by <br>, headings or lists in a cell) as content, not as one row', () => {
    expect(
      blocksOf(`<main><table><tr><td width="20%">Menu</td><td>
        <b>Ingredients:</b><br>1 cup flour<br>2 eggs<br><br><b>Directions:</b><br>1. Mix.<br>2. Bake.
      </td></tr></table></main>`),
    ).toEqual([
      { kind: 'paragraph', text: 'Menu', lines: ['Menu'] },
      { kind: 'paragraph', text: 'Ingredients:', lines: ['Ingredients:'], emphasized: true },
      { kind: 'paragraph', text: '1 cup flour 2 eggs', lines: ['1 cup flour', '2 eggs'] },
      { kind: 'paragraph', text: 'Directions:', lines: ['Directions:'], emphasized: true },
      { kind: 'paragraph', text: '1. Mix. 2. Bake.', lines: ['1. Mix.', '2. Bake.'] },
    ]);
    const inCell = blocksOf(
      '<main><table><tr><td><h2>Ingredients</h2><ul><li>1 cup flour</li><li>2 eggs</li></ul></td></tr></table></main>',
    );
    expect(inCell).toEqual([
      { kind: 'heading', level: 2, text: 'Ingredients' },
      { kind: 'list', ordered: false, items: ['1 cup flour', '2 eggs'] },
    ]);
    // A table of data stays a row per item, a <br> in a cell or not.
    expect(
      blocksOf(
        '<main><table><tr><td>200 g</td><td>flour<br>(sifted)</td></tr><tr><td>2</td><td>eggs</td></tr></table></main>',
      ),
    ).toEqual([{ kind: 'list', ordered: false, items: ['200 g flour (sifted)', '2 eggs'] }]);
  });
});

describe('readHtmlPage: what the markup says about blocks', () => {
  it('names the part a block stands in by the class or id words around it, the nearest first', () => {
    expect(
      blocksOf(`<main>
        <div class="wprm-recipe-ingredients-container"><ul><li>2 eggs</li></ul></div>
        <section id="recipe-directions"><ol><li>Beat them.</li></ol>
          <div class="ingredient-note"><p>Free-range eggs.</p></div></section>
        <div class="zutaten"><p>Salz</p></div>
        <div class="recipe-steps"><p>Fry.</p></div>
      </main>`),
    ).toEqual([
      { kind: 'list', ordered: false, items: ['2 eggs'], part: 'ingredients' },
      { kind: 'list', ordered: true, items: ['Beat them.'], part: 'instructions' },
      { kind: 'paragraph', text: 'Free-range eggs.', lines: ['Free-range eggs.'], part: 'ingredients' },
      { kind: 'paragraph', text: 'Salz', lines: ['Salz'], part: 'ingredients' },
      { kind: 'paragraph', text: 'Fry.', lines: ['Fry.'], part: 'instructions' },
    ]);
  });

  it('splits a paragraph at a line all in bold, which stands as a paragraph of its own', () => {
    expect(
      blocksOf(
        '<main><p><strong>Meatballs</strong><br>400 g lamb<br><b>Sauce:</b><br>1 onion<br><b>2</b> eggs</p></main>',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Meatballs', lines: ['Meatballs'], emphasized: true },
      { kind: 'paragraph', text: '400 g lamb', lines: ['400 g lamb'] },
      { kind: 'paragraph', text: 'Sauce:', lines: ['Sauce:'], emphasized: true },
      { kind: 'paragraph', text: '1 onion 2 eggs', lines: ['1 onion', '2 eggs'] },
    ]);
  });

  it('parts a paragraph where an empty line stands (two <br> in a row), as a blank line parts text', () => {
    expect(
      blocksOf(
        '<main><p>1. Mix.<br>2. Bake.<br><br><i>Submitted by Bob</i><br> <br><br><a href="/gb">Sign my guestbook!</a></p></main>',
      ),
    ).toEqual([
      { kind: 'paragraph', text: '1. Mix. 2. Bake.', lines: ['1. Mix.', '2. Bake.'] },
      { kind: 'paragraph', text: 'Submitted by Bob', lines: ['Submitted by Bob'] },
      { kind: 'paragraph', text: 'Sign my guestbook!', lines: ['Sign my guestbook!'] },
    ]);
  });

  it('takes flags in class words ("has-comments", "tweak-share-buttons") for no furniture', () => {
    expect(
      blocksOf(`<body class="tweak-share-buttons"><main>
        <article class="post has-comments no-sidebar"><h1>Leek soup</h1><p>Warm.</p></article>
        <div class="post-comments"><p>Great!</p></div>
      </main></body>`),
    ).toEqual([
      { kind: 'heading', level: 1, text: 'Leek soup' },
      { kind: 'paragraph', text: 'Warm.', lines: ['Warm.'] },
    ]);
  });

  it('takes taxonomy classes ("category-cookies") for no furniture, nor a "sidebar" layout that holds most of the content', () => {
    expect(
      blocksOf(`<main><article class="post category-cookies tag-social">
        <div class="pattern-post-sidebar"><h1>Shortbread</h1><p>${'Butter, sugar, flour. '.repeat(5)}</p>
          <div class="sidebar"><p>Popular</p></div></div>
      </article></main>`).map((b) => (b.kind === 'list' ? b.items : b.text)),
    ).toEqual(['Shortbread', 'Butter, sugar, flour. '.repeat(5).trim()]);
  });

  it('leaves out of a step the block that repeats its ingredients, not an ingredient named inline', () => {
    expect(
      blocksOf(`<main><ul class="recipe-instructions">
        <li>Add <span class="inline-ingredient">2 cups flour</span> and stir.
          <div class="instruction-ingredients"><span>2 cups flour</span></div></li>
        <li>Bake.</li></ul></main>`),
    ).toEqual([
      { kind: 'list', ordered: false, items: ['Add 2 cups flour and stir.', 'Bake.'], part: 'instructions' },
    ]);
  });

  it('reads the value a number field shows (a servings field) as its text, not other fields', () => {
    expect(
      blocksOf(`<main>
        <h2>Zutaten</h2>
        <div class="servings"><input type="number" value="12" name="portionen"> Portionen</div>
        <ul><li><input type="checkbox" value="on"> 125 g Butter</li><li>Mehl <input type="number" value="200"> g</li></ul>
        <p><input type="text" value="Search"> <input type="hidden" value="7">Guten Appetit.</p>
      </main>`),
    ).toEqual([
      { kind: 'heading', level: 2, text: 'Zutaten' },
      { kind: 'paragraph', text: '12 Portionen', lines: ['12 Portionen'] },
      { kind: 'list', ordered: false, items: ['125 g Butter', 'Mehl 200 g'] },
      { kind: 'paragraph', text: 'Guten Appetit.', lines: ['Guten Appetit.'] },
    ]);
  });

  it('leaves out a tab pane that is not shown while a sibling pane is', () => {
    expect(
      blocksOf(`<main><div class="tab-content">
        <div id="us" class="tab-pane fade"><p>8.8 oz flour</p></div>
        <div id="metric" class="tab-pane fade show active"><p>250 g flour</p></div>
      </div><div role="tabpanel"><p>Shown: no sibling is active.</p></div></main>`),
    ).toEqual([
      { kind: 'paragraph', text: '250 g flour', lines: ['250 g flour'] },
      { kind: 'paragraph', text: 'Shown: no sibling is active.', lines: ['Shown: no sibling is active.'] },
    ]);
  });
});

describe('readHtmlPage: the blocks outside the main content', () => {
  it('gives the rest of the body and its sidebars apart, still without navigation, comments and footers', () => {
    const page = readHtmlPage(
      `<body><nav><p>Menu</p></nav>
        <div class="page">
          <article><h1>Toastie</h1><p>Method</p><ol><li>Toast it.</li><li>Eat it.</li></ol>
            <aside><h3>Tip</h3></aside></article>
          <aside id="sidebar"><h2>Ingredients</h2><ul><li>2 slices bread</li></ul></aside>
          <div id="comments"><p>Yum</p></div>
        </div>
        <footer><p>© Site</p></footer></body>`,
      URL,
    );
    expect(page.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list']);
    expect(unplaced(page.outsideBlocks)).toEqual([
      { kind: 'heading', level: 3, text: 'Tip' },
      { kind: 'heading', level: 2, text: 'Ingredients' },
      { kind: 'list', ordered: false, items: ['2 slices bread'] },
    ]);
  });

  it('gives only the sidebars when the main content is the whole body', () => {
    const page = readHtmlPage(
      '<body><h1>Soup</h1><div class="sidebar"><p>2 leeks</p></div><p>Stir.</p></body>',
      URL,
    );
    expect(page.blocks.map((b) => (b.kind === 'list' ? b.items : b.text))).toEqual(['Soup', 'Stir.']);
    expect(unplaced(page.outsideBlocks)).toEqual([
      { kind: 'paragraph', text: '2 leeks', lines: ['2 leeks'] },
    ]);
  });
});

describe('readHtmlPage: the boxes blocks stand in', () => {
  it('numbers the elements each block stands in, so that blocks in one box share their first numbers', () => {
    const [first, second, other] = readHtmlPage(
      '<main><div class="entry"><p>Mix.</p><p>Bake.</p></div><section><p>Buy our book!</p></section></main>',
      URL,
    ).blocks;
    // [the div, the paragraph itself]
    expect(first!.within).toHaveLength(2);
    expect(second!.within![0]).toBe(first!.within![0]);
    expect(second!.within![1]).not.toBe(first!.within![1]);
    expect(other!.within![0]).not.toBe(first!.within![0]);
  });
});
