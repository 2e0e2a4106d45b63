/**
 * A refusal told at its fields, as the recipe editor does it: each message next to the field the
 * API's problem names (`errors[].location`, `body.username`), the field marked (`aria-invalid`,
 * `aria-describedby`), and the first field refused takes the focus; what names no field shown is
 * told above the form.
 */
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from './api';
import { inLanguage } from './api-messages';
import { problemText } from './problem-text';
import { issuesByField } from './recipe-form';

export type Errors = ReadonlyMap<string, string[]>;

/** For a field's element: its name, and marked when refused (with `hint`, an id it is described by anyway). */
export function fieldOf(errors: Errors, name: string, hint?: string) {
  const described = [...(errors.has(name) ? [`error-${name}`] : []), ...(hint ? [hint] : [])].join(' ');
  return {
    'data-field': name,
    'aria-invalid': errors.has(name) ? ('true' as const) : undefined,
    'aria-describedby': described || undefined,
  };
}

/** What was refused about the field, next to it. */
export function problemOf(errors: Errors, name: string) {
  const messages = errors.get(name);
  return messages ? (
    <span class="field-error" id={`error-${name}`} key={name}>
      {messages.join(' ')}
    </span>
  ) : null;
}

/**
 * Moves the focus to the first field refused in `root` (else to its summary, `.form-errors`), after
 * the render that marks them.
 */
export function focusFirstRefused(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const first =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>('.form-errors');
    first?.focus();
  });
}

/** The names of the fields `root` shows (`data-field`). */
function fieldNames(root: HTMLElement | null): Set<string> {
  const names = new Set<string>();
  root?.querySelectorAll<HTMLElement>('[data-field]').forEach((el) => names.add(el.dataset['field']!));
  return names;
}

/** A small form's refusals: `field` and `problem` for its fields, `other` for the rest. */
export function useFieldErrors(root: RefObject<HTMLElement | null>) {
  const [errors, setErrors] = useState<{ byField: Map<string, string[]>; other: string | null }>({
    byField: new Map(),
    other: null,
  });
  return {
    other: errors.other,
    field: (name: string, hint?: string) => fieldOf(errors.byField, name, hint),
    problem: (name: string) => problemOf(errors.byField, name),
    clear: () => setErrors({ byField: new Map(), other: null }),
    /** Tells the error: at the fields it names (the first takes the focus), else as one sentence. */
    show(error: unknown) {
      if (!(error instanceof ApiError) || error.status !== 422 || error.issues.length === 0) {
        setErrors({ byField: new Map(), other: problemText(error) });
        return;
      }
      const found = issuesByField(
        error.issues.map((i) => ({
          location: i.location ?? '',
          message: inLanguage(i.message ?? error.title),
        })),
        fieldNames(root.current),
      );
      setErrors({
        byField: found.byField,
        other: found.other.length > 0 ? found.other.join(' ') : null,
      });
      if (found.byField.size > 0) focusFirstRefused(root.current);
    },
  };
}
