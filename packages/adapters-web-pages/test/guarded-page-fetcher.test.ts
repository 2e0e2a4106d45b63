import { PageRefused, PageUnreadable } from '@larder/domain';
import { GuardedPageFetcher } from '@larder/adapters-web-pages';
import { isIP, type LookupFunction } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { page, redirect, startPageServer, type PageServer, type Route } from '../test-support/page-server.js';

const HTML =
  '<!doctype html><html lang="en"><head><title>Soup</title></head><body><h1>Soup</h1></body></html>';

/** A resolver the test controls: each name answers the addresses given, every other name is unknown. */
function resolving(names: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = names[hostname];
    if (!addresses) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return process.nextTick(() => callback(error, '', 0));
    }
    const answers = addresses.map((address) => ({ address, family: isIP(address) }));
    process.nextTick(() => {
      if (options.all) callback(null, answers as never, 0);
      else callback(null, answers[0]!.address, answers[0]!.family);
    });
  };
}

async function refusal(promise: Promise<unknown>): Promise<PageRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PageRefused)) throw new Error(`expected PageRefused, got ${String(error)}`);
  return error;
}

async function unreadable(promise: Promise<unknown>): Promise<PageUnreadable> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PageUnreadable)) throw new Error(`expected PageUnreadable, got ${String(error)}`);
  return error;
}

