/**
 * npm run bench:drafts — how well and how fast recipe drafts are read, on the measurement corpus
 * (never committed: /work/shared/corpus, or LARDER_CORPUS):
 *
 * - recipe-pages/: every page is served from a local http server and read through the real
 *   GuardedPageFetcher (under its site's name, resolved to 127.0.0.1 and allowed as <site>:<port>),
 *   then readRecipePage; the draft is compared
 *   with the expected extraction field by field, and checked against checkRecipeInput.
 * - ingredient-lines/dev.csv: every labelled line is read by readIngredientLine and compared with
 *   its labels.
 *
 * Both corpora are split for good (scripts/bench/draft-scoring.ts): a development part (~70 %)
 * that the reader was improved on, and a held-out part (~30 %, whole sites for pages) that was
 * only measured. Both are reported; BENCH_SHOW=<field> lists the development part's misses.
 * "Right" is defined in scripts/bench/draft-scoring.ts and docs/drafts.md. Results go to
 * docs/performance.md between the bench:drafts markers.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  checkRecipeInput,
  ingredientText,
  readIngredientLine,
  readRecipePage,
  type DraftReading,
} from '@larder/domain';
import { decodePage, GuardedPageFetcher, readHtmlPage } from '@larder/adapters-web-pages';
import {
  expectedServings,
  isHeldOut,
  judgeLine,
  lineWords,
  normalText,
  parseCsv,
  sameWords,
} from './bench/draft-scoring.ts';

const root = new URL('..', import.meta.url).pathname;
const CORPUS = resolve(root, process.env['LARDER_CORPUS'] ?? '../shared/corpus');
const SHOW = process.env['BENCH_SHOW'] ?? '';
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);

interface Expected {
  title: string;
  host: string;
  ingredients: string[];
  instructions_list?: string[];
  yields?: string | null;
  prep_time?: number | null;
  cook_time?: number | null;
  image?: string;
}

interface PageVerdict {
  name: string;
  heldOut: boolean;
  title: boolean;
  lines: number;
  linesRight: number;
  ingredients: boolean;
  steps: boolean;
  servings: boolean;
  prep: boolean;
  cook: boolean;
  photo: boolean;
  valid: boolean;
  reviewed: number;
  ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p + 0.5))]!;
}

function shownLines(draft: DraftReading): string[] {
  return draft.ingredientGroups.flatMap((g) => g.ingredients.map(ingredientText));
}

function isValid(draft: DraftReading): boolean {
  try {
    checkRecipeInput({ ...draft, editPolicy: 'default' });
    return true;
  } catch (error) {
    if (SHOW) console.log('  invalid draft:', (error as Error).message.slice(0, 300));
    return false;
  }
}

function minutesRight(ours: number | null, expected: number | null | undefined): boolean {
  return ours === (expected ?? null);
}

/** Serves every page of the corpus, gzip as stored, as text/html without a charset (the reader must sniff it). */
async function servePages(dir: string, names: string[]) {
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    if (!names.includes(name)) return void res.writeHead(404).end();
    readFile(join(dir, `${name}.html.gz`)).then(
      (body) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

async function benchPages(): Promise<PageVerdict[]> {
  const dir = join(CORPUS, 'recipe-pages');
  const names = (await readdir(dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
  const { server, port } = await servePages(dir, names);
  // Each page is asked for under its own site's name (so that its address, and addresses relative
  // to it, are the site's), resolved to the local server by the fetcher's lookup and allowed by name.
  const hostOf = (name: string): string => name.split('__')[0]!;
  const fetcher = new GuardedPageFetcher({
    allowHosts: [...new Set(names.map((name) => `${hostOf(name)}:${port}`))],
    lookup: (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }] as never, 4);
      else callback(null, '127.0.0.1', 4);
    },
  });
  const verdicts: PageVerdict[] = [];
  try {
    for (const name of names) {
      const expected = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as Expected;
      const heldOut = isHeldOut(expected.host || name.split('__')[0]!);
      const page = await fetcher.fetchPage(`http://${hostOf(name)}:${port}/${encodeURIComponent(name)}`);
      const draft = readRecipePage(page);
      // Time of a draft without the network: decoding, HTML to page content, page content to draft.
      const bytes = gunzipSync(await readFile(join(dir, `${name}.html.gz`)));
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        readRecipePage(readHtmlPage(decodePage(bytes, 'text/html'), page.url));
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const ours = shownLines(draft);
      const theirs = expected.ingredients;
      let linesRight = 0;
      theirs.forEach((line, i) => {
        if (ours[i] !== undefined && sameWords(lineWords(ours[i]!), lineWords(line))) linesRight++;
      });
      const expectedSteps = (expected.instructions_list ?? []).map(normalText).filter((s) => s !== '');
      const ourSteps = draft.steps.map((s) => normalText(s.text));
      const verdict: PageVerdict = {
        name,
        heldOut,
        title: normalText(draft.title) === normalText(expected.title),
        lines: theirs.length,
        linesRight,
        ingredients: linesRight === theirs.length && ours.length === theirs.length,
        steps: expectedSteps.length === ourSteps.length && expectedSteps.every((s, i) => s === ourSteps[i]),
        servings: draft.servings === expectedServings(expected.yields ?? null),
        prep: minutesRight(draft.prepMinutes, expected.prep_time),
        cook: minutesRight(draft.cookMinutes, expected.cook_time),
        photo: (draft.photoUrl ?? '') === (expected.image ?? '').trim(),
        valid: isValid(draft),
        reviewed: draft.review.length,
        ms: times[Math.floor(times.length / 2)]!,
      };
      verdicts.push(verdict);
      if (SHOW && !heldOut) showMisses(SHOW, verdict, draft, expected, ours);
    }
  } finally {
    server.close();
  }
  return verdicts;
}

/** Development pages only: the held-out part is measured, never looked at. */
function showMisses(
  field: string,
  v: PageVerdict,
  draft: DraftReading,
  expected: Expected,
  ours: string[],
): void {
  const miss =
    (field === 'title' && !v.title) ||
    (field === 'ingredients' && !v.ingredients) ||
    (field === 'steps' && !v.steps) ||
    (field === 'servings' && !v.servings) ||
    (field === 'prep' && !v.prep) ||
    (field === 'cook' && !v.cook) ||
    (field === 'photo' && !v.photo);
  if (!miss) return;
  console.log(`\n## ${v.name}`);
  if (field === 'title') console.log(`  ours: ${draft.title}\n  want: ${expected.title}`);
  if (field === 'ingredients') {
    const theirs = expected.ingredients;
    for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
      const same =
        ours[i] !== undefined &&
        theirs[i] !== undefined &&
        sameWords(lineWords(ours[i]!), lineWords(theirs[i]!));
      if (!same)
        console.log(`  ${i}: ours ${JSON.stringify(ours[i])}\n     want ${JSON.stringify(theirs[i])}`);
    }
  }
  if (field === 'steps') {
    const want = expected.instructions_list ?? [];
    console.log(`  ours ${draft.steps.length}, want ${want.length}`);
    for (let i = 0; i < Math.max(draft.steps.length, want.length); i++) {
      const o = normalText(draft.steps[i]?.text);
      const w = normalText(want[i]);
      if (o !== w)
        console.log(
          `  ${i}: ours ${JSON.stringify(o.slice(0, 160))}\n     want ${JSON.stringify(w.slice(0, 160))}`,
        );
    }
  }
  if (field === 'servings') console.log(`  ours ${draft.servings}, want ${JSON.stringify(expected.yields)}`);
  if (field === 'prep') console.log(`  ours ${draft.prepMinutes}, want ${expected.prep_time}`);
  if (field === 'cook') console.log(`  ours ${draft.cookMinutes}, want ${expected.cook_time}`);
  if (field === 'photo') console.log(`  ours ${draft.photoUrl}\n  want ${expected.image}`);
}

