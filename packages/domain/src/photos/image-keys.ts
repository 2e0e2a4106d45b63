/**
 * Where images live in the image store. Keys are plain relative paths of safe
 * segments, so no store can be led outside its own space.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeImageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

/** Folder of one photo: all its renditions share it. */
export function photoPrefix(recipeId: string, imageId: string): string {
  return `recipes/${recipeId}/${imageId}/`;
}

export function photoKey(recipeId: string, imageId: string, file: string): string {
  return `${photoPrefix(recipeId, imageId)}${file}`;
}

/** Folder of every photo of one recipe. */
export function recipePhotosPrefix(recipeId: string): string {
  return `recipes/${recipeId}/`;
}

export function avatarKey(userId: string, avatarId: string): string {
  return `avatars/${userId}/${avatarId}.jpg`;
}
