import { IssueList } from '../shared/errors.js';
import { characterCount, utf8ByteLength } from '../shared/text.js';

export const PASSWORD_MIN_CHARS = 8;
/** bcrypt reads only 72 bytes; longer passwords are refused rather than cut silently. */
export const PASSWORD_MAX_BYTES = 72;

export function checkNewPassword(password: string, location: string, issues: IssueList): void {
  if (characterCount(password) < PASSWORD_MIN_CHARS) {
    issues.add(location, `must be at least ${PASSWORD_MIN_CHARS} characters`);
  } else if (utf8ByteLength(password) > PASSWORD_MAX_BYTES) {
    issues.add(location, `must be at most ${PASSWORD_MAX_BYTES} bytes in UTF-8`);
  }
}
