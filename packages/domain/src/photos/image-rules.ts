import { DomainError, ValidationFailed } from '../shared/errors.js';

/** The image types a member may upload; the bytes decide, never the file name or the header of the part. */
export type ImageType = 'jpeg' | 'png' | 'webp';

export const MEDIA_TYPE_OF: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Largest upload accepted, photo or avatar: 10 MiB. */
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;

/** How many photos one recipe holds at most. */
export const MAX_PHOTOS_PER_RECIPE = 20;

/** Size bounds an image must keep, checked on the dimensions its header declares, before decoding. */
export interface ImageBounds {
  /** Shortest side accepted, in pixels. */
  minEdge: number;
  /** Longest side accepted, in pixels. */
  maxEdge: number;
  /** Largest width × height accepted: the decompression-bomb guard. */
  maxPixels: number;
}

/** Recipe photos: at least 100 px a side, at most 12000 px a side and 40 megapixels. */
export const PHOTO_BOUNDS: ImageBounds = { minEdge: 100, maxEdge: 12_000, maxPixels: 40_000_000 };

/** Avatars: at least 64 px a side; the same upper bounds as photos. */
export const AVATAR_BOUNDS: ImageBounds = { minEdge: 64, maxEdge: 12_000, maxPixels: 40_000_000 };

/** Where image problems are reported in a multipart upload. */
export const IMAGE_FIELD = 'file';

export class UnsupportedImageType extends DomainError {
  constructor(message = 'Send a JPEG, PNG or WebP image.') {
    super('unsupported', 'image_type_unsupported', message);
  }
}

export class ImageTooLarge extends DomainError {
  constructor(limitBytes: number = MAX_IMAGE_UPLOAD_BYTES) {
    super('too_large', 'image_too_large', `An image may be at most ${limitBytes} bytes.`);
  }
}

/** Bytes that claim to be an image but cannot be read as one (truncated, corrupt). */
export function unreadableImage(
  detail = 'the image could not be read; it may be truncated or damaged',
): ValidationFailed {
  return new ValidationFailed([{ location: IMAGE_FIELD, message: detail }], 'image_unreadable');
}

/** Refuses dimensions outside the bounds: too small, too large, or over the pixel budget. */
export function checkImageBounds(size: { width: number; height: number }, bounds: ImageBounds): void {
  const { width, height } = size;
  const fail = (message: string) => {
    throw new ValidationFailed(
      [{ location: IMAGE_FIELD, message, value: `${width}x${height}` }],
      'image_dimensions',
    );
  };
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    fail('the image declares no usable size');
  }
  if (Math.min(width, height) < bounds.minEdge) fail(`each side must be at least ${bounds.minEdge} pixels`);
  if (Math.max(width, height) > bounds.maxEdge) fail(`no side may be longer than ${bounds.maxEdge} pixels`);
  if (width * height > bounds.maxPixels) {
    fail(`the image may have at most ${Math.round(bounds.maxPixels / 1e6)} megapixels`);
  }
}
