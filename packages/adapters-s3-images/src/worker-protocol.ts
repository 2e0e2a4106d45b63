import type { ErrorKind, FieldIssue, RenderRequest, RenderedImage } from '@larder/domain';

/** Messages between the main thread and a renderer worker. */
export interface WorkerRequest {
  /** The upload, in an ArrayBuffer of its own (moved, not copied). */
  bytes: ArrayBuffer;
  request: RenderRequest;
}

export type WorkerReply =
  | { ok: true; image: RenderedImage }
  | {
      ok: false;
      error: { kind: ErrorKind | 'internal'; code: string; message: string; issues?: FieldIssue[] };
    };
