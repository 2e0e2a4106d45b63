import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ArchiveTooLarge } from '@larder/domain';

/** An upload copied to a file of its own, in a folder of its own that `remove` takes away. */
export interface SpooledUpload {
  readonly path: string;
  remove(): Promise<void>;
}

/**
 * Copies `upload` to a new file readable by this process alone. Once more than `maxBytes`
 * have arrived it stops reading the upload (its iterator is returned) and throws
 * `ArchiveTooLarge`, leaving nothing on disk.
 */
export async function spoolUpload(
  upload: AsyncIterable<Uint8Array>,
  parent: string,
  maxBytes: number,
): Promise<SpooledUpload> {
  const folder = await mkdtemp(join(parent, 'larder-archive-'));
  const path = join(folder, 'upload.zip');
  const remove = () => rm(folder, { recursive: true, force: true });
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
