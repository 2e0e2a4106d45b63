/**
 * Graceful shutdown: once stopping, the service accepts no new connection but
 * finishes the request already under way, lets background work finish for a while, then closes
 * its database.
 */
import { request as httpRequest } from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SmtpMailer } from '@larder/adapters-smtp';
import { startDrippingServer } from '@larder/adapters-smtp/test-support/dripping-server.js';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/server.js';
import { newDataDir, spawnService, startServiceProcess } from '../test-support/service-process.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'larder-shutdown-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

test('a request under way when shutdown starts still gets its answer; new connections are refused', async () => {
  const config = loadConfig({
    SERVICE_ADDR: '127.0.0.1:0',
    SERVICE_DATA_DIR: dataDir,
    SERVICE_ADMIN_USER: 'owner',
    SERVICE_ADMIN_PASSWORD: 'owner-password-1',
  });
  const service = await startService(config, pino({ level: 'silent' }));
  const { port } = new URL(service.url);

  const body = JSON.stringify({ username: 'owner', password: 'owner-password-1' });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    // Half the body now; the rest only once the server has the request and shutdown has begun
    // (events, not delays: a loaded machine may take any time to get there).
    service.server.once('request', () => {
      closing = service.close();
      expect(service.server.listening).toBe(false);
      req.end(body.slice(10));
    });
    req.write(body.slice(0, 10));
  });
  let closing: Promise<void> | undefined;

  const { status, text } = await answer;
  expect(status).toBe(200);
  expect(JSON.parse(text)).toMatchObject({ username: 'owner', role: 'superadmin' });
  await closing;
  await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  // A first start creates the embedded database, which takes long on a busy machine: an upper bound only.
}, 180_000);

test('a mail that never finishes sending does not hold shutdown up: it is cut off after a while', async () => {
  const dripping = await startDrippingServer({ dripMs: 100 });
  const logs: string[] = [];
  const config = loadConfig({
    SERVICE_ADDR: '127.0.0.1:0',
    SERVICE_DATA_DIR: dataDir,
    SERVICE_ADMIN_USER: 'owner',
    SERVICE_ADMIN_PASSWORD: 'owner-password-1',
    SERVICE_PUBLIC_URL: 'https://larder.example.net',
    SERVICE_SMTP_HOST: '127.0.0.1',
    SERVICE_SMTP_PORT: String(dripping.port),
    SERVICE_SMTP_SECURITY: 'none',
    SERVICE_SMTP_FROM: 'larder@example.org',
  });
  const service = await startService(
    config,
    pino({ level: 'info' }, { write: (line: string) => logs.push(line) }),
    // A send that could go on for an hour: only shutdown's own limit can end it.
    { mailer: new SmtpMailer({ sendDeadlineMs: 60 * 60_000 }), backgroundGraceMs: 500 },
  );
  try {
    const login = await fetch(`${service.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'owner-password-1' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    // A changed address: its confirmation is queued and sent at once, to the server that never finishes.
    const profile = await fetch(`${service.url}/api/v1/auth/me/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie, origin: service.url },
      body: JSON.stringify({ email: 'owner@example.org' }),
    });
    expect(profile.status).toBe(200);
    while (dripping.received === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    await service.close();
    expect(logs.join('')).toContain('mail being sent is cut off');
    // The connection is let go (the server hears it end).
    while (dripping.open > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await service.close();
    await dripping.stop();
  }
}, 180_000);

test.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
  '%s stops the process cleanly: the database closed, the lock let go, exit 0',
  async (signal) => {
    // SIGHUP is what a foreground start gets when its terminal closes; it killed the process outright.
    const service = await startServiceProcess({}, dataDir);
    // It says where it listens as it is: SERVICE_ADDR 127.0.0.1, not "localhost".
    expect(service.output()).toMatch(/"msg":"Larder listening on http:\/\/127\.0\.0\.1:\d+"/);
    service.child.kill(signal);
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('"msg":"stopped"');
    expect(existsSync(join(dataDir, 'larder.lock'))).toBe(false);
  },
  180_000,
);

test('a signal while the service starts stops it once started, and its log says so in that order', async () => {
  // A new household: the start migrates its database first, and says so before it listens.
  const fresh = await newDataDir();
  const child = spawnService({}, fresh);
  let lines = '';
  let signalled = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    lines += chunk.toString();
    // Signalled at its first line, while it starts (or, should that line come with the next, at once).
    if (!signalled) signalled = child.kill('SIGTERM');
  });
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  const at = (text: string) => lines.indexOf(text);
  expect(at('Larder listening')).toBeGreaterThan(-1);
  expect(at('shutting down')).toBeGreaterThan(at('Larder listening'));
  expect(at('"msg":"stopped"')).toBeGreaterThan(at('shutting down'));
  await rm(fresh, { recursive: true, force: true });
}, 180_000);

test('`npm start` passes a SIGTERM on to the service, which stops cleanly instead of living on orphaned', async () => {
  // A supervisor (or `kill` of a background `npm start`) signals npm, which passes it to its script.
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      SERVICE_ADDR: '127.0.0.1:0',
      SERVICE_DATA_DIR: dataDir,
      SERVICE_ADMIN_PASSWORD: 'owner-password-1',
      SERVICE_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const heard = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (output.includes(text)) resolve();
      };
      npm.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        check();
      });
      check();
    });
  const lock = join(dataDir, 'larder.lock');
  try {
    await heard('Larder listening');
    npm.kill('SIGTERM');
    await new Promise((resolve) => npm.once('exit', resolve));
    // The service hears it too: it says so, closes its database and lets go of its lock.
    await Promise.race([heard('"msg":"stopped"'), new Promise((resolve) => setTimeout(resolve, 60_000))]);
    expect(output).toContain('"msg":"stopped"');
    expect(existsSync(lock)).toBe(false);
  } finally {
    // An orphan left by a start script that did not pass the signal on: ended here.
    if (existsSync(lock))
      process.kill((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid, 'SIGKILL');
  }
}, 180_000);
