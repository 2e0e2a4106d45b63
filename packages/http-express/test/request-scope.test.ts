/**
 * The process guard: an error that escapes a request's handlers is that request's 500, and
 * nothing more. Run in a process of its own, as the service runs, because jest keeps uncaught
 * errors of its workers to itself.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const GUARD = fileURLToPath(new URL('../dist/rest/request-scope.js', import.meta.url));

const SCRIPT = `
import { EventEmitter } from 'node:events';
import express from 'express';
import { pino } from 'pino';
import { guardProcess, requestScope } from ${JSON.stringify(GUARD)};

guardProcess(pino({ level: 'silent' }));
const app = express();
app.use((req, _res, next) => { req.log = pino({ level: 'silent' }); next(); });
app.use(requestScope());
app.get('/escapes', () => {
  const emitter = new EventEmitter(); // nobody listens for its errors
  setTimeout(() => emitter.emit('error', new Error('nobody listened')), 5);
});
app.get('/fine', (_req, res) => res.send('fine'));
const server = app.listen(0, '127.0.0.1', async () => {
  const base = 'http://127.0.0.1:' + server.address().port;
  const escaped = await fetch(base + '/escapes');
  const out = { status: escaped.status, type: escaped.headers.get('content-type'), body: await escaped.json() };
  out.next = await (await fetch(base + '/fine')).text();
  console.log(JSON.stringify(out));
  server.close();
});
`;

it('answers 500 problem+json for the request the error escaped from, and serves the next one', async () => {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', SCRIPT],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), timeout: 20_000 },
      (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
    );
  });
  expect(JSON.parse(stdout)).toEqual({
    status: 500,
    type: expect.stringContaining('application/problem+json'),
    body: {
      title: 'Internal Server Error',
      status: 500,
      detail: 'Something went wrong on our side; it has been logged.',
    },
    next: 'fine',
  });
});
