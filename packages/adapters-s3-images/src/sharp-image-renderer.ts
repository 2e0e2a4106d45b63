import {
  type ImageHeader,
  type ImageRenderer,
  type ImageType,
  type RenderRequest,
  type RenderedImage,
  ConcurrencyLimit,
  UnsupportedImageType,
  checkImageBounds,
} from '@larder/domain';
import { SHARP_TYPES, type Sharp, renderWithSharp } from './codecs/sharp-codec.js';
import { readImageHeader } from './image-header.js';
import type { RendererOptions } from './jimp-image-renderer.js';

/**
 * The fast renderer: sharp (libvips), used whenever the optional `sharp` package loads.
 * libvips decodes on its own thread pool, off the event loop; a concurrency limit keeps
 * at most `concurrency` images in memory at once.
 */
export class SharpImageRenderer implements ImageRenderer {
  readonly name = 'sharp';
  readonly supportedTypes: readonly ImageType[] = SHARP_TYPES;
  private readonly limit: ConcurrencyLimit;

  constructor(
    private readonly sharp: Sharp,
    options: RendererOptions = {},
  ) {
    this.limit = new ConcurrencyLimit(options.concurrency ?? 2);
    // Every upload is new: libvips' operation cache would only hold memory.
    sharp.cache(false);
    // One libvips thread per image: images are rendered `concurrency` at a time already, and each
    // extra thread keeps buffers of its own (measured: 50 MB less resident memory over an import).
    sharp.concurrency(1);
  }

  inspect(bytes: Uint8Array): ImageHeader {
    const header = readImageHeader(bytes);
    if (!this.supportedTypes.includes(header.type)) throw new UnsupportedImageType();
    return header;
  }

  async render(bytes: Uint8Array, request: RenderRequest): Promise<RenderedImage> {
    checkImageBounds(this.inspect(bytes), request.bounds);
    return this.limit.run(() => renderWithSharp(this.sharp, bytes, request));
  }

  load(): { rendering: number; waiting: number } {
    return { rendering: this.limit.running, waiting: this.limit.queued };
  }

  async close(): Promise<void> {}
}
