import { existsSync } from 'node:fs';
import {
  DomainError,
  type ImageHeader,
  type ImageRenderer,
  type ImageType,
  type RenderRequest,
  type RenderedImage,
  UnsupportedImageType,
  ValidationFailed,
  checkImageBounds,
} from '@larder/domain';
import { JIMP_TYPES } from './codecs/jimp-codec.js';
import { readImageHeader } from './image-header.js';
import { WorkerPool } from './worker-pool.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

export interface RendererOptions {
  /** How many images may be decoded at once (default 2); the rest wait. */
  concurrency?: number;
}

/**
 * The portable renderer: jimp, pure JavaScript, in a pool of worker threads so a
 * multi-second decode never blocks the event loop, and at most `concurrency` decodes
 * (each a few hundred MB for a 12-megapixel photo) run at once.
 */
export class JimpImageRenderer implements ImageRenderer {
  readonly name = 'jimp';
  readonly supportedTypes: readonly ImageType[] = JIMP_TYPES;
  private readonly pool: WorkerPool;

  constructor(options: RendererOptions = {}) {
    this.pool = new WorkerPool(workerScript(), options.concurrency ?? 2);
  }

  inspect(bytes: Uint8Array): ImageHeader {
    const header = readImageHeader(bytes);
    if (!this.supportedTypes.includes(header.type)) {
      throw new UnsupportedImageType('This server reads JPEG and PNG images; WebP needs the sharp renderer.');
    }
    return header;
  }

  async render(bytes: Uint8Array, request: RenderRequest): Promise<RenderedImage> {
    // Refuse on the header, before the bytes even travel to a worker.
    checkImageBounds(this.inspect(bytes), request.bounds);
    // A copy in an ArrayBuffer of its own, safe to move to the worker. (A Buffer's slice() is a
    // view: its ArrayBuffer may be Node's shared pool, which cannot move, or a larger buffer the
    // caller still reads, which moving would empty.)
    const own = new Uint8Array(bytes);
    const message: WorkerRequest = { bytes: own.buffer as ArrayBuffer, request };
    const reply = await this.pool.run<WorkerReply>(message, [message.bytes]);
    if (reply.ok) return reply.image;
    const { kind, code, message: text, issues } = reply.error;
    if (kind === 'invalid' && issues) throw new ValidationFailed(issues, code);
    if (kind === 'internal') throw new Error(`jimp renderer failed: ${text}`);
    throw new DomainError(kind, code, text);
  }

  load(): { rendering: number; waiting: number } {
    return { rendering: this.pool.running, waiting: this.pool.waiting };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * The compiled worker script. Under the test runner this module is loaded from its
 * TypeScript source, so the script is taken from the package's build output.
 */
function workerScript(): URL {
  const here = new URL('./jimp-render-worker.js', import.meta.url);
  if (existsSync(here)) return here;
  return new URL('../dist/jimp-render-worker.js', import.meta.url);
}
