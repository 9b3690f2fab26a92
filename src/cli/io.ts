import type { Chunks } from './line-reader.js';

/** Where the CLI reads and writes; the bin wires it to the process, tests to buffers. */
export interface CliIo {
  /** Standard input's bytes, read as they come. */
  stdin(): Chunks;
  /** Returns false when the text was queued: the caller then waits for `drained` before writing more. */
  stdout(text: string): unknown;
  stderr(text: string): unknown;
  /** Resolves once standard output has taken what was queued. */
  drained?: () => Promise<void>;
  /** Whether standard output is a terminal: `serve` logs human lines there and JSON lines anywhere else. */
  stdoutIsTerminal?: boolean;
  /** Whether standard error is a terminal: the progress bar shows there and nowhere else. */
  stderrIsTerminal?: boolean;
  stderrColumns?: number;
  /** The environment `serve` reads HOST, PORT and the gateway keys from. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Resolves with a signal's name (SIGTERM, SIGINT) once `serve` should stop; `serve` needs it. */
  untilStopped?: () => Promise<string>;
  /** Ends the process if a stop has not ended it `delayMs` plus the stop's own bound after the first signal. */
  armStopDeadline?: (delayMs: number) => void;
}

/** Writes to standard output, waiting when it pushes back, so a slow reader never makes output pile up. */
export async function writeOut(io: CliIo, text: string): Promise<void> {
  if (io.stdout(text) === false && io.drained !== undefined) await io.drained();
}
