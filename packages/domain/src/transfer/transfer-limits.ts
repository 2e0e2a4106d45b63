import { MAX_IMAGE_UPLOAD_BYTES, MAX_PHOTOS_PER_RECIPE } from '../photos/image-rules.js';
import type { ArchiveLimits } from './archive.port.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** What an import holds an archive to: the zip's own limits, and those of its documents. */
export interface TransferLimits extends ArchiveLimits {
  /** One JSON document. */
  maxDocumentBytes: number;
  maxDocumentContainers: number;
  maxDocumentDepth: number;
  /** The recipe documents the manifest lists, together, uncompressed (as the archive declares them). */
  maxDocumentsBytes: number;
}

/**
 * What an imported archive may hold (docs/transfer.md). Generous for any household's real
 * recipes (500 recipes with 20 photos each are 10,501 entries), and small enough that a hostile
 * archive costs little: its size is capped while it arrives, its entries from its directory
 * before anything is inflated, each document before it is parsed.
 */
export const TRANSFER_LIMITS = {
  /** The upload itself; more is 413, found as it arrives. */
  maxArchiveBytes: GiB,
  /** Files and folders together. */
  maxEntries: 20_000,
  /** One entry uncompressed: a photo (at most 10 MiB) or a document (at most 8 MiB). */
  maxEntryBytes: 12 * MiB,
  /** Everything uncompressed together. */
  maxTotalBytes: 2 * GiB,
  /** How far one entry may have been compressed … */
  maxRatio: 100,
  /**
   * … unless it is no larger than a document may be (8 MiB): a recipe at the limits, written with
   * repetitive text, is a document of over 1 MiB that deflates more than 100 times …
   */
  ratioExemptBytes: 8 * MiB,
  /** … as long as such entries do not add up: past 64 MiB of them, the ratio holds for every entry. */
  ratioExemptTotalBytes: 64 * MiB,
  /** One JSON document (`larder.json` or a `recipe.json`); the largest recipe the rules allow is about 1.8 MB in ASCII, 4.4 MB in three-byte characters. */
  maxDocumentBytes: 8 * MiB,
  /** Objects and lists in one document: a recipe at every limit has about 4,700. */
  maxDocumentContainers: 10_000,
  /** How deep objects and lists may nest in one document: a recipe needs 5. */
  maxDocumentDepth: 16,
  /**
   * Every recipe document together: a recipe is about 4 KB as Larder writes it (500 make 2 MB), so
   * 64 MiB holds some 16,000 of them; checked on the declared sizes before any document is read.
   */
  maxDocumentsBytes: 64 * MiB,
  /** One photo's file, as for an upload. */
  maxPhotoBytes: MAX_IMAGE_UPLOAD_BYTES,
  photosPerRecipe: MAX_PHOTOS_PER_RECIPE,
} as const satisfies TransferLimits & Record<string, number>;

/**
 * A whole household's backup, restored by the operator from the server's command line (`larder
 * import`): the archive, its total and its documents may be as large as the household is; each
 * entry, document and photo keeps the limits above, so a hostile archive still costs little per entry.
 */
export const OPERATOR_TRANSFER_LIMITS = {
  ...TRANSFER_LIMITS,
  maxArchiveBytes: 256 * GiB,
  maxEntries: 2_000_000,
  maxTotalBytes: 256 * GiB,
  ratioExemptTotalBytes: 256 * GiB,
  maxDocumentsBytes: 256 * GiB,
} as const satisfies TransferLimits & Record<string, number>;
