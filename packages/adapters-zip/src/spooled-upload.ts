import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ArchiveTooLarge } from '@larder/domain';
import { newSpoolFolder } from './spool-folders.js';

/** An upload copied to a file of its own, in a folder of its own that `remove` takes away. */
export interface SpooledUpload {
  readonly path: string;
  remove(): Promise<void>;
}

/**
 * Copies `upload` to a new file readable by this process alone, in a spool folder of its own
 * (`spool-folders.ts`: removed even when the process stops mid-import). Once more than `maxBytes`
 * have arrived it stops reading the upload (its iterator is returned) and throws
 * `ArchiveTooLarge`, leaving nothing on disk.
 */
export async function spoolUpload(
  upload: AsyncIterable<Uint8Array>,
  parent: string,
  maxBytes: number,
): Promise<SpooledUpload> {
  const folder = await newSpoolFolder(parent);
  const path = join(folder.path, 'upload.zip');
  const remove = () => folder.remove();
  try {
    let received = 0;
    await pipeline(
      upload,
      async function* countBytes(chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          received += chunk.byteLength;
          if (received > maxBytes) throw new ArchiveTooLarge(maxBytes);
          yield chunk;
        }
      },
      createWriteStream(path, { flags: 'wx', mode: 0o600 }),
    );
    return { path, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
