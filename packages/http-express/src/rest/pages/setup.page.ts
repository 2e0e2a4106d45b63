import { type RawHtml, markup, raw, styleHash } from './html.js';

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#faf7f2;color:#2b2620;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:2rem;max-width:24rem;width:calc(100% - 3rem)}
h1{font-size:1.4rem;margin:0 0 .5rem}p{line-height:1.5}label{display:block;margin:1rem 0 .3rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #cbbfae;border-radius:8px;font-size:1rem}
button{margin-top:1.2rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#b4541e;color:#fff;font-size:1rem;cursor:pointer}
.error{color:#a1261b}`;

/** The strict policy of every page Larder renders itself: no script at all. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${styleHash(STYLE)}`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, body: RawHtml): string {
  return markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="same-origin"><title>${title} · Larder</title>
<style>${raw(STYLE)}</style></head><body><main>${body}</main></body></html>`.__html;
}

export function setupFormPage(
  who: { username: string; displayName: string },
  purpose: 'setup' | 'reset',
  error?: string,
): string {
  const heading = purpose === 'reset' ? 'Choose a new password' : 'Welcome to Larder';
  return page(
    heading,
    markup`<h1>${heading}</h1>
<p>Choose a password for <strong>${who.displayName}</strong> (sign-in name <strong>${who.username}</strong>).</p>
${error ? markup`<p class="error" role="alert">${error}</p>` : ''}
<form method="post">
<label for="password">Password (at least 8 characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" maxlength="128" required>
<button type="submit">Save password and sign in</button>
</form>`,
  );
}

export function setupDonePage(who: { displayName: string }): string {
  return page(
    'Signed in',
    markup`<h1>All set</h1><p>${who.displayName}, your password is saved and you are signed in.</p>`,
  );
}

export function deadLinkPage(): string {
  return page(
    'Link not available',
    markup`<h1>This link is not available</h1><p>It is unknown, was used already, or has expired. Ask an admin of your household for a new one.</p>`,
  );
}

/** A confirmation link opens this: one button, so a mail scanner following the link confirms nothing. */
export function confirmAddressPage(who: { displayName: string }, address: string): string {
  return page(
    'Confirm your address',
    markup`<h1>Confirm your address</h1>
<p>${who.displayName}, confirm that <strong>${address}</strong> is yours, so Larder may send you mail there.</p>
<form method="post"><button type="submit">Confirm my address</button></form>`,
  );
}

export function addressConfirmedPage(address: string): string {
  return page(
    'Address confirmed',
    markup`<h1>Address confirmed</h1><p><strong>${address}</strong> is confirmed. You can close this page.</p>`,
  );
}
