/**
 * What stopped imports leave: spool folders named after the process that made them, removed by a
 * sweep once that process has ended (or they went untouched), never while an import uses them;
 * and a process that exits mid-import takes its folders with it.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { YazlZipArchives } from '@larder/adapters-zip';
import { TRANSFER_LIMITS } from '@larder/domain';
import { buildZip, storedEntry } from '@larder/adapters-zip/test-support/zip-builder.js';

const HOUR = 60 * 60 * 1000;

let temporary: string;
let archives: YazlZipArchives;

beforeEach(async () => {
  temporary = await mkdtemp(join(tmpdir(), 'larder-spools-'));
  archives = new YazlZipArchives({ temporaryDirectory: temporary });
});

afterEach(async () => {
  await rm(temporary, { recursive: true, force: true });
});

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

const zip = buildZip([storedEntry('larder.json', '{}')]);

/** The name this process gives its spool folders, with another pid and start. */
async function nameOfProcess(pid: number, start?: number): Promise<string> {
  const before = await readdir(temporary);
  const archive = await archives.open(once(zip), TRANSFER_LIMITS);
  const ours = (await readdir(temporary)).find((name) => !before.includes(name));
  await archive.close();
  const [, host, ownStart] = /^larder-archive-(.+)-\d+-(\d+)-[A-Za-z0-9]{6}$/u.exec(ours ?? '') ?? [];
  expect(host).toBeDefined();
  return `larder-archive-${host}-${pid}-${start ?? ownStart}-Ab12cd`;
}

/** A spool folder as an import leaves it, untouched since `touched`. */
async function leftover(name: string, touched = new Date()): Promise<void> {
  const folder = join(temporary, name);
  await mkdir(folder);
  await writeFile(join(folder, 'upload.zip'), zip);
  await utimes(folder, touched, touched);
}

/** The pid of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

test('an open archive’s folder stays through any sweep; closed, it is gone', async () => {
  const archive = await archives.open(once(zip), TRANSFER_LIMITS);
  const [folder] = await readdir(temporary);
  expect(folder).toMatch(new RegExp(`^larder-archive-.+-${process.pid}-\\d+-[A-Za-z0-9]{6}$`, 'u'));
  expect(await archives.removeLeftovers(new Date(Date.now() + HOUR))).toBe(0);
  expect(await readdir(temporary)).toEqual([folder]);
  await archive.close();
  expect(await readdir(temporary)).toEqual([]);
});

test('a folder of a process that ended goes at once; one of a running process once untouched', async () => {
  const ended = await nameOfProcess(await endedPid());
  const running = await nameOfProcess(process.ppid);
  // A restart under the same pid (a container's process 1): the process that made it has ended.
  const restarted = await nameOfProcess(process.pid, 1_000);
  await leftover(ended);
  await leftover(running);
  await leftover(restarted);
  expect(await archives.removeLeftovers(new Date(Date.now() - HOUR))).toBe(2);
  expect(await readdir(temporary)).toEqual([running]);

  await utimes(join(temporary, running), new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
  expect(await archives.removeLeftovers(new Date(Date.now() - HOUR))).toBe(1);
  expect(await readdir(temporary)).toEqual([]);
});

test('another host’s folder goes once untouched, an earlier Larder’s a day later; nothing else is touched', async () => {
  const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
  await leftover('larder-archive-elsewhere-7-1000-Ab12cd');
  await leftover('larder-archive-elsewhere-8-1000-Ab12cd', twoHoursAgo);
  await leftover('larder-archive-Ab12cd', twoHoursAgo);
  await leftover('larder-archive-Cd34ef', new Date(Date.now() - 2 * 24 * HOUR));
  await leftover('other-folder', twoHoursAgo);
  await writeFile(join(temporary, 'larder-archive-File12'), 'a file');
  const elsewhere = await mkdtemp(join(tmpdir(), 'larder-spools-target-'));
  try {
    // Named like the folder of a process that ended, but a link: neither it nor what it names goes.
    const link = await nameOfProcess(await endedPid());
    await symlink(elsewhere, join(temporary, link));
    expect(await archives.removeLeftovers(new Date(Date.now() - HOUR))).toBe(2);
    expect((await readdir(temporary)).sort()).toEqual(
      [
        'larder-archive-elsewhere-7-1000-Ab12cd',
        'larder-archive-Ab12cd',
        'other-folder',
        'larder-archive-File12',
        link,
      ].sort(),
    );
    expect(await readdir(elsewhere)).toEqual([]);
  } finally {
    await rm(elsewhere, { recursive: true, force: true });
  }
});

test('a process that exits in the middle of an import takes its spool folder with it', async () => {
  const adapter = fileURLToPath(new URL('../dist/index.js', import.meta.url));
  const script = `
    const { YazlZipArchives } = await import(${JSON.stringify(adapter)});
    const upload = (async function* () {
      yield new Uint8Array(1024);
      console.log('spooling');
      setImmediate(() => process.exit(0));
      await new Promise(() => undefined);
    })();
    await new YazlZipArchives({ temporaryDirectory: ${JSON.stringify(temporary)} }).open(upload, ${JSON.stringify(TRANSFER_LIMITS)});
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  expect(stdout).toBe('spooling\n');
  expect(await readdir(temporary)).toEqual([]);
});
