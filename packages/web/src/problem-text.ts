import { ApiError } from './api';
import { t } from './i18n';

/** What a refused call tells the member: the first field's problem, else the problem's detail. */
export function problemText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('somethingWrong');
  return error.issues[0]?.message ?? error.detail ?? error.title;
}
