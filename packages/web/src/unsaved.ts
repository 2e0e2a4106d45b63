/**
 * What a member typed and has not saved yet — a recipe in the editor, a comment, the profile — kept
 * in this browser's `localStorage` until it is saved: a slip, a reload, a closed tab or a session
 * that ended (the 401 brings the sign-in screen, which unmounts the screen) loses nothing. Kept per
 * account, and gone when the member signs out: the next member on a shared kitchen tablet never
 * sees it (nor saves it under their own name).
 *
 * Kept per tab as well: one member editing a recipe in two tabs keeps both tabs' changes, and a
 * save in one tab clears only what that tab kept (and what it took over from a closed tab, while
 * that is still what it took over) — never the other tab's work.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

/** How long after the last change the value is written. */
const PAUSE_MS = 300;

const PREFIX = 'larder.unsaved.';
/** Where a place's changes were kept before they were kept per tab: still read, as another tab's. */
const placeKey = (account: string, place: string) => `${PREFIX}${account}.${place}`;
/** This tab's slot for a place. */
const keyOf = (account: string, place: string) => `${placeKey(account, place)}#${thisTab()}`;

/** This tab's name: kept in `sessionStorage`, so a reload of the tab finds its own changes again. */
let tab: string | null = null;
function thisTab(): string {
  if (tab !== null) return tab;
  tab = Math.random().toString(36).slice(2, 10);
  try {
    const known = sessionStorage.getItem('larder.tab');
    if (known) tab = known;
    else sessionStorage.setItem('larder.tab', tab);
  } catch {
    // This tab's name lasts as long as the page.
  }
  return tab;
}

/** What a slot holds: the value and when it was written (the newest of closed tabs' is offered). */
interface Slot {
  at: number;
  value: unknown;
}

/** Another tab's slot whose changes this tab showed: cleared with this tab's, if still unchanged. */
const takenOver = new Map<string, { key: string; raw: string }>();

/** Where a page's draft waits for the editor (`sessionStorage`: this tab only), per account too. */
export const importedDraftKey = (account: string) => `larder.import.${account}`;

/**
 * Accounts signed out in this tab: nothing more is kept for them until they sign in again, so a
 * screen that writes what was pending as it goes, after the sign-out cleared it, writes nothing.
 */
const signedOut = new Set<string>();

/** Signed in (again): what this account types is kept again. */
export function keepUnsavedFor(account: string): void {
  signedOut.delete(account);
}

/**
 * Signing out: everything this account left unsaved goes, and so do the changes kept before they
 * were kept per account (`larder.edit.…`: whose they were is not known) and the tab's imports.
 */
export function forgetAllUnsaved(account: string): void {
  signedOut.add(account);
  try {
    const mine = `${PREFIX}${account}.`;
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key !== null && (key.startsWith(mine) || key.startsWith('larder.edit.')))
        localStorage.removeItem(key);
    }
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i);
      if (key !== null && key.startsWith('larder.import')) sessionStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept either.
  }
}

function slotOf(raw: string | null): Slot | null {
  if (raw === null) return null;
  try {
    const slot = JSON.parse(raw) as Partial<Slot> | null;
    return typeof slot?.at === 'number' && 'value' in slot ? (slot as Slot) : null;
  } catch {
    return null;
  }
}

/**
 * What was kept for a place, or null (nothing, or not what `valid` expects): this tab's own changes,
 * else (`otherTabs`) the newest another tab left — a closed tab's, or the way it was kept before.
 */
export function readUnsaved<T>(
  account: string,
  place: string,
  valid: (value: unknown) => value is T,
  { otherTabs = true }: { otherTabs?: boolean } = {},
): T | null {
  takenOver.delete(placeKey(account, place));
  try {
    const own = slotOf(localStorage.getItem(keyOf(account, place)));
    if (own !== null) return valid(own.value) ? own.value : null;
    if (!otherTabs) return null;
    const legacy = placeKey(account, place);
    let newest: { key: string; raw: string; slot: Slot } | null = null;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key === null || (key !== legacy && !key.startsWith(`${legacy}#`))) continue;
      const raw = localStorage.getItem(key) ?? 'null';
      let slot: Slot | null = slotOf(raw);
      if (key === legacy) {
        try {
          slot = { at: 0, value: JSON.parse(raw) };
        } catch {
          slot = null;
        }
      }
      if (slot !== null && valid(slot.value) && (newest === null || slot.at > newest.slot.at))
        newest = { key, raw, slot };
    }
    if (newest === null) return null;
    takenOver.set(legacy, { key: newest.key, raw: newest.raw });
    return newest.slot.value as T;
  } catch {
    return null;
  }
}

