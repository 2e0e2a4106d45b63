import { ValidationFailed } from '../shared/errors.js';

/**
 * One JPEG the service renders from an upload. Every rendition is re-encoded from the
 * decoded pixels, upright (EXIF orientation applied) and without any metadata.
 */
export interface RenditionSpec {
  /** Name of the rendition, e.g. `thumb`. */
  name: string;
  /** File name it is stored and served under, e.g. `thumb.jpg`. */
  file: string;
  /** `fit`: the whole picture, longest side at most `longEdge`; `square`: a square crop of side `longEdge`. */
  shape: 'fit' | 'square';
  /** Longest side in pixels; a smaller picture is never enlarged. */
  longEdge: number;
  /** JPEG quality, 1–100. */
  quality: number;
}

/** Recipe photos: a card thumbnail, a detail view and a bounded copy of the original. */
export const PHOTO_RENDITIONS: readonly RenditionSpec[] = [
  { name: 'thumb', file: 'thumb.jpg', shape: 'fit', longEdge: 480, quality: 78 },
  { name: 'detail', file: 'detail.jpg', shape: 'fit', longEdge: 1600, quality: 82 },
  { name: 'original', file: 'original.jpg', shape: 'fit', longEdge: 4096, quality: 88 },
];

/** Profile pictures: one square. */
export const AVATAR_RENDITION: RenditionSpec = {
  name: 'avatar',
  file: 'avatar.jpg',
  shape: 'square',
  longEdge: 512,
  quality: 85,
};

export const PHOTO_FILES: readonly string[] = PHOTO_RENDITIONS.map((r) => r.file);

/** The rendition served under a file name, or null (any other name is a 404). */
export function photoRenditionOf(file: string): RenditionSpec | null {
  return PHOTO_RENDITIONS.find((r) => r.file === file) ?? null;
}

/** Size of a `fit` rendition of a `width` × `height` picture: scaled down to `longEdge`, never up. */
export function fittedSize(
  width: number,
  height: number,
  longEdge: number,
): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The square an avatar keeps: x and y place its top-left corner as fractions of the
 * upright picture's width and height; size is its side as a fraction of the shorter side.
 */
export interface SquareCrop {
  x: number;
  y: number;
  size: number;
}

/** Reads `x,y,size` (three decimal fractions); absent or empty means the centered square. */
export function parseSquareCrop(text: string | undefined, location = 'crop'): SquareCrop | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const parts = text.split(',').map((p) => p.trim());
  const numbers = parts.map((p) => (/^\d*\.?\d+$/.test(p) ? Number(p) : Number.NaN));
  const [x, y, size] = numbers;
  const bad = (message: string) => new ValidationFailed([{ location, message, value: text }]);
  if (
    numbers.length !== 3 ||
    x === undefined ||
    y === undefined ||
    size === undefined ||
    numbers.some(Number.isNaN)
  ) {
    throw bad('must be three fractions x,y,size such as 0.1,0.2,0.5');
  }
  if (x >= 1 || y >= 1) throw bad('x and y must be at least 0 and below 1');
  if (size <= 0 || size > 1) throw bad('size must be above 0 and at most 1');
  return { x, y, size };
}

/** The crop in pixels of an upright `width` × `height` picture, moved inside it where it overhangs. */
export function resolveSquareCrop(
  crop: SquareCrop | undefined,
  width: number,
  height: number,
): { left: number; top: number; side: number } {
  const shorter = Math.min(width, height);
  if (!crop) {
    return {
      left: Math.floor((width - shorter) / 2),
      top: Math.floor((height - shorter) / 2),
      side: shorter,
    };
  }
  const side = Math.max(1, Math.min(shorter, Math.round(crop.size * shorter)));
  const left = Math.min(Math.round(crop.x * width), width - side);
  const top = Math.min(Math.round(crop.y * height), height - side);
  return { left: Math.max(0, left), top: Math.max(0, top), side };
}
