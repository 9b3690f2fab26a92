#!/usr/bin/env node
import { once } from 'node:events';
import { runCli } from './cli.js';

// A reader that went away (`| head`) ends the run: nothing more can be said to it.
process.stdout.on('error', () => process.exit(2));

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: () => process.stdin,
  stdout: (chunk) => process.stdout.write(chunk),
  stderr: (chunk) => process.stderr.write(chunk),
  drained: async () => {
    await once(process.stdout, 'drain');
  },
  stdoutIsTerminal: process.stdout.isTTY === true,
  stderrIsTerminal: process.stderr.isTTY === true,
  stderrColumns: process.stderr.columns,
  env: process.env,
  untilStopped: () =>
    new Promise((resolve) => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
    }),
});
