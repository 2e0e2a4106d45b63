import type { ShareLink, ShareView } from '@larder/domain';

export function presentShare(share: ShareView) {
  return {
    id: share.id,
    path: share.path,
    status: share.status,
    createdAt: share.createdAt.toISOString(),
    expiresAt: share.expiresAt ? share.expiresAt.toISOString() : null,
    ...(share.createdBy ? { createdBy: share.createdBy } : {}),
    recipe: share.recipe,
  };
}

export function presentShareLink(link: ShareLink) {
  return { path: link.path, expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null };
}
