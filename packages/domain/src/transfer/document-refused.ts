import { type FieldIssue, ValidationFailed } from '../shared/errors.js';

/**
 * A document of an imported archive that breaks a rule of the format or of recipes. Every
 * issue is located inside the archive, e.g. `recipes/bread/recipe.json: steps[0].times[0].phrase`.
 */
export class DocumentRefused extends ValidationFailed {
  constructor(issues: FieldIssue[], code = 'transfer.document_invalid') {
    super(issues, code);
  }
}

/** Where `field` of the document at `path` is reported; the document itself when `field` is empty. */
export function locationIn(path: string, field: string): string {
  return field === '' ? path : `${path}: ${field}`;
}

/** A problem with a whole document (or a file the archive lacks). */
export function documentRefused(path: string, message: string, code?: string): DocumentRefused {
  return new DocumentRefused([{ location: path, message }], code);
}
