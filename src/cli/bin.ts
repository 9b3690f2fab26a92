#!/usr/bin/env node
import { text } from 'node:stream/consumers';
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2), {
  readStdin: () => text(process.stdin),
  stdout: (chunk) => process.stdout.write(chunk),
  stderr: (chunk) => process.stderr.write(chunk),
  env: process.env,
  untilStopped: () =>
    new Promise((resolve) => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
    }),
});