interface LineScore {
  lines: number;
  right: number;
  quantity: number;
  unit: number;
  name: number;
  flagged: number;
  unflaggedWrong: number;
  unflaggedWrongAmount: number;
  wordsKept: number;
}

async function benchLines(): Promise<{ dev: LineScore; heldOut: LineScore }> {
  const rows = parseCsv(await readFile(join(CORPUS, 'ingredient-lines/dev.csv'), 'utf8'));
  const empty = (): LineScore => ({
    lines: 0,
    right: 0,
    quantity: 0,
    unit: 0,
    name: 0,
    flagged: 0,
    unflaggedWrong: 0,
    unflaggedWrongAmount: 0,
    wordsKept: 0,
  });
  const score = { dev: empty(), heldOut: empty() };
  for (const row of rows) {
    const input = row['input']!;
    const s = isHeldOut(input) ? score.heldOut : score.dev;
    const { ingredient, sure } = readIngredientLine(input);
    const v = judgeLine(ingredient, {
      input,
      quantity: row['quantity']!,
      unit: row['unit']!,
      name: row['name']!,
    });
    const right = v.quantity && v.unit && v.name;
    s.lines++;
    if (right) s.right++;
    if (v.quantity) s.quantity++;
    if (v.unit) s.unit++;
    if (v.name) s.name++;
    if (!sure) s.flagged++;
    else if (!right) {
      s.unflaggedWrong++;
      if (!(v.quantity && v.unit)) s.unflaggedWrongAmount++;
    }
    if (sameWords(lineWords(ingredientText(ingredient)), lineWords(input))) s.wordsKept++;
  }
  return score;
}

