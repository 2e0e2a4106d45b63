/**
 * An import whose service is killed in the middle of it leaves its spooled upload in the
 * temporary directory; the service removes it when it starts again. The service runs as its
 * own process, as a household runs it.
 */
import { request } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServiceProcess, newDataDir, startServiceProcess } from '../test-support/service-process.js';

let service: ServiceProcess | undefined;
let dataDir: string;
let temporary: string;

beforeAll(async () => {
  dataDir = await newDataDir();
  temporary = await mkdtemp(join(tmpdir(), 'larder-stopped-import-'));
});

afterAll(async () => {
  await service?.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(temporary, { recursive: true, force: true });
});

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'owner-password-1' }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function spoolFolders(): Promise<string[]> {
  return (await readdir(temporary)).filter((name) => name.startsWith('larder-archive-'));
}

/** Waits for `condition` to hold, looking again every 100 ms (the test's own time limit bounds it). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 100));
}

it('removes, when it starts again, the spooled upload of an import it was killed in the middle of', async () => {
  service = await startServiceProcess({ TMPDIR: temporary }, dataDir);
  const cookie = await signIn(service.url);
  const { port } = new URL(service.url);
  // An upload that never finishes: the service is killed while it spools it.
  const upload = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/import',
    headers: { Cookie: cookie, 'Content-Type': 'application/zip', 'Transfer-Encoding': 'chunked' },
  });
  upload.on('error', () => undefined);
  upload.write(Buffer.alloc(256 * 1024));
  // Until its file is there: the folder is made a moment before the file is opened in it.
  await until(async () => {
    const [folder] = await spoolFolders();
    return folder !== undefined && (await readdir(join(temporary, folder))).includes('upload.zip');
  });

  service.child.kill('SIGKILL');
  await service.exited;
  upload.destroy();
  const left = await spoolFolders();
  expect(left).toHaveLength(1);
  expect(await readdir(join(temporary, left[0] ?? ''))).toEqual(['upload.zip']);

  service = await startServiceProcess({ TMPDIR: temporary }, dataDir);
  await until(async () => (await spoolFolders()).length === 0);
  await until(async () => service?.output().includes('uploads of imports that were stopped') ?? false);
}, 240_000);
