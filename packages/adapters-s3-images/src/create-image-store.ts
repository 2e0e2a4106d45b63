import { join } from 'node:path';
import type { ImageStore } from '@larder/domain';
import { DiskImageStore } from './disk-image-store.js';
import { S3ImageStore, type S3ImageStoreOptions } from './s3-image-store.js';
import type { OutageReport } from './storage-outage.js';

export interface ImageStoreChoice {
  /** Set (bucket given) → S3 / MinIO; absent → files under `<dataDir>/images`. */
  s3?: S3ImageStoreOptions;
  dataDir: string;
  /** Called with the cause of every failure answered as an outage (for the log). */
  onOutage?: OutageReport;
}

export function createImageStore(choice: ImageStoreChoice): ImageStore {
  if (choice.s3?.bucket) return new S3ImageStore(choice.s3, choice.onOutage);
  return new DiskImageStore(join(choice.dataDir, 'images'), choice.onOutage);
}