const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);

function pageRows(verdicts: PageVerdict[]): string[] {
  const rows: string[] = [];
  const parts = [
    ['development', verdicts.filter((v) => !v.heldOut)],
    ['held out', verdicts.filter((v) => v.heldOut)],
  ] as const;
  const row = (label: string, f: (v: PageVerdict[]) => string) =>
    `| ${label} | ${parts.map(([, vs]) => f(vs)).join(' | ')} |`;
  const share = (key: keyof PageVerdict) => (vs: PageVerdict[]) =>
    pct(vs.filter((v) => v[key] === true).length, vs.length);
  rows.push(
    `| field | ${parts.map(([name, vs]) => `${name} (${vs.length} pages)`).join(' | ')} |`,
    '|---|---:|---:|',
  );
  rows.push(row('title', share('title')));
  rows.push(
    row('ingredient lines found and parsed right (share of lines)', (vs) =>
      pct(
        vs.reduce((n, v) => n + v.linesRight, 0),
        vs.reduce((n, v) => n + v.lines, 0),
      ),
    ),
  );
  rows.push(row('pages with every ingredient line right', share('ingredients')));
  rows.push(row('steps (every step of the page right)', share('steps')));
  rows.push(row('servings', share('servings')));
  rows.push(row('prep minutes', share('prep')));
  rows.push(row('cook minutes', share('cook')));
  rows.push(row('photo', share('photo')));
  rows.push(
    row('**whole page right** (title, ingredient lines, steps)', (vs) =>
      pct(vs.filter((v) => v.title && v.ingredients && v.steps).length, vs.length),
    ),
  );
  rows.push(row('drafts passing checkRecipeInput', share('valid')));
  rows.push(
    row('lines flagged for review', (vs) =>
      pct(
        vs.reduce((n, v) => n + v.reviewed, 0),
        vs.reduce((n, v) => n + v.lines, 0),
      ),
    ),
  );
  return rows;
}

function lineRows(score: { dev: LineScore; heldOut: LineScore }): string[] {
  const parts = [score.dev, score.heldOut];
  const row = (label: string, f: (s: LineScore) => string) => `| ${label} | ${parts.map(f).join(' | ')} |`;
  return [
    `| labelled lines | development (${score.dev.lines} lines) | held out (${score.heldOut.lines} lines) |`,
    '|---|---:|---:|',
    row('**fully right** (quantity, unit and name)', (s) => pct(s.right, s.lines)),
    row('quantity right', (s) => pct(s.quantity, s.lines)),
    row('unit right', (s) => pct(s.unit, s.lines)),
    row('name right', (s) => pct(s.name, s.lines)),
    row('flagged for review', (s) => pct(s.flagged, s.lines)),
    row('**unflagged lines wrong** (any of the three)', (s) => pct(s.unflaggedWrong, s.lines - s.flagged)),
    row('unflagged lines with a wrong amount (quantity or unit)', (s) =>
      pct(s.unflaggedWrongAmount, s.lines - s.flagged),
    ),
    row('every word kept (shown line has the input’s words)', (s) => pct(s.wordsKept, s.lines)),
  ];
}

