import { createRequire } from 'node:module';
import type { ImageRenderer } from '@larder/domain';
import type { Sharp } from './codecs/sharp-codec.js';
import { JimpImageRenderer, type RendererOptions } from './jimp-image-renderer.js';
import { SharpImageRenderer } from './sharp-image-renderer.js';

/** sharp when its native part loads on this machine, otherwise null. */
export function loadSharp(): Sharp | null {
  try {
    return createRequire(import.meta.url)('sharp') as Sharp;
  } catch {
    return null;
  }
}

export interface RendererChoice extends RendererOptions {
  /** `auto` (default): sharp when it loads, jimp otherwise. */
  prefer?: 'auto' | 'sharp' | 'jimp';
}

/** Picks the renderer: sharp when the optional package loads, jimp as the portable fallback. */
export function createImageRenderer(choice: RendererChoice = {}): ImageRenderer {
  const prefer = choice.prefer ?? 'auto';
  if (prefer !== 'jimp') {
    const sharp = loadSharp();
    if (sharp) return new SharpImageRenderer(sharp, choice);
    if (prefer === 'sharp') throw new Error('the sharp renderer was asked for, but sharp does not load here');
  }
  return new JimpImageRenderer(choice);
}
