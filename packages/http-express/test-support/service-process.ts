/**
 * The service as a household runs it: `node packages/http-express/dist/main.js` in a process of
 * its own (built by `npm test`'s `tsc -b`), on an embedded database in a fresh data directory.
 * For tests about the process itself: that it stays up, that it refuses to share its data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Ends the process; a data directory made for it goes with it. */
  stop(): Promise<void>;
}

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'larder-process-'));
}

/** Whom the process runs as (`uid` and `gid`); unset: as the test does. */
export interface RunAs {
  uid?: number;
  gid?: number;
}

/** The service's process with the test's environment over the defaults of a quiet local start. */
export function spawnService(env: Record<string, string>, dataDir: string, runAs: RunAs = {}): ChildProcess {
  return spawn(process.execPath, [MAIN], {
    ...runAs,
    env: {
      PATH: process.env['PATH'] ?? '',
      SERVICE_ADDR: '127.0.0.1:0',
      SERVICE_DATA_DIR: dataDir,
      SERVICE_ADMIN_PASSWORD: 'owner-password-1',
      SERVICE_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** How a start that was to fail ended: its exit code and what it wrote to stderr and stdout. */
export interface FailedStart {
  code: number | null;
  stderr: string;
  stdout: string;
}

/**
 * Starts the service where it must not start, and waits until it has ended. One that listens
 * instead is stopped, and the promise rejects.
 */
export async function failedStart(env: Record<string, string>, dataDir?: string): Promise<FailedStart> {
  const dir = dataDir ?? (await newDataDir());
  const child = spawnService(env, dir);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let listened = false;
  child.stdout?.on('data', () => {
    if (listened || !stdout.includes('Larder listening')) return;
    listened = true;
    child.kill('SIGTERM');
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (!dataDir) await rm(dir, { recursive: true, force: true });
  if (listened) throw new Error(`the service listened:\n${stdout}${stderr}`);
  return { code, stderr, stdout };
}

/** Starts the service and waits until it listens (or ends, which rejects). */
export async function startServiceProcess(
  env: Record<string, string> = {},
  dataDir?: string,
  runAs?: RunAs,
): Promise<ServiceProcess> {
  const dir = dataDir ?? (await newDataDir());
  const child = spawnService(env, dir, runAs);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const port = /Larder listening on http:\/\/\S+:(\d+)/.exec(output)?.[1];
      if (port) {
        child.stdout?.off('data', check);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`the service ended (${code}) before listening:\n${output}`)));
  });
  return {
    child,
    url,
    dataDir: dir,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
