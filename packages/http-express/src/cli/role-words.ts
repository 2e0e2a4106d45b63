import type { Role } from '@larder/domain';

/**
 * A role as the admin command's text says it: the household's words, as the web app shows them.
 * What scripts read (`--json`) keeps the API's values (`superadmin`, `admin`, `user`).
 */
export const ROLE_WORDS: Readonly<Record<Role, string>> = {
  superadmin: 'owner',
  admin: 'admin',
  user: 'member',
};
