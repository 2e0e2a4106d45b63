import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  type ImageStore,
  type ServiceUnavailable,
  type StoredImage,
  type StoredImageInfo,
  isSafeImageKey,
} from '@larder/domain';
import { type OutageReport, storageUnavailable } from './storage-outage.js';

export interface S3ImageStoreOptions {
  bucket: string;
  /** For MinIO and other S3-compatible servers, e.g. `http://minio:9000`. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (`endpoint/bucket/key`), which MinIO wants. */
  forcePathStyle?: boolean;
}

/**
 * Images as objects in one S3 / MinIO bucket. An S3 PUT is atomic: readers see the
 * whole object or none, never part of it.
 */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    options: S3ImageStoreOptions,
    private readonly onOutage: OutageReport = () => undefined,
  ) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  private check(key: string): string {
    if (!isSafeImageKey(key)) throw new Error(`refused image key ${JSON.stringify(key)}`);
    return key;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const checked = this.check(key);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: checked, Body: bytes, ContentType: contentType }),
      );
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async get(key: string): Promise<StoredImage | null> {
    const checked = this.check(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked }));
      const bytes = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      return { key, size: bytes.byteLength, etag: quoted(answer.ETag, bytes.byteLength), bytes };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.unavailable(error);
    }
  }

  async stream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const checked = this.check(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked }));
      return (answer.Body as AsyncIterable<Uint8Array> | undefined) ?? (async function* () {})();
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.unavailable(error);
    }
  }

  async head(key: string): Promise<StoredImageInfo | null> {
    const checked = this.check(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checked }));
      const size = answer.ContentLength ?? 0;
      return { key, size, etag: quoted(answer.ETag, size) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw this.unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.check(key) }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /**
   * Nothing to do: an S3 `PutObject` is whole or absent, never half-written. (Multipart uploads,
   * which can be left incomplete, are not used.)
   */
  async removeLeftovers(_olderThan: Date): Promise<number> {
    return 0;
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** The bucket did not answer (or refused): reported, and the request may succeed later. */
  private unavailable(cause: unknown): ServiceUnavailable {
    this.onOutage(cause);
    return storageUnavailable('Photo storage is not answering; try again in a moment.', 30, cause);
  }

  /** Closes the client's sockets. */
  close(): void {
    this.client.destroy();
  }
}

function quoted(etag: string | undefined, size: number): string {
  if (!etag) return `"${size.toString(16)}"`;
  return etag.startsWith('"') || etag.startsWith('W/') ? etag : `"${etag}"`;
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
