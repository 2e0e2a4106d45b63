import { tmpdir } from 'node:os';
import type { ArchiveFile, ArchiveLimits, OpenedArchive, ZipArchives } from '@larder/domain';
import { removeLeftoverSpools } from './spool-folders.js';
import { spoolUpload } from './spooled-upload.js';
import { openSpooledZip } from './zip-reader.js';
import { zipOf } from './zip-writer.js';

export interface YazlZipArchivesOptions {
  /** Where uploads are spooled while they are read; the system's temporary folder by default. */
  temporaryDirectory?: string;
}

/** Zip archives written with yazl as a stream and read with yauzl from a spooled copy of the upload. */
export class YazlZipArchives implements ZipArchives {
  private readonly temporaryDirectory: string;

  constructor(options: YazlZipArchivesOptions = {}) {
    this.temporaryDirectory = options.temporaryDirectory ?? tmpdir();
  }

  write(files: AsyncIterable<ArchiveFile>): AsyncIterable<Uint8Array> {
    return zipOf(files);
  }

  async open(upload: AsyncIterable<Uint8Array>, limits: ArchiveLimits): Promise<OpenedArchive> {
    const spooled = await spoolUpload(upload, this.temporaryDirectory, limits.maxArchiveBytes);
    return openSpooledZip(spooled, limits);
  }

  removeLeftovers(olderThan: Date): Promise<number> {
    return removeLeftoverSpools(this.temporaryDirectory, olderThan);
  }
}
