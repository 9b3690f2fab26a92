#!/usr/bin/env node
import { once } from 'node:events';
import { exitAfterStopDeadline } from '../gateway/shutdown.js';
import { runCli } from './cli.js';

// A reader that went away (`| head`) ends the run: nothing more can be said to it.
process.stdout.on('error', () => process.exit(2));

/** The stop signals received and not yet handed out, and the calls waiting for the next one. */
const received: string[] = [];
const waiting: Array<(signal: string) => void> = [];
let listening = false;

/**
 * Resolves with the next SIGTERM or SIGINT: the first asks the gateway to stop (after its shutdown delay), a
 * second one to skip that delay. The handlers stay, so a second signal never kills the process mid-drain.
 */
function nextStopSignal(): Promise<string> {
  if (!listening) {
    listening = true;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => {
        const waiter = waiting.shift();
        if (waiter === undefined) received.push(signal);
        else waiter(signal);
      });
    }
  }
  const early = received.shift();
  return early === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(early);
}

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
  untilStopped: nextStopSignal,
  // A stop is bounded whatever holds the process (contract: deadlines), counted from the end of the delay.
  armStopDeadline: (delayMs) => exitAfterStopDeadline(delayMs, (line) => process.stderr.write(line)),
});
