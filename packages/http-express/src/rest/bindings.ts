import type { OperationTable } from '../operations/operation-table.js';
import type { Method, RestTable } from './route.js';

/** Where each operation is found over REST: method, path, operation id. */
const BINDINGS: ReadonlyArray<readonly [Method, string, string]> = [
  ['post', '/api/v1/auth/login', 'login'],
  ['post', '/api/v1/auth/logout', 'logout'],
  ['get', '/api/v1/auth/me', 'me'],
  ['patch', '/api/v1/auth/me', 'change-own-password'],
  ['patch', '/api/v1/auth/me/profile', 'update-own-profile'],
  ['get', '/api/v1/auth/me/colors', 'list-color-usage'],
  ['delete', '/api/v1/auth/me/avatar', 'delete-own-avatar'],
  ['post', '/api/v1/auth/setup/inspect', 'inspect-setup-link'],
  ['get', '/api/v1/auth/setup/inspect', 'inspect-setup-link-by-address'],
  ['post', '/api/v1/auth/setup/password', 'redeem-setup-link'],
  ['get', '/api/v1/auth/password', 'password-reset-config'],
  ['post', '/api/v1/auth/password/forgot', 'forgot-password'],
  ['post', '/api/v1/auth/email/confirm', 'confirm-email'],
  ['post', '/api/v1/auth/me/email/confirmation', 'resend-email-confirmation'],
  ['get', '/api/v1/auth/oidc', 'get-oidc'],
  ['get', '/api/v1/auth/me/identity', 'get-own-identity'],
  ['delete', '/api/v1/auth/me/identity', 'unlink-own-identity'],
  ['delete', '/api/v1/users/:id/identity', 'unlink-user-identity'],

  ['get', '/api/v1/users', 'list-users'],
  ['post', '/api/v1/users', 'create-user'],
  ['patch', '/api/v1/users/:id', 'update-user'],
  ['delete', '/api/v1/users/:id', 'delete-user'],
  ['post', '/api/v1/users/:id/setup-link', 'issue-setup-link'],
  ['delete', '/api/v1/users/:id/setup-link', 'revoke-setup-link'],
  ['delete', '/api/v1/users/:id/avatar', 'delete-user-avatar'],
  ['get', '/api/v1/people', 'list-people'],

  ['post', '/api/v1/tokens', 'create-api-token'],
  ['get', '/api/v1/tokens', 'list-api-tokens'],
  ['delete', '/api/v1/tokens/:id', 'delete-api-token'],

  ['get', '/api/v1/settings', 'get-settings'],
  ['patch', '/api/v1/settings', 'update-settings'],
  ['get', '/api/v1/settings/mail', 'get-mail-settings'],
  ['put', '/api/v1/settings/mail', 'update-mail-settings'],
  ['delete', '/api/v1/settings/mail', 'delete-mail-settings'],
  ['post', '/api/v1/settings/mail/test', 'send-test-mail'],

  ['get', '/api/v1/recipes', 'list-recipes'],
  ['post', '/api/v1/recipes', 'create-recipe'],
  ['get', '/api/v1/recipes/by-slug/:slug', 'get-recipe-by-slug'],
  ['get', '/api/v1/recipes/:id', 'get-recipe'],
  ['put', '/api/v1/recipes/:id', 'update-recipe'],
  ['delete', '/api/v1/recipes/:id', 'delete-recipe'],
  ['put', '/api/v1/recipes/:id/favorite', 'set-favorite'],
  ['delete', '/api/v1/recipes/:id/favorite', 'delete-favorite'],
  ['put', '/api/v1/recipes/:id/tasty', 'set-tasty'],
  ['delete', '/api/v1/recipes/:id/tasty', 'delete-tasty'],
  ['get', '/api/v1/tags', 'list-tags'],
  ['get', '/api/v1/authors', 'list-authors'],

  ['post', '/api/v1/recipes/:id/comments', 'add-comment'],
  ['get', '/api/v1/comments', 'list-comments'],
  ['patch', '/api/v1/comments/:commentId', 'edit-comment'],
  ['delete', '/api/v1/comments/:commentId', 'delete-comment'],
  ['put', '/api/v1/recipes/:id/comments/seen', 'mark-comments-seen'],

  ['post', '/api/v1/recipe-drafts', 'create-recipe-draft'],

  ['post', '/api/v1/recipes/:id/public-share', 'create-public-share'],
  ['get', '/api/v1/shares', 'list-shares'],
  ['get', '/api/v1/shares/by-recipe/:recipeId', 'get-my-public-share'],
  ['delete', '/api/v1/shares/:id', 'revoke-share'],
  ['delete', '/api/v1/shares', 'revoke-all-shares'],
  ['post', '/api/v1/recipes/:id/share-link', 'create-share-link'],

  ['delete', '/api/v1/recipes/:id/images/:imageId', 'delete-image'],
  ['put', '/api/v1/recipes/:id/cover', 'set-cover'],
  ['put', '/api/v1/recipes/:id/images/order', 'reorder-images'],
];

/** Binds every operation to its REST method and path; an operation left unbound is an error. */
export function bindOperations(table: RestTable, operations: OperationTable): void {
  const bound = new Set<string>();
  for (const [method, path, id] of BINDINGS) {
    table.bind(method, path, operations.get(id));
    bound.add(id);
  }
  const unbound = operations.all.filter((op) => !bound.has(op.id)).map((op) => op.id);
  if (unbound.length > 0) throw new Error(`operations without a REST route: ${unbound.join(', ')}`);
}
