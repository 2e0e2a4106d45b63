/**
 * The app's addresses, in the browser's history: the server answers every one of them with the
 * app, so a reload or a shared address opens the same screen.
 */
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { name: 'recipes' }
  | { name: 'recipe'; slug: string }
  | { name: 'cook'; slug: string }
  | { name: 'edit'; slug: string }
  | { name: 'new' }
  | { name: 'import' }
  | { name: 'household' }
  | { name: 'profile' }
  | { name: 'sign-in' }
  | { name: 'setup'; token: string }
  | { name: 'confirm'; token: string }
  | { name: 'not-found' };

export function routeOf(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(safeDecode);
  const [first, second, third] = parts;
  if (parts.length === 0 || (first === 'recipes' && parts.length === 1)) return { name: 'recipes' };
  if (first === 'recipes' && second && parts.length === 2) return { name: 'recipe', slug: second };
  if (first === 'recipes' && second && third === 'cook' && parts.length === 3)
    return { name: 'cook', slug: second };
  if (first === 'recipes' && second && third === 'edit' && parts.length === 3)
    return { name: 'edit', slug: second };
  if (first === 'new' && parts.length === 1) return { name: 'new' };
  if (first === 'import' && parts.length === 1) return { name: 'import' };
  if (first === 'household' && parts.length === 1) return { name: 'household' };
  if (first === 'profile' && parts.length === 1) return { name: 'profile' };
  if (first === 'sign-in' && parts.length === 1) return { name: 'sign-in' };
  if (first === 'setup' && second && parts.length === 2) return { name: 'setup', token: second };
  if (first === 'confirm-email' && second && parts.length === 2) return { name: 'confirm', token: second };
  return { name: 'not-found' };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

const listeners = new Set<() => void>();

/** Asked before the app leaves a screen by a link (unsaved changes); false stays. */
let leaveGuard: (() => boolean) | null = null;
export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

/** Where each address was scrolled to when the app left it by a link, for a way back to return to. */
const scrolledTo = new Map<string, number>();
/** The current address was reached by Back or Forward (not by a link). */
let byHistory = false;
addEventListener('popstate', () => {
  byHistory = true;
});

/**
 * Where to scroll on arriving at this address by Back or Forward: where it was left; null when it
 * was reached by a link (the top, then) or never left by one.
 */
export function scrollToReturnTo(): number | null {
  return byHistory ? (scrolledTo.get(location.href) ?? null) : null;
}

export function navigate(to: string, replace = false): void {
  byHistory = false;
  if (!replace) scrolledTo.set(location.href, window.scrollY);
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const listener of listeners) listener();
  if (replace) return;
  window.scrollTo(0, 0);
  focusScreen();
}

/**
 * Goes on to another screen in this one's place in the history, as a link would otherwise (the top,
 * the focus): Back then goes where this screen was reached from. For a screen that is done with
 * once left, as the editor is once saved (Back to it would open a blank new recipe).
 */
export function navigateInstead(to: string): void {
  byHistory = false;
  history.replaceState(null, '', to);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
  focusScreen();
}

/**
 * The screen now shown takes the focus, as a page load leaves it: the next Tab starts at its top,
 * and a screen reader hears that the screen changed. (After the render just asked for.)
 */
export function focusScreen(): void {
  setTimeout(() => document.getElementById('main')?.focus({ preventScroll: true }), 0);
}

/** The current address, re-read on every navigation (links, back and forward). */
export function useLocation(): URL {
  const [url, setUrl] = useState(() => new URL(location.href));
  useEffect(() => {
    const update = () => setUrl(new URL(location.href));
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return url;
}

/** Follows same-origin links inside the app without a page load. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.dataset['native'] !== undefined)
      return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || routeOf(url.pathname).name === 'not-found') return;
    event.preventDefault();
    if (leaveGuard && !leaveGuard()) return;
    leaveGuard = null;
    navigate(url.pathname + url.search + url.hash);
  });
}

export const recipePath = (slug: string) => `/recipes/${encodeURIComponent(slug)}`;
