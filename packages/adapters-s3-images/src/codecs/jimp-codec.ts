import {
  type RenderRequest,
  type RenderedFile,
  type RenderedImage,
  UnsupportedImageType,
  checkImageBounds,
  fittedSize,
  resolveSquareCrop,
  unreadableImage,
} from '@larder/domain';
import { Jimp } from 'jimp';
import { readImageHeader } from '../image-header.js';

type JimpImage = Awaited<ReturnType<typeof Jimp.fromBuffer>>;

/** What jimp can decode without native code here: JPEG and PNG (WebP needs sharp). */
export const JIMP_TYPES = ['jpeg', 'png'] as const;

/**
 * Renders with jimp (pure JavaScript). Meant to run inside a worker thread: decoding a
 * 12-megapixel JPEG takes seconds of CPU. The header is checked again here, so the
 * decoder never sees an image the bounds refuse.
 */
export async function renderWithJimp(bytes: Uint8Array, request: RenderRequest): Promise<RenderedImage> {
  const header = readImageHeader(bytes);
  if (header.type === 'webp')
    throw new UnsupportedImageType('This server reads JPEG and PNG images; WebP needs the sharp renderer.');
  checkImageBounds(header, request.bounds);

  let image: JimpImage;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    image = await Jimp.fromBuffer(buffer, {
      'image/jpeg': {
        maxResolutionInMP: Math.ceil(request.bounds.maxPixels / 1e6),
        maxMemoryUsageInMB: 2048,
        tolerantDecoding: false,
      },
    } as never);
  } catch {
    throw unreadableImage();
  }
  // jimp applies the EXIF orientation while decoding: the bitmap is upright now.
  const width = image.bitmap.width;
  const height = image.bitmap.height;
  if (header.type === 'png') flattenOnWhite(image.bitmap.data);

  const renditions: RenderedFile[] = [];
  // Largest first, each derived from the one before: cheaper than resizing the original each time.
  const fits = request.renditions.filter((r) => r.shape === 'fit').sort((a, b) => b.longEdge - a.longEdge);
  let current: JimpImage = image;
  for (const spec of fits) {
    const size = fittedSize(width, height, spec.longEdge);
    if (size.width !== current.bitmap.width || size.height !== current.bitmap.height) {
      current = current === image ? (image.clone() as JimpImage) : current;
      current.resize({ w: size.width, h: size.height });
    }
    renditions.push({
      name: spec.name,
      file: spec.file,
      ...size,
      bytes: await encodeJpeg(current, spec.quality),
    });
  }
  for (const spec of request.renditions.filter((r) => r.shape === 'square')) {
    const crop = resolveSquareCrop(request.crop, width, height);
    const square = image.clone() as JimpImage;
    square.crop({ x: crop.left, y: crop.top, w: crop.side, h: crop.side });
    const side = Math.min(crop.side, spec.longEdge);
    if (side !== crop.side) square.resize({ w: side, h: side });
    renditions.push({
      name: spec.name,
      file: spec.file,
      width: side,
      height: side,
      bytes: await encodeJpeg(square, spec.quality),
    });
  }
  const order = request.renditions.map((r) => r.name);
  renditions.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return { type: header.type, width, height, renditions };
}

/**
 * Encodes only the pixels: a fresh bitmap carries no EXIF (jpeg-js would write back
 * the `exifBuffer` the decoder kept on the original bitmap).
 */
async function encodeJpeg(image: JimpImage, quality: number): Promise<Uint8Array> {
  const { width, height, data } = image.bitmap;
  const plain = Jimp.fromBitmap({ width, height, data });
  const buffer = await plain.getBuffer('image/jpeg', { quality });
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** JPEG has no alpha: transparent parts of a PNG become white, not black. */
function flattenOnWhite(data: Buffer): void {
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 255) continue;
    const keep = alpha / 255;
    const add = 255 * (1 - keep);
    data[i] = Math.round(data[i]! * keep + add);
    data[i + 1] = Math.round(data[i + 1]! * keep + add);
    data[i + 2] = Math.round(data[i + 2]! * keep + add);
    data[i + 3] = 255;
  }
}
