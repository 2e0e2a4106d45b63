#!/usr/bin/env node
import { runCommandLine } from './run.js';

// A reader that stops early (`larder check | head -1`) is no failure: the command ends quietly
// instead of with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

runCommandLine(process.argv.slice(2), { out: process.stdout, err: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`larder: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
