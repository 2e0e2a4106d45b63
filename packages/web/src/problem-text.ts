import { ApiError } from './api';
import { codeInLanguage, inLanguage } from './api-messages';
import { fileSize, t } from './i18n';

/** The largest image the API takes (docs/photos.md), where its refusal does not say. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The recipe asked for is not there (or its address could be no recipe's). */
export function noSuchRecipe(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 422);
}

/** What the call acted on is not there (any more): deleted meanwhile, elsewhere. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * What a refused call tells the member: the problem's own sentence when it has one ("The page could
 * not be read: the site answered 404 Not Found"), else — a body that broke its schema, whose
 * detail only says "validation failed" — the first field's problem.
 */
export function problemText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('somethingWrong');
  // No answer at all: the network, not a refusal (its title is only the word "offline").
  if (error.status === 0) return t('offline');
  // A picture too large: its limit as people say it (10 MB), not as the API does (10485760 bytes).
  if (error.code === 'image_too_large') {
    const limit = /at most (\d+) bytes/.exec(error.detail ?? '')?.[1];
    return t('imageTooLarge', { size: fileSize(limit ? Number(limit) : MAX_IMAGE_BYTES) });
  }
  const known = codeInLanguage(error.code);
  if (known !== null) return known;
  // A file that is no zip (or no readable one): said of the file, never with the API's location.
  const issue = error.issues[0];
  if (error.code === 'transfer.archive_refused' && issue?.location === 'body.file' && issue.message)
    return t('fileRefused', { reason: issue.message });
  const schemaRefusal = error.detail === undefined || error.detail.startsWith('validation failed');
  if (!schemaRefusal) return inLanguage(error.detail!);
  return error.issues[0]?.message ?? error.title;
}
