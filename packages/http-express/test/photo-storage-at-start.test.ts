/**
 * /healthz answers for the database alone (docs/operations.md#health-check): photo storage is not
 * part of it. Photo storage the service cannot use is said in the start log instead, with the
 * reason, rather than first by an upload's 503 ("try again in a moment") while /healthz says 200.
 */
import { once } from 'node:events';
import {
  type EmptyServerDatabase,
  emptyServerDatabase,
} from '@larder/adapters-postgres/test-support/test-database.js';
import { type TestS3, startS3rver } from '@larder/adapters-s3-images/test-support/s3-server.js';
import { type ServiceProcess, startServiceProcess } from '../test-support/service-process.js';

type LogLine = Record<string, unknown> & { msg: string };

/** The first log line `match` accepts, once the service has written it. */
async function logLine(service: ServiceProcess, match: (line: LogLine) => boolean): Promise<LogLine> {
  for (;;) {
    const found = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)
      .find(match);
    if (found) return found;
    await once(service.child.stdout!, 'data');
  }
}

describe('photo storage the service cannot use at its start', () => {
  let s3: TestS3 | undefined;
  let server: EmptyServerDatabase | null = null;
  let service: ServiceProcess | undefined;

  afterEach(async () => {
    await service?.stop();
    await s3?.stop();
    await server?.drop();
  });

  it('a bucket that does not exist: the start log says so with the reason; /healthz stays 200 for the database', async () => {
    s3 = await startS3rver('larder-photos');
    server = await emptyServerDatabase();
    service = await startServiceProcess({
      SERVICE_S3_BUCKET: 'larder-photoz',
      SERVICE_S3_ENDPOINT: s3.options.endpoint ?? '',
      SERVICE_S3_REGION: 'us-east-1',
      SERVICE_S3_ACCESS_KEY_ID: 'S3RVER',
      SERVICE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      SERVICE_S3_FORCE_PATH_STYLE: 'true',
      ...(server ? { SERVICE_DATABASE_URL: server.url } : {}),
    });
    const line = await logLine(service, (l) => l.msg.startsWith('photo storage cannot be used'));
    expect(line).toMatchObject({
      level: 40,
      part: 'photo storage',
      reason: expect.stringMatching(/^NoSuchBucket\b/),
    });
    expect(JSON.stringify(line)).not.toContain('S3RVER');
    const health = await fetch(`${service.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('ok');
  }, 120_000);
});
