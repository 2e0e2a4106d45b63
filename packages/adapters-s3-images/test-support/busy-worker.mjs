// A stand-in worker for pool tests: keeps its thread busy for `busyMs`, or dies on `crash`.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message.crash) process.exit(3);
  const until = Date.now() + message.busyMs;
  while (Date.now() < until) {
    // burn CPU, as a decoder does
  }
  parentPort.postMessage({ id: message.id });
});
