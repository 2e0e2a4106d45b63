#!/usr/bin/env node
import { runCommandLine } from './run.js';

runCommandLine(process.argv.slice(2), { out: process.stdout, err: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`larder: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
