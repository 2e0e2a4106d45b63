import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3ImageStoreOptions } from '../src/s3-image-store.js';

export interface TestS3 {
  /** Options for an S3ImageStore talking to this server. */
  options: S3ImageStoreOptions;
  /** `s3rver` (in-process) or `minio` (testcontainer). */
  kind: string;
  stop(): Promise<void>;
}

export interface S3rverOptions {
  /** A fixed port, e.g. to start the server again where it was. */
  port?: number;
  /** Where s3rver keeps its objects; reuse it to start again with the same contents. */
  directory?: string;
  /** Leave the directory on stop (to start again with the same contents). */
  keepDirectory?: boolean;
}

/** An S3-compatible server in this process, on 127.0.0.1 and a free port, with one empty bucket. */
export async function startS3rver(
  bucket = 'larder-test',
  options: S3rverOptions = {},
): Promise<TestS3 & { port: number; directory: string }> {
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 'larder-s3rver-')));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: options.directory ? [] : [{ name: bucket }],
  });
  const address = (await server.run()) as { port: number };
  return {
    kind: 's3rver',
    port: address.port,
    directory,
    options: {
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      (server as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await server.close();
      if (!options.keepDirectory) await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A MinIO testcontainer when a Docker engine answers (and LARDER_TEST_CONTAINERS is not 0);
 * null otherwise — without an engine testcontainers refuses within milliseconds.
 */
export async function tryMinio(bucket = 'larder-test'): Promise<TestS3 | null> {
  if (process.env['LARDER_TEST_CONTAINERS'] === '0') return null;
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('minio/minio:latest')
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: 'larder', MINIO_ROOT_PASSWORD: 'larder-secret' })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
      .start();
    const options: S3ImageStoreOptions = {
      bucket,
      endpoint: `http://${container.getHost()}:${container.getMappedPort(9000)}`,
      region: 'us-east-1',
      accessKeyId: 'larder',
      secretAccessKey: 'larder-secret',
      forcePathStyle: true,
    };
    const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: options.endpoint!,
      forcePathStyle: true,
      credentials: { accessKeyId: 'larder', secretAccessKey: 'larder-secret' },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    return { kind: 'minio', options, stop: async () => void (await container.stop()) };
  } catch {
    return null;
  }
}