function share(verdicts: PageVerdict[], right: (v: PageVerdict) => boolean): number {
  return verdicts.length === 0 ? NaN : verdicts.filter(right).length / verdicts.length;
}

/** The issue's goals, each measured on both parts. */
function goalRows(
  pages: PageVerdict[],
  lines: { dev: LineScore; heldOut: LineScore },
  p95: number,
): string[] {
  const parts = [pages.filter((v) => !v.heldOut), pages.filter((v) => v.heldOut)];
  const lineShare = (vs: PageVerdict[]) =>
    vs.reduce((n, v) => n + v.linesRight, 0) / vs.reduce((n, v) => n + v.lines, 0);
  const goals: Array<[string, number, (vs: PageVerdict[], l: LineScore) => number, 'min' | 'max']> = [
    ['title right', 0.97, (vs) => share(vs, (v) => v.title), 'min'],
    ['ingredient lines parsed right', 0.92, (vs) => lineShare(vs), 'min'],
    ['steps right', 0.9, (vs) => share(vs, (v) => v.steps), 'min'],
    ['whole pages right', 0.8, (vs) => share(vs, (v) => v.title && v.ingredients && v.steps), 'min'],
    ['labelled lines fully right', 0.92, (_vs, l) => l.right / l.lines, 'min'],
    ['unflagged labelled lines wrong', 0.02, (_vs, l) => l.unflaggedWrong / (l.lines - l.flagged), 'max'],
  ];
  const f = (x: number) => `${(100 * x).toFixed(1)} %`;
  const rows = ['| goal | development | held out | met (development / held out) |', '|---|---:|---:|---|'];
  for (const [label, target, measure, kind] of goals) {
    const values = [measure(parts[0]!, lines.dev), measure(parts[1]!, lines.heldOut)];
    const met = values.map((v) => ((kind === 'min' ? v >= target : v <= target) ? 'yes' : 'no'));
    rows.push(
      `| ${label} ${kind === 'min' ? '≥' : '≤'} ${f(target)} | ${f(values[0]!)} | ${f(values[1]!)} | ${met.join(' / ')} |`,
    );
  }
  rows.push(
    `| p95 time per draft ≤ 50 ms | ${p95.toFixed(1)} ms (all pages) | | ${p95 <= 50 ? 'yes' : 'no'} |`,
  );
  return rows;
}

async function record(pages: PageVerdict[], lines: { dev: LineScore; heldOut: LineScore }): Promise<void> {
  const times = pages.map((v) => v.ms).sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  const section = [
    '<!-- bench:drafts:start -->',
    '## Drafts (`npm run bench:drafts`)',
    '',
    `Run ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${Math.round(totalmem() / 2 ** 30)} GiB), Node ${process.version}, over the measurement corpus (${pages.length} recipe pages, ${lines.dev.lines + lines.heldOut.lines} labelled ingredient lines; not in the repository). Pages are served from a local server and read through GuardedPageFetcher, then readRecipePage. The development part is what the reader was improved on; the held-out part (whole sites, and lines) was only measured. What "right" means: docs/drafts.md.`,
    '',
    ...goalRows(pages, lines, p95),
    '',
    ...pageRows(pages),
    '',
    ...lineRows(lines),
    '',
    `Time per draft without the network (decoding, HTML to page content, page content to draft; median of ${RUNS} runs per page): median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, slowest ${times[times.length - 1]!.toFixed(1)} ms.`,
    '<!-- bench:drafts:end -->',
  ].join('\n');
  console.log(`\n${section}`);
  if (process.env['BENCH_RECORD'] === '0') return;
  const file = join(root, 'docs/performance.md');
  let doc = await readFile(file, 'utf8');
  const pattern = /<!-- bench:drafts:start -->[\s\S]*<!-- bench:drafts:end -->/;
  doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
  await writeFile(file, doc);
  console.log(`recorded in ${file}`);
}

const pages = await benchPages();
const lines = await benchLines();
await record(pages, lines);