/** The other tab's slot this tab took over goes, unless that tab changed it since. */
function dropTakenOver(account: string, place: string): void {
  const other = takenOver.get(placeKey(account, place));
  takenOver.delete(placeKey(account, place));
  if (other && localStorage.getItem(other.key) === other.raw) localStorage.removeItem(other.key);
}

/**
 * Saved or thrown away: this tab's changes for the place go, and another tab's it showed (see
 * readUnsaved) if that tab has not changed them since. Other tabs' own changes stay.
 */
export function forgetUnsaved(account: string, place: string): void {
  try {
    localStorage.removeItem(keyOf(account, place));
    dropTakenOver(account, place);
  } catch {
    // nothing kept
  }
}

function write(account: string, place: string, value: unknown): void {
  if (signedOut.has(account)) return;
  try {
    localStorage.setItem(keyOf(account, place), JSON.stringify({ at: Date.now(), value } satisfies Slot));
    // What this tab took over from another is now in its own slot: kept once, not twice.
    dropTakenOver(account, place);
  } catch {
    // Storage full or refused: the warning before leaving still stands.
  }
}

/**
 * Keeps `value` for `place` while it is `unsaved`, a moment after the last change; what is not
 * written yet is written at once when the screen goes (a link, or a 401 that brings the sign-in
 * screen) or the page is hidden (a closed tab); no longer unsaved, it is forgotten. Answers the way
 * to forget it (saved, or thrown away). `value` should stay the same object while it does not
 * change: a new object is a change to write.
 */
export function useUnsaved(
  account: string,
  place: string | null,
  value: unknown,
  unsaved: boolean,
): () => void {
  // As last rendered, so that leaving writes the last key typed even before its effect has run.
  const latest = useRef({ account, place, value, unsaved });
  latest.current = { account, place, value, unsaved };
  /** What is in storage for this screen: the value last written, or null once forgotten. */
  const written = useRef<{ account: string; place: string; value: unknown } | null>(null);
  const flush = useRef(() => {
    const now = latest.current;
    if (now.place === null || !now.unsaved) return;
    const before = written.current;
    if (before?.account === now.account && before.place === now.place && before.value === now.value) return;
    write(now.account, now.place, now.value);
    written.current = { account: now.account, place: now.place, value: now.value };
  });
  useEffect(() => {
    if (place !== null && unsaved) {
      const timer = setTimeout(flush.current, PAUSE_MS);
      return () => clearTimeout(timer);
    }
    // Nothing unsaved any more (a comment box emptied): what was kept goes too.
    if (written.current !== null) forgetUnsaved(written.current.account, written.current.place);
    written.current = null;
    return undefined;
  }, [account, place, value, unsaved]);
  useEffect(() => {
    const leave = flush.current;
    addEventListener('pagehide', leave);
    return () => {
      removeEventListener('pagehide', leave);
      leave();
    };
  }, []);
  return () => {
    if (place === null) return;
    forgetUnsaved(account, place);
    // Saved: nothing is written again until it changes.
    written.current = { account, place, value: latest.current.value };
  };
}

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The text of one box (a comment being written, a pasted recipe), kept as `useUnsaved` keeps a
 * value while it is not blank, and read back when the screen opens again. Answers the text, the way
 * to change it, and the way to forget it (sent, or read).
 */
export function useUnsavedText(account: string, place: string): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(() => readUnsaved(account, place, isText) ?? '');
  const forget = useUnsaved(account, place, text, text.trim() !== '');
  return [text, setText, forget];
}
