import { type Ingredient, type PublicImage, type PublicRecipe, type Step, findPhrase } from '@larder/domain';
import { type RawHtml, markup, raw, styleHash } from './html.js';

const STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0;background:#faf7f2;color:#2b2620;font:1.0625rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:46rem;margin:0 auto;padding:1rem 1rem 2rem}
.cover{display:block;width:100%;height:auto;max-height:28rem;object-fit:cover;border-radius:12px;margin:0 0 1rem;background:#eee6da}
h1{font-size:clamp(1.6rem,5vw,2.3rem);line-height:1.2;margin:.25rem 0 .5rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:1.75rem 0 .6rem;border-bottom:2px solid #eadfce;padding-bottom:.25rem}
h3{font-size:1.05rem;margin:1rem 0 .4rem}
.description p{margin:.4rem 0}
.facts{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:1rem 0}
.facts li{background:#fff;border:1px solid #eadfce;border-radius:999px;padding:.25rem .8rem;font-size:.95rem}
.tags{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:.5rem 0}
.tags li{color:#7a4a1e;font-size:.9rem}
.tags li::before{content:"#"}
.ingredients ul{list-style:none;padding:0;margin:0}
.ingredients li{padding:.35rem 0;border-bottom:1px dashed #eadfce}
.qty{font-weight:600;margin-right:.35rem;white-space:nowrap}
.note{color:#6b6157}
.steps ol{padding-left:1.4rem;margin:0}
.steps li{margin:0 0 1rem;padding-left:.25rem}
mark.time{background:#ffe2b8;color:#5a2d00;border-radius:4px;padding:0 .2rem;font-weight:600;-webkit-box-decoration-break:clone;box-decoration-break:clone}
.ingredient{text-decoration:underline dotted #b4541e;text-underline-offset:3px}
.source{margin-top:1.5rem;overflow-wrap:anywhere}
a{color:#9a3f0f}
footer{margin-top:2.5rem;padding-top:1rem;border-top:1px solid #eadfce;color:#6b6157;font-size:.9rem;text-align:center}
.gone{text-align:center;padding-top:4rem}
@media (min-width:48rem){main{padding:2rem 1.5rem 3rem}}
@media print{body{background:#fff;color:#000;font-size:11pt}main{max-width:none;padding:0}
.cover{width:auto;max-width:100%;max-height:8cm;border-radius:0}
.facts li{background:none;border-color:#999}.tags li{color:#000}
.ingredients li,.steps li{break-inside:avoid}.ingredients li{border-bottom-color:#ccc}h2{break-after:avoid;border-bottom-color:#999}
mark.time{background:none;color:inherit}.ingredient{text-decoration:none}.note,footer{color:#333}
a{color:inherit}.source a::after{content:" (" attr(href) ")"}}`;

/**
 * The policy of every public page: nothing but images from this origin and the one
 * inline style named by its hash. No script of any kind can run.
 */
export const PUBLIC_PAGE_CSP = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src ${styleHash(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function document(title: string, body: RawHtml, head: RawHtml = raw('')): string {
  return markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">${head}
<title>${title}</title><style>${raw(STYLE)}</style></head>
<body><main>${body}</main></body></html>`.__html;
}

const FRACTIONS: Array<[number, string]> = [
  [0.125, '⅛'],
  [0.25, '¼'],
  [1 / 3, '⅓'],
  [0.5, '½'],
  [2 / 3, '⅔'],
  [0.75, '¾'],
];

/** 1.5 → "1½", 0.333 → "⅓", 2.4 → "2.4". */
export function formatQuantity(quantity: number): string {
  const whole = Math.floor(quantity);
  const rest = quantity - whole;
  if (rest < 0.001) return String(whole);
  const fraction = FRACTIONS.find(([value]) => Math.abs(rest - value) < 0.01);
  if (fraction) return `${whole > 0 ? whole : ''}${fraction[1]}`;
  return String(Math.round(quantity * 100) / 100);
}

/** 45 → "45 min", 90 → "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds % 60 !== 0) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return formatMinutes(seconds / 60);
}

interface Span {
  start: number;
  end: number;
  render(text: string): RawHtml;
}

/** A step's text with its marked times highlighted and its ingredient words underlined. */
export function stepText(step: Step): RawHtml {
  const spans: Span[] = [];
  for (const time of step.times) {
    const label = time.maxSeconds
      ? `${formatSeconds(time.seconds)} to ${formatSeconds(time.maxSeconds)}`
      : formatSeconds(time.seconds);
    for (const { start, end } of findPhrase(step.text, time.phrase)) {
      spans.push({ start, end, render: (t) => markup`<mark class="time" title="${label}">${t}</mark>` });
    }
  }
  for (const ref of step.references) {
    for (const { start, end } of findPhrase(step.text, ref.word)) {
      spans.push({
        start,
        end,
        render: (t) => markup`<span class="ingredient" title="${ref.ingredientName}">${t}</span>`,
      });
    }
  }
  // Times first, then ingredients; an overlapping later span is dropped.
  const chosen: Span[] = [];
  for (const span of spans) {
    if (!chosen.some((c) => span.start < c.end && c.start < span.end)) chosen.push(span);
  }
  chosen.sort((a, b) => a.start - b.start);
  const parts: Array<RawHtml | string> = [];
  let at = 0;
  for (const span of chosen) {
    parts.push(step.text.slice(at, span.start), span.render(step.text.slice(span.start, span.end)));
    at = span.end;
  }
  parts.push(step.text.slice(at));
  return markup`${parts}`;
}

function ingredientLine(ingredient: Ingredient): RawHtml {
  const amount = [ingredient.quantity !== null ? formatQuantity(ingredient.quantity) : null, ingredient.unit]
    .filter((p) => p !== null && p !== '')
    .join(' ');
  return markup`<li>${amount ? markup`<span class="qty">${amount}</span>` : ''}${ingredient.name}${
    ingredient.note ? markup`<span class="note">, ${ingredient.note}</span>` : ''
  }</li>`;
}

function paragraphs(text: string): RawHtml {
  const parts = text
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return markup`${parts.map((p) => markup`<p>${p}</p>`)}`;
}

/** Only http(s) addresses become links: never `javascript:` or `data:`. */
export function safeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface RecipePageOptions {
  /** URL of a photo rendition, e.g. `/public-images/<token>/<id>/detail.jpg`. */
  imageUrl(image: PublicImage, file: 'thumb.jpg' | 'detail.jpg' | 'original.jpg'): string;
  extraHead?: RawHtml;
}

/** The recipe as a page: server-rendered, readable on a phone, without any script. */
export function recipePage(recipe: PublicRecipe, options: RecipePageOptions): string {
  const cover = recipe.images.find((image) => image.id === recipe.coverImageId);
  const facts: string[] = [`Serves ${recipe.servings}`];
  if (recipe.prepMinutes !== null) facts.push(`Prep ${formatMinutes(recipe.prepMinutes)}`);
  if (recipe.cookMinutes !== null) facts.push(`Cook ${formatMinutes(recipe.cookMinutes)}`);
  if (recipe.prepMinutes !== null && recipe.cookMinutes !== null) {
    facts.push(`Total ${formatMinutes(recipe.prepMinutes + recipe.cookMinutes)}`);
  }
  const href = safeHref(recipe.sourceUrl);
  const sourceLabel = recipe.sourceName || recipe.sourceUrl;
  const body = markup`<article>
${cover ? markup`<img class="cover" src="${options.imageUrl(cover, 'detail.jpg')}" alt="" width="${Math.min(cover.width, 1600)}" height="${Math.round((Math.min(cover.width, 1600) / cover.width) * cover.height)}">` : ''}
<h1>${recipe.title}</h1>
${recipe.description ? markup`<div class="description">${paragraphs(recipe.description)}</div>` : ''}
<ul class="facts">${facts.map((f) => markup`<li>${f}</li>`)}</ul>
${recipe.tags.length ? markup`<ul class="tags">${recipe.tags.map((t) => markup`<li>${t}</li>`)}</ul>` : ''}
${
  recipe.ingredientGroups.some((g) => g.ingredients.length)
    ? markup`<section class="ingredients"><h2>Ingredients</h2>${recipe.ingredientGroups.map(
        (group) =>
          markup`${group.name ? markup`<h3>${group.name}</h3>` : ''}<ul>${group.ingredients.map(ingredientLine)}</ul>`,
      )}</section>`
    : ''
}
${
  recipe.steps.length
    ? markup`<section class="steps"><h2>Steps</h2><ol>${recipe.steps.map((step) => markup`<li>${stepText(step)}</li>`)}</ol></section>`
    : ''
}
${
  sourceLabel
    ? markup`<p class="source">Source: ${href ? markup`<a href="${href}" rel="nofollow noopener noreferrer">${sourceLabel}</a>` : sourceLabel}</p>`
    : ''
}
</article>
${recipe.attribution ? markup`<footer>Shared with Larder</footer>` : ''}`;
  return document(recipe.title, body, options.extraHead);
}

/** What every dead public link shows: the same page whatever the reason. */
export function notAvailablePage(): string {
  return document(
    'Not available',
    markup`<div class="gone"><h1>This recipe is not available</h1><p>The link is unknown, has expired or was taken back.</p></div>`,
  );
}

export { document as publicDocument };
