import type { ArchiveEntry, OpenedArchive } from './archive.port.js';
import { MANIFEST_PATH } from './archive-format.js';
import { documentRefused } from './document-refused.js';
import { type ArchiveIndex, type RecipeFromArchive, readRecipeDocument } from './document-reading.js';
import { jsonOfDocument } from './document-text.js';
import { readManifest } from './manifest-reading.js';
import { TRANSFER_LIMITS } from './transfer-limits.js';

export function archiveIndexOf(entries: readonly ArchiveEntry[]): ArchiveIndex {
  return new Map(entries.map((entry) => [entry.name, entry.size]));
}

/** A JSON document of the archive, refused by its declared size before a byte of it is inflated. */
async function jsonEntry(archive: OpenedArchive, index: ArchiveIndex, path: string): Promise<unknown> {
  const size = index.get(path);
  if (size === undefined) throw documentRefused(path, 'is missing: this is not a Larder recipe archive');
  if (size > TRANSFER_LIMITS.maxDocumentBytes) {
    throw documentRefused(
      path,
      `is ${size} bytes; a document may be at most ${TRANSFER_LIMITS.maxDocumentBytes}`,
    );
  }
  return jsonOfDocument(await archive.read(path), path);
}

/**
 * The recipes of an opened archive in the manifest's order, each read and checked only when
 * asked for, so a caller may keep one at a time. Throws at the first document that breaks a
 * rule (`DocumentRefused`) or an entry that is not what it declares (`ArchiveRefused`):
 * a caller that creates nothing before the last one is read imports all or nothing.
 */
export async function* recipesInArchive(archive: OpenedArchive): AsyncGenerator<RecipeFromArchive> {
  const index = archiveIndexOf(archive.entries);
  const manifest = readManifest(await jsonEntry(archive, index, MANIFEST_PATH), index);
  for (const path of manifest.recipes) {
    yield readRecipeDocument(await jsonEntry(archive, index, path), path, index);
  }
}
