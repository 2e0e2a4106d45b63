import { ARCHIVE_FORMAT, MANIFEST_PATH, folderOfDocument } from './archive-format.js';
import { DocumentRefused } from './document-refused.js';
import type { ArchiveIndex } from './document-reading.js';
import { checkFormatAndVersion } from './format-version.js';
import { dateIn } from './informational-fields.js';
import { JsonReader } from './json-fields.js';
import { TRANSFER_LIMITS } from './transfer-limits.js';

export interface ManifestRead {
  exportedAt: Date | null;
  /** Paths of the recipe documents, each once, each a file of the archive. */
  recipes: string[];
}

/**
 * Reads `larder.json`: that this is a Larder recipe archive of a version this Larder reads, and
 * which recipes it holds (at most `maxRecipes`: each is an entry of the archive).
 */
export function readManifest(
  json: unknown,
  archive: ArchiveIndex,
  maxRecipes: number = TRANSFER_LIMITS.maxEntries,
): ManifestRead {
  const reader = new JsonReader(MANIFEST_PATH);
  const manifest = reader.root(json);
  if (!manifest) throw new DocumentRefused(reader.issues);
  checkFormatAndVersion(manifest, MANIFEST_PATH, ARCHIVE_FORMAT);
  const recipes: string[] = [];
  const listed = new Set<string>();
  for (const item of manifest.list('recipes', maxRecipes, { required: true })) {
    const path = manifest.textItem(item);
    if (path === null) continue;
    if (folderOfDocument(path) === null) {
      manifest.note(item.field, 'must be the path of a recipe document, such as recipes/bread/recipe.json');
    } else if (listed.has(path)) {
      manifest.note(item.field, 'names the same document as another item');
    } else if (!archive.has(path)) {
      manifest.note(item.field, `names ${path}, which the archive does not hold`);
    }
    recipes.push(path);
    listed.add(path);
  }
  const exportedAt = dateIn(manifest, 'exportedAt');
  reader.refuseIfAny();
  return { exportedAt, recipes };
}