describe('GuardedPageFetcher', () => {
  let site: PageServer;
  /** A second server that must never be reached unless a test says so. */
  let inside: PageServer;
  let fetcher: GuardedPageFetcher;

  beforeEach(async () => {
    site = await startPageServer();
    inside = await startPageServer();
    site.route('/soup', page(HTML));
    inside.route('/secret', page('<title>secret</title>'));
    fetcher = new GuardedPageFetcher({ allowHosts: [site.hostPort] });
  });
  afterEach(async () => {
    await site.close();
    await inside.close();
  });

  it('reads at most two pages at once; the others wait their turn, and every one is answered', async () => {
    const held: Array<() => void> = [];
    site.route('/slow', (req, res) => {
      held.push(() => page(HTML)(req, res));
    });
    let settled = 0;
    const reads = Array.from({ length: 5 }, () =>
      fetcher.fetchPage(`http://${site.hostPort}/slow`).finally(() => settled++),
    );
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await until(() => held.length === 2);
    // The site holds two answers; nobody else is asked until one of them is read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held).toHaveLength(2);
    held.shift()!();
    await until(() => settled === 1 && held.length === 2);
    while (settled < 5) {
      held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await Promise.all(reads)).map((read) => read.title)).toEqual(Array(5).fill('Soup'));
  });

  it('reads a page of an allowed host, sending a browser-like User-Agent and Accept-Language', async () => {
    const content = await fetcher.fetchPage(`${site.origin}/soup`);
    expect(content.title).toBe('Soup');
    expect(content.url).toBe(`${site.origin}/soup`);
    expect(site.lastHeaders?.['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome/);
    expect(site.lastHeaders?.['accept-language']).toMatch(/^en/);
    expect(site.lastHeaders?.['accept']).toMatch(/text\/html/);
  });

  it('refuses every other host on this machine without contacting it', async () => {
    const error = await refusal(fetcher.fetchPage(`${inside.origin}/secret`));
    expect(error.reason).toBe('it points to a loopback address');
    expect(error.code).toBe('drafts.address_refused');
    expect(inside.hits).toEqual([]);
  });

  it('allows a host named without a port on its scheme’s own port only', async () => {
    const portless = new GuardedPageFetcher({ allowHosts: ['127.0.0.1'] });
    await refusal(portless.fetchPage(`${site.origin}/soup`));
    expect(site.hits).toEqual([]);
  });

  it.each([
    ['shortened IPv4', 'http://127.1:PORT/secret'],
    ['IPv4 as one decimal number', 'http://2130706433:PORT/secret'],
    ['IPv4 in hexadecimal', 'http://0x7f000001:PORT/secret'],
    ['IPv4 in octal', 'http://0177.0.0.1:PORT/secret'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:PORT/secret'],
    ['IPv4-mapped IPv6 in hex', 'http://[::ffff:7f00:1]:PORT/secret'],
    ['IPv4-compatible IPv6', 'http://[::127.0.0.1]:PORT/secret'],
    ['the unspecified address', 'http://0.0.0.0:PORT/secret'],
    ['the unspecified address, short', 'http://0:PORT/secret'],
    ['IPv6 loopback', 'http://[::1]:PORT/secret'],
    ['IPv6 unspecified', 'http://[::]:PORT/secret'],
    ['localhost', 'http://localhost:PORT/secret'],
    ['a name under localhost', 'http://recipes.localhost:PORT/secret'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['AWS IPv6 metadata', 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['a private network', 'http://192.168.1.1/'],
    ['another private network', 'http://10.0.0.1/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['multicast', 'http://224.0.0.1/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['IPv6 unique local', 'http://[fc00::1]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv6 multicast', 'http://[ff02::1]/'],
    ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/'],
    ['6to4 of loopback', 'http://[2002:7f00:1::1]/'],
    ['Teredo', 'http://[2001::1]/'],
  ])('refuses %s before contacting anything', async (_name, template) => {
    const url = template.replace('PORT', String(inside.port));
    const error = await refusal(fetcher.fetchPage(url));
    expect(error.reason).toMatch(/^it (points to an? .+ address|names this machine)$/);
    expect(inside.hits).toEqual([]);
  });

  it.each([
    ['ftp://example.com/recipe'],
    ['file:///etc/passwd'],
    ['javascript:alert(1)'],
    ['data:text/html,<title>x</title>'],
  ])('refuses the scheme of %s', async (url) => {
    expect((await refusal(fetcher.fetchPage(url))).reason).toBe('only http and https addresses are read');
  });

  it('refuses what is not an address at all', async () => {
    expect((await refusal(fetcher.fetchPage('soup with leeks'))).reason).toBe('it is not a web address');
  });

  describe('names, checked on the addresses they resolve to when connecting', () => {
    it('refuses a name that resolves to this machine, and never connects', async () => {
      const guarded = new GuardedPageFetcher({ lookup: resolving({ 'recipes.example': ['127.0.0.1'] }) });
      const error = await refusal(guarded.fetchPage(`http://recipes.example:${inside.port}/secret`));
      expect(error.reason).toBe('recipes.example resolves to a loopback address');
      expect(inside.hits).toEqual([]);
    });

    it('refuses a name when any one of its addresses is not public', async () => {
      const lookup = resolving({ 'mixed.example': ['93.184.215.14', '10.1.2.3'] });
      const guarded = new GuardedPageFetcher({ lookup });
      const error = await refusal(guarded.fetchPage('http://mixed.example/'));
      expect(error.reason).toBe('mixed.example resolves to a private address');
    });

    it('opens a name resolving to this machine when that name is allowed (and the resolver is the one used)', async () => {
      const guarded = new GuardedPageFetcher({
        lookup: resolving({ 'recipes.example': ['127.0.0.1'] }),
        allowHosts: [`recipes.example:${site.port}`],
      });
      expect((await guarded.fetchPage(`http://recipes.example:${site.port}/soup`)).title).toBe('Soup');
    });

    it('says when no site has the name', async () => {
      const guarded = new GuardedPageFetcher({ lookup: resolving({}) });
      expect((await unreadable(guarded.fetchPage('http://nowhere.example/'))).reason).toBe(
        'no site has that name',
      );
    });
  });

  describe('redirects', () => {
    it('refuses an allowed page redirecting to another host on this machine', async () => {
      site.route('/hop', redirect(`${inside.origin}/secret`));
      const error = await refusal(fetcher.fetchPage(`${site.origin}/hop`));
      expect(error.reason).toBe('it points to a loopback address');
      expect(inside.hits).toEqual([]);
    });

    it('refuses a redirect to an encoded spelling of loopback', async () => {
      site.route('/hop', redirect(`http://0x7f000001:${inside.port}/secret`));
      await refusal(fetcher.fetchPage(`${site.origin}/hop`));
      expect(inside.hits).toEqual([]);
    });

    it('checks the addresses of a name met on a later hop when connecting to it', async () => {
      const guarded = new GuardedPageFetcher({
        allowHosts: [site.hostPort],
        lookup: resolving({ 'intranet.example': ['127.0.0.1'] }),
      });
      site.route('/hop', redirect(`http://intranet.example:${inside.port}/secret`));
      const error = await refusal(guarded.fetchPage(`${site.origin}/hop`));
      expect(error.reason).toBe('intranet.example resolves to a loopback address');
      expect(inside.hits).toEqual([]);
    });

    it('refuses a redirect to another scheme', async () => {
      site.route('/hop', redirect('file:///etc/passwd'));
      expect((await refusal(fetcher.fetchPage(`${site.origin}/hop`))).reason).toBe(
        'only http and https addresses are read',
      );
    });

    it('follows five redirects and reports the page where they ended', async () => {
      for (let i = 1; i <= 5; i++) site.route(`/r${i}`, redirect(i === 5 ? '/soup' : `/r${i + 1}`));
      const content = await fetcher.fetchPage(`${site.origin}/r1`);
      expect(content.url).toBe(`${site.origin}/soup`);
    });

    it('gives up on the sixth', async () => {
      for (let i = 1; i <= 6; i++) site.route(`/r${i}`, redirect(i === 6 ? '/soup' : `/r${i + 1}`));
      const error = await unreadable(fetcher.fetchPage(`${site.origin}/r1`));
      expect(error.reason).toBe('it redirects more than 5 times');
      expect(site.hits).not.toContain('/soup');
    });
  });

  describe('what is read', () => {
    it('stops a page that drips beyond the time limit (the whole fetch, not each read)', async () => {
      site.route('/drip', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body>');
        const drip = setInterval(() => res.write('<p>.</p>'), 20);
        res.on('close', () => clearInterval(drip));
      });
      const quick = new GuardedPageFetcher({ allowHosts: [site.hostPort], timeoutMs: 300 });
      expect((await unreadable(quick.fetchPage(`${site.origin}/drip`))).reason).toBe(
        'it did not arrive within 0.3 s',
      );
    });

    it('stops a gzip bomb as soon as it unpacks past the cap', async () => {
      const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
      expect(bomb.length).toBeLessThan(100 * 1024);
      site.route('/bomb', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
      });
      expect((await unreadable(fetcher.fetchPage(`${site.origin}/bomb`))).reason).toBe(
        'the page is larger than 5 MB',
      );
    });

    it('stops a brotli bomb the same way', async () => {
      const bomb = brotliCompressSync(Buffer.alloc(64 * 1024 * 1024, 0x20), {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      });
      site.route('/bomb', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(bomb);
      });
      await unreadable(fetcher.fetchPage(`${site.origin}/bomb`));
    });

    it('refuses a 6 MiB page, whether or not its length is announced', async () => {
      const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
      site.route('/announced', page(big));
      site.route('/chunked', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        for (let i = 0; i < 6; i++) res.write(big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
        res.end();
      });
      await unreadable(fetcher.fetchPage(`${site.origin}/announced`));
      expect((await unreadable(fetcher.fetchPage(`${site.origin}/chunked`))).reason).toBe(
        'the page is larger than 5 MB',
      );
    });

    it.each([
      ['div', 200_000],
      ['b', 300_000],
      ['div', 1001],
      ['div></span', 160_000],
    ])('refuses a page nested %s × %i deep before parsing it, at once', async (tag, depth) => {
      const deep = `<html><body>${`<${tag}>`.repeat(depth)}<h1>Soup</h1><ul><li>1 leek</li></ul>${`</${tag}>`.repeat(depth)}</body></html>`;
      site.route('/deep', page(deep));
      expect((await unreadable(fetcher.fetchPage(`${site.origin}/deep`))).reason).toBe(
        'it is nested deeper or holds more elements than any web page',
      );
    });

    it('refuses a page whose parsed elements nest too deep (lists in lists), and reads one as deep as real pages go', async () => {
      const lists = `<html><body>${'<ul><li>'.repeat(600)}Soup${'</li></ul>'.repeat(600)}</body></html>`;
      site.route('/lists', page(lists));
      await unreadable(fetcher.fetchPage(`${site.origin}/lists`));
      const fine = `<html><head><title>Soup</title></head><body>${'<div>'.repeat(300)}<h1>Soup</h1>${'</div>'.repeat(300)}</body></html>`;
      site.route('/fine', page(fine));
      expect((await fetcher.fetchPage(`${site.origin}/fine`)).title).toBe('Soup');
    });

    it("says in a member's words that a site's answer was broken or broke off, never the parser's codes", async () => {
      // Bytes written as they are, past Node's own HTTP writer.
      const raw =
        (answer: string): Route =>
        (_req, res) =>
          res.socket!.end(answer);
      site.route('/not-http', raw('THIS IS NOT HTTP\r\n\r\n'));
      site.route('/huge-header', raw(`HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(100_000)}\r\n\r\n`));
      site.route(
        '/bad-chunk',
        raw('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ntransfer-encoding: chunked\r\n\r\nZZ\r\n'),
      );
      site.route('/not-gzip', (_req, res) => {
        res
          .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
          .end('not gzip at all');
      });
      site.route(
        '/half',
        raw('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 1000\r\n\r\n<html>'),
      );
      for (const path of ['/not-http', '/huge-header', '/bad-chunk', '/not-gzip']) {
        const error = await unreadable(fetcher.fetchPage(`${site.origin}${path}`));
        expect([path, error.reason]).toEqual([path, "the site's answer was broken"]);
      }
      const half = await unreadable(fetcher.fetchPage(`${site.origin}/half`));
      expect(half.reason).toBe('the connection broke off');
    });

    it('reads a page just under the cap', async () => {
      const capped = new GuardedPageFetcher({ allowHosts: [site.hostPort], maxPageBytes: 1000 });
      site.route('/small', page(`<title>Small</title>${' '.repeat(1000 - 20)}`));
      expect((await capped.fetchPage(`${site.origin}/small`)).title).toBe('Small');
      site.route('/over', page(`<title>Small</title>${' '.repeat(1000 - 19)}`));
      await unreadable(capped.fetchPage(`${site.origin}/over`));
    });

    it.each([['application/json'], ['image/png'], ['text/plain'], ['']])(
      'refuses an answer of type "%s"',
      async (type) => {
        site.route('/thing', (_req, res) => {
          res.writeHead(200, type === '' ? {} : { 'content-type': type }).end('{"title":"Soup"}');
        });
        expect((await unreadable(fetcher.fetchPage(`${site.origin}/thing`))).reason).toMatch(
          /^it is not a web page \(.+\)$/,
        );
      },
    );

    it('reads XHTML', async () => {
      site.route('/x', page(HTML, 'application/xhtml+xml'));
      expect((await fetcher.fetchPage(`${site.origin}/x`)).title).toBe('Soup');
    });

    it.each([
      [404, 'the site answered 404 Not Found'],
      [500, 'the site answered 500 Internal Server Error'],
    ])('reports a %i answer', async (status, reason) => {
      site.route('/broken', (_req, res) => {
        res.writeHead(status, { 'content-type': 'text/html' }).end('<h1>oops</h1>');
      });
      expect((await unreadable(fetcher.fetchPage(`${site.origin}/broken`))).reason).toBe(reason);
    });
  });

  describe('character sets', () => {
    const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

    it('honours a windows-1252 Content-Type', async () => {
      site.route(
        '/p',
        page(
          Buffer.concat([
            latin1('<title>Cr'),
            Buffer.from([0xe8, 0x6d, 0x65, 0x20, 0x80]),
            latin1('</title>'),
          ]),
          'text/html; charset=windows-1252',
        ),
      );
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('Crème €');
    });

    it('honours ISO-8859-1 named by the header', async () => {
      site.route('/p', page(latin1('<title>Gr\u00fcner Spargel</title>'), 'text/html; charset="ISO-8859-1"'));
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('Grüner Spargel');
    });

    it('honours <meta charset> when the header names none', async () => {
      site.route(
        '/p',
        page(latin1('<meta charset="iso-8859-1"><title>K\u00e4sesp\u00e4tzle</title>'), 'text/html'),
      );
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('Käsespätzle');
    });

    it('honours <meta http-equiv="Content-Type">', async () => {
      const html =
        '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Pur\u00e9e</title>';
      site.route('/p', page(latin1(html), 'text/html'));
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('Purée');
    });

    it('lets a byte order mark win over the header', async () => {
      const bytes = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('<title>Crème brûlée</title>'),
      ]);
      site.route('/p', page(bytes, 'text/html; charset=windows-1252'));
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('Crème brûlée');
    });

    it('reads UTF-16 with its byte order mark', async () => {
      const bytes = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('<title>Gâteau</title>', 'utf16le'),
      ]);
      site.route('/p', page(bytes, 'text/html'));
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('Gâteau');
    });

    it('reads a page as UTF-8 when its <meta> says Latin-1 but its bytes are UTF-8 (no "Â½")', async () => {
      site.route('/p', page(Buffer.from('<meta charset="iso-8859-1"><title>½ cup</title>'), 'text/html'));
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('½ cup');
    });

    it('believes a Latin-1 Content-Type header, as browsers do', async () => {
      site.route('/p', page(Buffer.from('<title>½</title>'), 'text/html; charset=iso-8859-1'));
      expect((await fetcher.fetchPage(`${site.origin}/p`)).title).toBe('Â½');
    });

    it('reads an unlabelled page as UTF-8, or as windows-1252 when it is not valid UTF-8', async () => {
      site.route('/utf8', page(Buffer.from('<title>Crème</title>'), 'text/html'));
      site.route('/legacy', page(latin1('<title>Cr\u00e8me</title>'), 'text/html'));
      expect((await fetcher.fetchPage(`${site.origin}/utf8`)).title).toBe('Crème');
      expect((await fetcher.fetchPage(`${site.origin}/legacy`)).title).toBe('Crème');
    });
  });

  describe('images', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

    it('answers the bytes of an image', async () => {
      site.route('/photo.png', page(png, 'image/png'));
      expect(Buffer.from(await fetcher.fetchImage(`${site.origin}/photo.png`, 1000))).toEqual(png);
    });

    it('caps the bytes read', async () => {
      site.route('/photo.png', page(png, 'image/png'));
      expect((await unreadable(fetcher.fetchImage(`${site.origin}/photo.png`, 8))).reason).toMatch(
        /^the image is larger than/,
      );
    });

    it('reads photos in the same two turns as pages: a page waits while two photos are read', async () => {
      const held: Array<() => void> = [];
      site.route('/slow.png', (req, res) => {
        held.push(() => page(png, 'image/png')(req, res));
      });
      const photos = [1, 2].map(() => fetcher.fetchImage(`${site.origin}/slow.png`, 1000));
      while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const reading = fetcher.fetchPage(`${site.origin}/soup`);
      // The page is not asked for while both turns are taken, however long that lasts.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(site.hits.filter((hit) => hit.includes('/soup'))).toEqual([]);
      held.shift()!();
      expect((await reading).title).toBe('Soup');
      held.shift()!();
      expect((await Promise.all(photos)).map((bytes) => Buffer.from(bytes))).toEqual([png, png]);
    });

    it('refuses an image on this machine, and one a redirect sends there', async () => {
      inside.route('/photo.png', page(png, 'image/png'));
      site.route('/photo.png', redirect(`${inside.origin}/photo.png`));
      await refusal(fetcher.fetchImage(`${inside.origin}/photo.png`, 1000));
      await refusal(fetcher.fetchImage(`${site.origin}/photo.png`, 1000));
      expect(inside.hits).toEqual([]);
    });
  });
});
