/**
 * A client may close its side of the connection as soon as its request is sent (`nc -N`, some
 * scripts): it still gets its answer, and the connection ends after it.
 */
import { connect } from 'node:net';
import { type ServiceProcess, startServiceProcess } from '../test-support/service-process.js';

let service: ServiceProcess;
beforeAll(async () => {
  service = await startServiceProcess({ SERVICE_ADMIN_USER: 'owner' });
}, 120_000);
afterAll(() => service.stop());

/** Sends `request` raw, closes our side at once, and answers everything the service wrote back. */
function halfClosed(request: string): Promise<string> {
  const { port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

it('answers a sign-in whose client closed its side after sending the body', async () => {
  const body = JSON.stringify({ username: 'owner', password: 'owner-password-1' });
  const answer = await halfClosed(
    'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toMatch(/\r\nSet-Cookie: service_session=/i);
}, 60_000);

it('answers a read whose client closed its side, and ends the connection after it', async () => {
  const answer = await halfClosed('GET /api/v1/auth/oidc HTTP/1.1\r\nHost: localhost\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toContain('"enabled":false');
}, 60_000);
