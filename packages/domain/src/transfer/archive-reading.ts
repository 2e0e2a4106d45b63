import { type ArchiveEntry, ArchiveRefused, type OpenedArchive } from './archive.port.js';
import { MANIFEST_PATH } from './archive-format.js';
import { documentRefused } from './document-refused.js';
import { type ArchiveIndex, type RecipeFromArchive, readRecipeDocument } from './document-reading.js';
import { jsonOfDocument } from './document-text.js';
import { readManifest } from './manifest-reading.js';
import { TRANSFER_LIMITS, type TransferLimits } from './transfer-limits.js';

export function archiveIndexOf(entries: readonly ArchiveEntry[]): ArchiveIndex {
  return new Map(entries.map((entry) => [entry.name, entry.size]));
}

/**
 * An opened archive read as a Larder recipe archive: its manifest, then each recipe document only
 * when asked for (and as often as asked), so a caller holds one document at a time. A document
 * that breaks a rule is `DocumentRefused`, an entry that is not what it declares `ArchiveRefused`.
 */
export class RecipeArchive {
  private readonly index: ArchiveIndex;

  constructor(
    private readonly archive: OpenedArchive,
    private readonly limits: TransferLimits = TRANSFER_LIMITS,
  ) {
    this.index = archiveIndexOf(archive.entries);
  }

  /**
   * The recipe documents the manifest lists, in its order. Refused, before any of them is read,
   * when together they declare more than `maxDocumentsBytes`.
   */
  async documents(): Promise<string[]> {
    const { recipes } = readManifest(await this.json(MANIFEST_PATH), this.index, this.limits.maxEntries);
    const total = recipes.reduce((sum, path) => sum + (this.index.get(path) ?? 0), 0);
    if (total > this.limits.maxDocumentsBytes) {
      throw new ArchiveRefused(
        `holds ${total} bytes of recipe documents; at most ${this.limits.maxDocumentsBytes} are accepted`,
      );
    }
    return recipes;
  }

  /** One recipe document, read and checked. */
  async recipe(path: string): Promise<RecipeFromArchive> {
    return readRecipeDocument(await this.json(path), path, this.index);
  }

  /** The bytes of a photo a document names (`RecipeFromArchive.photos[i].entry`). */
  async photo(entry: string): Promise<Uint8Array> {
    return this.archive.read(entry);
  }

  /** A JSON document of the archive, refused by its declared size before a byte of it is inflated. */
  private async json(path: string): Promise<unknown> {
    const size = this.index.get(path);
    if (size === undefined) throw documentRefused(path, 'is missing: this is not a Larder recipe archive');
    if (size > this.limits.maxDocumentBytes) {
      throw documentRefused(
        path,
        `is ${size} bytes; a document may be at most ${this.limits.maxDocumentBytes}`,
      );
    }
    return jsonOfDocument(await this.archive.read(path), path, this.limits);
  }
}
