import { refuseEncodedBody } from './encoded-body.js';
import busboy from 'busboy';
import type { Request } from 'express';
import { announcesMoreThan } from './announced-length.js';
import { problem, problemType } from './problem.js';

/** The most parts (and of them, fields) an upload is read for: the file, and a few fields beside it. */
const MOST_PARTS = 25;
const MOST_FIELDS = 20;

/** Room for the multipart envelope (boundaries, part headers) on top of the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads the one file of a `multipart/form-data` upload (field `file` unless told),
 * refusing more than `limitBytes`: at once when Content-Length already says so,
 * before a byte of the body is read, otherwise as soon as the file passes the limit.
 */
export async function readUploadedFile(
  req: Request,
  limitBytes: number,
  field = 'file',
): Promise<Uint8Array> {
  if (!req.is('multipart/form-data')) {
    throw problem(415, `Send the image as multipart/form-data in the field "${field}".`);
  }
  refuseEncodedBody(req, 'the image');
  if (announcesMoreThan(req, limitBytes + ENVELOPE_BYTES)) {
    throw tooLarge(limitBytes);
  }
  return new Promise<Uint8Array>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: limitBytes, files: 1, fields: MOST_FIELDS, parts: MOST_PARTS, fieldSize: 1024 },
      });
    } catch {
      reject(problem(400, 'The multipart body could not be read.'));
      return;
    }
    let file: Uint8Array | null = null;
    let failure: unknown = null;
    const fail = (error: unknown) => {
      failure ??= error;
      req.unpipe(parser);
      req.resume(); // let the rest of the body drain
    };
    parser.on('file', (name, stream) => {
      if (name !== field || file !== null) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      // A body that ends before its closing boundary fails the file stream ("Unexpected end of
      // form"); without this listener that error would escape the request and end the process.
      stream.on('error', () => fail(problem(400, 'The multipart body ended before the file did.')));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge(limitBytes)));
      stream.on('end', () => {
        if (!(stream as unknown as { truncated?: boolean }).truncated)
          file = new Uint8Array(Buffer.concat(chunks));
      });
    });
    parser.on('error', () => fail(problem(400, 'The multipart body could not be read.')));
    // More parts than an upload ever needs: the file may be among those no longer read, so say so
    // rather than that it is missing.
    const tooManyParts = () =>
      fail(
        problem(422, 'validation failed', {
          errors: [
            { location: 'body', message: `must hold the file "${field}" among at most ${MOST_PARTS} parts` },
          ],
        }),
      );
    parser.on('partsLimit', tooManyParts);
    parser.on('fieldsLimit', tooManyParts);
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!file)
        reject(
          problem(422, 'validation failed', {
            errors: [{ location: `body.${field}`, message: 'is required' }],
          }),
        );
      else resolve(file);
    });
    req.on('aborted', () => fail(problem(400, 'The upload was interrupted.')));
    req.pipe(parser);
    // A refused upload ends the answer early; busboy may never close then.
    req.on('end', () => {
      if (failure) reject(failure);
    });
  });
}

function tooLarge(limitBytes: number) {
  return problem(413, `An image may be at most ${limitBytes} bytes.`, {
    type: problemType('image_too_large'),
  });
}
