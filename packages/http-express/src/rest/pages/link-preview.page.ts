import type { PreviewCard } from '@larder/domain';
import { type RawHtml, markup } from './html.js';
import { publicDocument } from './public-recipe.page.js';

export interface PreviewPageInput {
  /** Absolute URL of this page. */
  url: string;
  /** The recipe's card when the token holds; null shows only the generic card. */
  card: PreviewCard | null;
  /** Absolute URL of the cover thumb for the card, when it has one. */
  imageUrl: string | null;
}

const GENERIC_DESCRIPTION = 'A recipe kept in a household recipe collection.';

/**
 * What a chat app's crawler reads when a recipe address is pasted: Open Graph and
 * Twitter tags. Without a valid preview token only the generic Larder card appears,
 * never anything of the recipe.
 */
export function linkPreviewPage(input: PreviewPageInput): string {
  const { card } = input;
  const { title, head } = linkPreviewHead(input);
  const body = markup`<div class="gone"><h1>${title}</h1>${card && card.description ? markup`<p>${card.description}</p>` : ''}
<p>Sign in to Larder to open this recipe.</p><p><a href="/">Open Larder</a></p></div>`;
  return publicDocument(card ? `${card.title} · Larder` : 'Larder', body, head);
}

/**
 * The page's title and its preview tags, for the script-free page above and for the web app's
 * page at the same address (members who follow the link land in the app).
 */
export function linkPreviewHead(input: PreviewPageInput): {
  title: string;
  documentTitle: RawHtml;
  head: RawHtml;
} {
  const { card, url, imageUrl } = input;
  const title = card ? card.title : 'Larder';
  const description = card ? card.description || 'A recipe on Larder.' : GENERIC_DESCRIPTION;
  const head = markup`
<meta property="og:site_name" content="Larder">
<meta property="og:type" content="${card ? 'article' : 'website'}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${url}">
${imageUrl ? markup`<meta property="og:image" content="${imageUrl}">` : ''}
<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
${imageUrl ? markup`<meta name="twitter:image" content="${imageUrl}">` : ''}
<meta name="description" content="${description}">`;
  return { title, documentTitle: markup`${card ? `${card.title} · Larder` : 'Larder'}`, head };
}
