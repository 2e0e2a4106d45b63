import {
  type RenderRequest,
  type RenderedFile,
  type RenderedImage,
  checkImageBounds,
  resolveSquareCrop,
  unreadableImage,
} from '@larder/domain';
import type SharpModule from 'sharp';
import { readImageHeader } from '../image-header.js';

export type Sharp = typeof SharpModule;

export const SHARP_TYPES = ['jpeg', 'png', 'webp'] as const;

/**
 * Renders with sharp (libvips). libvips decodes on its own threads, off the event
 * loop; the input pixel limit is the domain's budget, and sharp's defaults drop every
 * piece of metadata (EXIF, GPS, XMP, ICC) from the output.
 */
export async function renderWithSharp(
  sharp: Sharp,
  bytes: Uint8Array,
  request: RenderRequest,
): Promise<RenderedImage> {
  const header = readImageHeader(bytes);
  checkImageBounds(header, request.bounds);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const load = () =>
    sharp(input, {
      limitInputPixels: request.bounds.maxPixels,
      failOn: 'warning',
      autoOrient: true,
      sequentialRead: true,
    });
  try {
    const meta = await sharp(input, { limitInputPixels: request.bounds.maxPixels }).metadata();
    const swap = (meta.orientation ?? 1) >= 5;
    const width = swap ? meta.height : meta.width;
    const height = swap ? meta.width : meta.height;
    const renditions: RenderedFile[] = [];
    for (const spec of request.renditions) {
      let pipeline = load().flatten({ background: '#ffffff' });
      if (spec.shape === 'square') {
        const crop = resolveSquareCrop(request.crop, width, height);
        const side = Math.min(crop.side, spec.longEdge);
        pipeline = pipeline
          .extract({ left: crop.left, top: crop.top, width: crop.side, height: crop.side })
          .resize(side, side);
      } else {
        pipeline = pipeline.resize({
          width: spec.longEdge,
          height: spec.longEdge,
          fit: 'inside',
          withoutEnlargement: true,
        });
      }
      const { data, info } = await pipeline
        .jpeg({ quality: spec.quality })
        .toBuffer({ resolveWithObject: true });
      renditions.push({
        name: spec.name,
        file: spec.file,
        width: info.width,
        height: info.height,
        bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      });
    }
    return { type: header.type, width, height, renditions };
  } catch (error) {
    // Everything sharp refuses here is about the bytes: damaged, truncated, lying header.
    throw unreadableImage(`the image could not be read: ${(error as Error).message.split('\n')[0]}`);
  }
}
