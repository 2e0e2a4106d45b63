export const IMAGE_STORE = Symbol('ImageStore');

/** What the store knows about one stored file. */
export interface StoredImageInfo {
  key: string;
  size: number;
  /** A strong validator of the bytes, quoted as in an HTTP `ETag`. */
  etag: string;
}

export interface StoredImage extends StoredImageInfo {
  bytes: Uint8Array;
}

/**
 * Where rendered images live: an S3 bucket or a local directory. Keys are relative
 * paths of safe segments (see `isSafeImageKey`); a store refuses any other key.
 * A `put` is atomic: a reader sees the old file, the whole new file, or nothing,
 * never a half-written one.
 */
export interface ImageStore {
  /** `s3` or `disk`, for logs and health pages. */
  readonly kind: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredImage | null>;
  /** The file's bytes as a stream, read as they are consumed (exports of many photos); null when missing. */
  stream(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  head(key: string): Promise<StoredImageInfo | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix`, in no particular order. */
  list(prefix: string): Promise<string[]>;
  /**
   * Removes what writes interrupted before `olderThan` left behind (a crash in the middle of a
   * `put`), never touching a write that may still be under way; answers how many it removed.
   */
  removeLeftovers(olderThan: Date): Promise<number>;
}
