import type { CoreDependencies } from '../core-dependencies.js';
import type { ImageJanitor } from './image-janitor.js';
import type { ImageRenderer } from './image-renderer.port.js';
import type { ImageStore } from './image-store.port.js';

/** What the photo and picture use cases need besides the store. */
export interface PhotoDependencies extends Pick<CoreDependencies, 'store' | 'clock' | 'secrets'> {
  images: ImageStore;
  renderer: ImageRenderer;
  janitor: ImageJanitor;
}
