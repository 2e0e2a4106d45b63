/** What an API token may be used for. A token never grants more than its owner's role allows. */
export const SCOPES = [
  'recipes:read',
  'recipes:write',
  'recipes:delete',
  'users:read',
  'users:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** API tokens look like `lrd_` followed by 43 base64url characters. */
export const TOKEN_PREFIX = 'lrd_';
export const TOKEN_PATTERN = /^lrd_[A-Za-z0-9_-]{43}$/;
export const TOKEN_LIFETIMES_DAYS = [30, 90, 365] as const;
