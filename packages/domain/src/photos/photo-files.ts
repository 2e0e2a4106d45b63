import { addMs } from '../shared/time.js';
import type { ImageHeader } from './image-renderer.port.js';
import type { PendingImageDeletion } from './image-deletion-store.port.js';
import { photoKey, photoPrefix } from './image-keys.js';
import { PHOTO_BOUNDS, checkImageBounds } from './image-rules.js';
import type { PhotoDependencies } from './photo-dependencies.js';
import { PHOTO_RENDITIONS } from './renditions.js';

/** An upload's files are forgotten by the sweep if its row has not committed within this time. */
export const UPLOAD_GRACE_MS = 15 * 60 * 1000;

/** A photo's files, written and waiting for their row. */
export interface StoredPhotoFiles {
  id: string;
  /** The upright picture's size. */
  width: number;
  height: number;
  /** What the stored files take together. */
  bytes: number;
  /** The note that removes the files unless the row's transaction drops it (see ImageJanitor). */
  intent: PendingImageDeletion;
}

const ORIGINAL = PHOTO_RENDITIONS.find((r) => r.name === 'original');

/**
 * Whether bytes may be kept as the stored original as they are: a JPEG that is already what the
 * original rendition would be (plain, upright, not over its size). Larder's own originals are, so
 * an export and an import give back the very same bytes.
 */
export function isKeepableOriginal(header: ImageHeader): boolean {
  return (
    header.type === 'jpeg' &&
    header.plain &&
    header.orientation === 1 &&
    Math.max(header.width, header.height) <= (ORIGINAL?.longEdge ?? 0)
  );
}

/**
 * Checks a photo's bytes (type and size from the header, before decoding), renders its files and
 * writes them under a new id, noted for removal first: the caller inserts the row and drops the
 * note in one transaction, or discards the note's files when anything fails. With
 * `keepOriginal`, bytes that are a keepable original are stored as they are and only the other
 * renditions are made from them.
 */
export async function storePhotoFiles(
  deps: PhotoDependencies,
  recipeId: string,
  bytes: Uint8Array,
  options: { keepOriginal?: boolean } = {},
): Promise<StoredPhotoFiles> {
  const { store, clock, secrets, images, renderer, janitor } = deps;
  const header = renderer.inspect(bytes);
  checkImageBounds(header, PHOTO_BOUNDS);
  const keep = options.keepOriginal === true && isKeepableOriginal(header);
  const renditions = keep ? PHOTO_RENDITIONS.filter((r) => r.name !== 'original') : PHOTO_RENDITIONS;
  const rendered = await renderer.render(bytes, { bounds: PHOTO_BOUNDS, renditions });
  const files = rendered.renditions.map((r) => ({ file: r.file, bytes: r.bytes }));
  if (keep && ORIGINAL) files.push({ file: ORIGINAL.file, bytes });
  const id = secrets.newId();
  const prefix = photoPrefix(recipeId, id);
  const intent = {
    id: await store.imageDeletions.add(prefix, addMs(clock.now(), UPLOAD_GRACE_MS)),
    key: prefix,
    attempts: 0,
  };
  try {
    for (const file of files) await images.put(photoKey(recipeId, id, file.file), file.bytes, 'image/jpeg');
  } catch (error) {
    await janitor.discard(intent);
    throw error;
  }
  return {
    id,
    width: rendered.width,
    height: rendered.height,
    bytes: files.reduce((sum, f) => sum + f.bytes.byteLength, 0),
    intent,
  };
}
