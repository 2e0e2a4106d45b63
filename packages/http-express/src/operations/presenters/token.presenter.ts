import type { ApiTokenListing } from '@larder/domain';

export function presentToken(token: ApiTokenListing) {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    scopes: token.scopes,
    createdAt: token.createdAt.toISOString(),
    ...(token.expiresAt ? { expiresAt: token.expiresAt.toISOString() } : {}),
    ...(token.lastUsedAt ? { lastUsedAt: token.lastUsedAt.toISOString() } : {}),
    ownerId: token.ownerId,
    ownerUsername: token.ownerUsername,
    ownerDisplayName: token.ownerDisplayName,
    ownerColor: token.ownerColor,
  };
}
