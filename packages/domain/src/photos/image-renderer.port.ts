import type { ImageBounds, ImageType } from './image-rules.js';
import type { RenditionSpec, SquareCrop } from './renditions.js';

export const IMAGE_RENDERER = Symbol('ImageRenderer');

/** What an image's header says, read without decoding a single pixel. */
export interface ImageHeader {
  type: ImageType;
  /** Stored width and height, before the EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 when absent). */
  orientation: number;
  /**
   * Whether the file is a plain JPEG, as Larder's renderer writes one: a baseline frame in one
   * scan, ending where its end marker is, holding nothing besides the picture (no EXIF, XMP, IPTC,
   * ICC profile, comment or other application segment, no bytes after its end). Only such a file
   * may be kept as it is; PNG and WebP never are.
   */
  plain: boolean;
}

export interface RenderRequest {
  /**
   * The decoder refuses anything beyond these (the use cases check them on the header first,
   * with `checkImageBounds`; the renderer checks again so no decoder ever sees a bomb).
   */
  bounds: ImageBounds;
  renditions: readonly RenditionSpec[];
  /** For `square` renditions: the square to keep; absent keeps the centered square. */
  crop?: SquareCrop;
}

export interface RenderedFile {
  name: string;
  file: string;
  width: number;
  height: number;
  /** A baseline JPEG without any metadata. */
  bytes: Uint8Array;
}

export interface RenderedImage {
  type: ImageType;
  /** The upright picture's size (orientation applied). */
  width: number;
  height: number;
  renditions: RenderedFile[];
}

/**
 * Turns uploaded bytes into JPEG renditions. `render` sniffs the type from the bytes,
 * reads and checks the header's dimensions before decoding, applies the EXIF
 * orientation, drops all metadata, and runs the decoding off the event loop with a
 * bounded number of decodes at once.
 *
 * Errors: `UnsupportedImageType` (not an image type this renderer reads), a
 * `ValidationFailed` with code `image_dimensions` (too small, too large, over the
 * pixel budget) or `image_unreadable` (truncated or damaged bytes).
 */
export interface ImageRenderer {
  /** `sharp` or `jimp`. */
  readonly name: string;
  readonly supportedTypes: readonly ImageType[];
  /** Sniffs the type and reads the header; throws as `render` does. */
  inspect(bytes: Uint8Array): ImageHeader;
  render(bytes: Uint8Array, request: RenderRequest): Promise<RenderedImage>;
  /** Images being rendered now, and those waiting their turn (for the operator's metrics). */
  load(): { rendering: number; waiting: number };
  /** Stops worker threads, if any. */
  close(): Promise<void>;
}
