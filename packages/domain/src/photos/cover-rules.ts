import { ValidationFailed } from '../shared/errors.js';

/** The cover after an upload: the first photo of a recipe becomes its cover; later ones leave it. */
export function coverAfterUpload(currentCoverId: string | null, uploadedId: string): string {
  return currentCoverId ?? uploadedId;
}

/**
 * The cover after a photo is removed. Removing the cover moves it to the photo that
 * followed it, or to the first one left when it was the last; no photo left, no cover.
 * `orderedIds` is the recipe's photos in their order before the removal.
 */
export function coverAfterRemoval(
  orderedIds: readonly string[],
  removedId: string,
  currentCoverId: string | null,
): string | null {
  const remaining = orderedIds.filter((id) => id !== removedId);
  if (currentCoverId !== removedId && currentCoverId !== null && remaining.includes(currentCoverId)) {
    return currentCoverId;
  }
  const at = orderedIds.indexOf(removedId);
  const next = at >= 0 ? orderedIds.slice(at + 1).find((id) => id !== removedId) : undefined;
  return next ?? remaining[0] ?? null;
}

/** A new order must name exactly the recipe's photos, each once. */
export function checkPhotoOrder(currentIds: readonly string[], requestedIds: readonly string[]): void {
  const issues: { location: string; message: string; value?: unknown }[] = [];
  const seen = new Set<string>();
  requestedIds.forEach((id, i) => {
    if (seen.has(id)) issues.push({ location: `imageIds[${i}]`, message: 'names a photo twice', value: id });
    else if (!currentIds.includes(id)) {
      issues.push({ location: `imageIds[${i}]`, message: 'is not a photo of this recipe', value: id });
    }
    seen.add(id);
  });
  const missing = currentIds.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    issues.push({
      location: 'imageIds',
      message: `must name every photo of the recipe; missing ${missing.join(', ')}`,
    });
  }
  if (issues.length > 0) throw new ValidationFailed(issues, 'photo_order_mismatch');
}

/** Refuses an upload that would put more than `limit` photos on a recipe. */
export function checkRoomForPhoto(currentCount: number, limit: number): void {
  if (currentCount >= limit) {
    throw new ValidationFailed(
      [{ location: 'file', message: `a recipe holds at most ${limit} photos` }],
      'too_many_photos',
    );
  }
}
