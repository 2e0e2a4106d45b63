import { Readable } from 'node:stream';
import type { ArchiveFile } from '@larder/domain';
import yazl from 'yazl';
import { entryNameProblem, isFolderName } from './entry-names.js';

/**
 * Every entry carries the same time, so the same files make the same bytes. Built from local
 * date parts and written in the DOS format alone (no UTC extra field), it reads 2000-01-01 00:00
 * whatever the server's time zone.
 */
const FIXED_TIME = new Date(2000, 0, 1, 0, 0, 0);
const FILE_MODE = 0o100644;

/** Formats that are compressed already: deflating them again costs time and saves nothing. */
const COMPRESSED_ALREADY = /\.(?:jpe?g|png|webp|gif|avif|heic|zip|gz)$/iu;

/**
 * A zip of `files`, produced as it is read. The next file is pulled only once the previous
 * one is written, and its stream opened only when yazl reaches it, so at most one source is
 * open and memory stays bounded however many files there are. A failing source (or `files`
 * itself) ends the output with its error; a reader that stops early closes the open source.
 */
export async function* zipOf(files: AsyncIterable<ArchiveFile>): AsyncGenerator<Uint8Array> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);

  let stopped = false;
  let source: Readable | undefined;
  const feeding = (async () => {
    const names = new Set<string>();
    for await (const file of files) {
      if (stopped) return;
      const problem = entryNameProblem(file.name) ?? (isFolderName(file.name) ? 'is a folder name' : null);
      if (problem) throw new Error(`Refused to write ${JSON.stringify(file.name)}: it ${problem}.`);
      if (names.has(file.name)) throw new Error(`Refused to write ${JSON.stringify(file.name)} twice.`);
      names.add(file.name);
      await new Promise<void>((resolve, reject) => {
        zip.addReadStreamLazy(file.name, optionsFor(file.name), (give) => {
          openContent(file.content).then((opened) => {
            // 'close' also comes when the source is destroyed because the reader went away.
            opened.once('close', resolve);
            opened.once('error', reject);
            // A reader that left while the source was opening will never read it.
            if (stopped) return opened.destroy();
            source = opened;
            give(null, opened);
          }, reject);
        });
      });
      source = undefined;
      if (stopped) return;
    }
    zip.end();
  })();
  feeding.catch(fail);

  try {
    for await (const chunk of output) yield chunk as Uint8Array;
  } finally {
    stopped = true;
    source?.destroy();
  }
}

function optionsFor(name: string): Partial<yazl.ReadStreamOptions> {
  return {
    mtime: FIXED_TIME,
    mode: FILE_MODE,
    forceDosTimestamp: true,
    compress: !COMPRESSED_ALREADY.test(name),
  };
}

async function openContent(content: ArchiveFile['content']): Promise<Readable> {
  const chunks = content instanceof Uint8Array ? [content] : await content();
  return Readable.from(chunks, { objectMode: false });
}
