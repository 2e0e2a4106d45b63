/**
 * What a member typed and has not saved yet — a recipe in the editor, a comment, the profile — kept
 * in this browser's `localStorage` until it is saved: a slip, a reload, a closed tab or a session
 * that ended (the 401 brings the sign-in screen, which unmounts the screen) loses nothing.
 */
import { useEffect, useRef } from 'preact/hooks';

/** How long after the last change the value is written. */
const PAUSE_MS = 300;

const keyOf = (place: string) => `larder.${place}`;

/** What was kept for a place, or null (nothing, or not what `valid` expects). */
export function readUnsaved<T>(place: string, valid: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(place)) ?? 'null');
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

export function forgetUnsaved(place: string): void {
  try {
    localStorage.removeItem(keyOf(place));
  } catch {
    // nothing kept
  }
}

function write(place: string, value: unknown): void {
  try {
    localStorage.setItem(keyOf(place), JSON.stringify(value));
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
export function useUnsaved(place: string | null, value: unknown, unsaved: boolean): () => void {
  // As last rendered, so that leaving writes the last key typed even before its effect has run.
  const latest = useRef({ place, value, unsaved });
  latest.current = { place, value, unsaved };
  /** What is in storage for this screen: the value last written, or null once forgotten. */
  const written = useRef<{ place: string; value: unknown } | null>(null);
  const flush = useRef(() => {
    const now = latest.current;
    if (now.place === null || !now.unsaved) return;
    if (written.current?.place === now.place && written.current.value === now.value) return;
    write(now.place, now.value);
    written.current = { place: now.place, value: now.value };
  });
  useEffect(() => {
    if (place !== null && unsaved) {
      const timer = setTimeout(flush.current, PAUSE_MS);
      return () => clearTimeout(timer);
    }
    // Nothing unsaved any more (a comment box emptied): what was kept goes too.
    if (written.current !== null) forgetUnsaved(written.current.place);
    written.current = null;
    return undefined;
  }, [place, value, unsaved]);
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
    forgetUnsaved(place);
    // Saved: nothing is written again until it changes.
    written.current = { place, value: latest.current.value };
  };
}
