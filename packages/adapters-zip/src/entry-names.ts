/** Longest entry name accepted; real archives stay far below it. */
export const MAX_ENTRY_NAME_LENGTH = 1024;

/**
 * Why an entry's name is refused, or null when it is a plain relative path that stays
 * inside the archive. Unpacking is never done to a disk here, but a name that could climb out
 * of a folder (`../`, `/etc`, `C:`, `a\..\b`) has no honest reason to be in an archive.
 */
export function entryNameProblem(name: string): string | null {
  if (name === '' || name === '/') return 'has an empty name';
  if (name.length > MAX_ENTRY_NAME_LENGTH)
    return `has a name longer than ${MAX_ENTRY_NAME_LENGTH} characters`;
  if (/\p{Cc}/u.test(name)) return 'has a control character in its name';
  if (name.includes('\\')) return 'has a backslash in its name';
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[A-Za-z]:/u.test(name)) return 'names a drive';
  const segments = (isFolderName(name) ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return 'climbs out of the archive with ".."';
  if (segments.some((segment) => segment === '' || segment === '.'))
    return 'has an empty or "." segment in its name';
  return null;
}

/** Folders are entries whose name ends with a slash; they hold nothing. */
export function isFolderName(name: string): boolean {
  return name.endsWith('/');
}
