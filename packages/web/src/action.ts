import { useRef, useState } from 'preact/hooks';

export interface Action<A extends unknown[]> {
  /** The request is running. */
  busy: boolean;
  /**
   * For its button: marked unavailable while the request runs — `aria-disabled`, not `disabled`,
   * which would take the focus away from a member at the keyboard (presses are ignored anyway).
   */
  button: { 'aria-disabled'?: 'true' };
  /** Runs the action, unless it is running already (a double click, Enter and a click). */
  run(...args: A): Promise<void>;
  /** A form's submit handler: no page load, and the action once at a time. */
  submit(event: Event): void;
}

/**
 * One request at a time for a button or a form: a press while its request runs does nothing (a
 * double click on Send posted the comment twice), checked at the press itself, before the screen
 * has rendered anything; the button shows it is unavailable meanwhile.
 */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>): Action<A> {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action(...args);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return {
    busy,
    button: busy ? { 'aria-disabled': 'true' } : {},
    run,
    submit: (event) => {
      event.preventDefault();
      void run(...([] as unknown as A));
    },
  };
}
