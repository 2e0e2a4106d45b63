/**
 * Worker-thread entry of the jimp renderer: decodes and encodes one image per message,
 * off the main event loop. Replies `{ok: true, image}` or `{ok: false, error}` with the
 * domain error flattened so the main thread can raise it again.
 */
import { parentPort } from 'node:worker_threads';
import { DomainError, type RenderRequest, ValidationFailed } from '@larder/domain';
import { renderWithJimp } from './codecs/jimp-codec.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';

if (!parentPort) throw new Error('jimp-render-worker runs only as a worker thread');
const port = parentPort;

port.on('message', async (message: WorkerRequest) => {
  let reply: WorkerReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const image = await renderWithJimp(new Uint8Array(message.bytes), message.request as RenderRequest);
    const renditions = image.renditions.map((r) => {
      const copy = r.bytes.slice(); // its own ArrayBuffer, never a pooled one, so it can move
      transfer.push(copy.buffer as ArrayBuffer);
      return { ...r, bytes: copy };
    });
    reply = { ok: true, image: { ...image, renditions } };
  } catch (error) {
    if (error instanceof ValidationFailed) {
      reply = {
        ok: false,
        error: { kind: 'invalid', code: error.code, message: error.message, issues: error.issues },
      };
    } else if (error instanceof DomainError) {
      reply = { ok: false, error: { kind: error.kind, code: error.code, message: error.message } };
    } else {
      reply = {
        ok: false,
        error: {
          kind: 'internal',
          code: 'render_failed',
          message: (error as Error)?.message ?? String(error),
        },
      };
    }
  }
  port.postMessage(reply, transfer);
});
