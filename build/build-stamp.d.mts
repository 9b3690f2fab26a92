/** A step of the build: what it runs, what it reads and what it writes. */
export interface BuildStep {
  name: string;
  /** The program and its arguments, run from the repository (`node` is the running Node). */
  command: string[];
  /** Whether the step reads this file of the repository (a path relative to it, with `/`). */
  reads: (file: string) => boolean;
  /** TypeScript files whose relative imports, followed, the step reads too. */
  entries?: string[];
  /**
   * Whether this file (a path relative to the repository) is the step's output: a file of dist/, or of the sources
   * for a step that generates them, whose outputs are then no inputs of its own.
   */
  writes: (file: string) => boolean;
  /** A file the step keeps between runs (tsc's build info), removed unless its outputs are what its stamp recorded. */
  cache?: string;
}

export interface StepsRun {
  /** The steps that ran, in order. */
  ran: string[];
  /** The step that failed, which stopped the build, and its exit status. */
  failed?: string;
  status?: number;
}

export function sourceFiles(repository: string): string[];
export function importClosure(repository: string, entries: string[]): Promise<string[]>;
export interface RunOptions {
  /** Where each step's line goes: console.log unless given. */
  log?: (line: string) => void;
  /** Steps stamped without running, as their files were just written from the inputs they would read. */
  written?: string[];
}

export function stepIsCurrent(repository: string, step: BuildStep): Promise<boolean>;
/** Runs the step with `extra` arguments unless it is current, stamping only its outputs; its exit status. */
export function runUnchecked(
  repository: string,
  step: BuildStep,
  extra: string[],
  options?: Pick<RunOptions, 'log'>,
): Promise<number>;
export function runSteps(repository: string, steps: BuildStep[], options?: RunOptions): Promise<StepsRun>;
