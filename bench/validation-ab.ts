import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchCases } from '../test/fixtures/payloads.js';
import { repoRoot } from './paths.js';
import { calibrate, median, newLoop, timeBatch, warmUp, type Loop } from './timing.js';

/**
 * Validation speed of this build (A) against another checkout's build (B)
 * (`node dist/bench/validation-ab.js <checkout> [processes] [--only=typical,large]`). Each process imports both
 * main entries and times `validate()` of each payload in batches taking turns, A then B then B then A, so that
 * what the machine does meanwhile weighs on both alike, and gives each payload's median A/B. One process is not
 * enough: where V8 places and optimises each build differs from process to process (a build against a copy of
 * itself read 0.59 to 1.07 in single processes), so the processes alternate which build they import first and the
 * figure is the median of their ratios, beside its range. A change to how the validators are built or shipped must
 * leave it within noise of 1; run it against a copy of B for that noise. Set up B as for the first-use A/B
 * (bench/cold-start.ts): a worktree at the other commit, built.
 */

type Validate = (name: string, value: unknown) => { ok: boolean };

/** One process's figures for one payload: median ns per call of each build, and the median of the rounds' A/B. */
interface ProcessFigures {
  name: string;
  own: number;
  other: number;
  ratio: number;
}

const ROUNDS = 21;
const BUDGET_MS = 5;
const CHILD = '--child';

const argv = process.argv.slice(2);
const only = argv
  .find((argument) => argument.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const [otherRoot, processesArgument = '8'] = argv.filter((argument) => !argument.startsWith('--'));

const entryOf = async (root: string) =>
  ((await import(pathToFileURL(join(root, 'dist/lib/index.js')).href)) as { validate: Validate }).validate;

/** The child: both builds in this process, `otherFirst` importing B before A; a line of JSON per payload. */
async function child(other: string, otherFirst: boolean): Promise<void> {
  const imported = new Map<string, Validate>();
  for (const root of otherFirst ? [other, repoRoot] : [repoRoot, other])
    imported.set(root, await entryOf(root));
  const builds = [imported.get(repoRoot)!, imported.get(other)!];
  for (const benchCase of benchCases.filter((candidate) => only?.includes(candidate.name) ?? true)) {
    // Loops of each payload's own, so no row's type feedback reaches another's.
    const sides = builds.map((validate) => {
      const loop: Loop = newLoop();
      const fn = (value: unknown) => validate(benchCase.kind, value).ok;
      if (fn(benchCase.value) !== benchCase.valid) throw new Error(`${benchCase.name}: a wrong verdict`);
      warmUp(loop, fn, benchCase.value, 300);
      const calls = calibrate(loop, fn, benchCase.value, BUDGET_MS);
      return () => timeBatch(loop, fn, benchCase.value, calls);
    });
    const own: number[] = [];
    const other: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let a: number;
      let b: number;
      if (round % 2 === 0) {
        a = sides[0]!();
        b = sides[1]!();
      } else {
        b = sides[1]!();
        a = sides[0]!();
      }
      own.push(a);
      other.push(b);
      ratios.push(a / b);
    }
    const figures: ProcessFigures = {
      name: benchCase.name,
      own: median(own),
      other: median(other),
      ratio: median(ratios),
    };
    console.log(JSON.stringify(figures));
  }
}

function parent(other: string, processes: number): void {
  console.log(
    `validate() A/B, Node ${process.version}, ${processes} processes of ${ROUNDS} rounds taking turns`,
  );
  console.log(`  A: ${repoRoot}\n  B: ${other}\n  load average ${loadavg()[0]!.toFixed(1)} before`);
  const byName = new Map<string, ProcessFigures[]>();
  for (let run = 0; run < processes; run++) {
    const args = [
      fileURLToPath(import.meta.url),
      CHILD,
      other,
      ...argv.filter((a) => a.startsWith('--only=')),
    ];
    const result = spawnSync(process.execPath, run % 2 === 1 ? [...args, '--other-first'] : args, {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`a validation A/B process failed:\n${result.stderr}`);
    for (const line of result.stdout.trim().split('\n')) {
      const figures = JSON.parse(line) as ProcessFigures;
      byName.set(figures.name, [...(byName.get(figures.name) ?? []), figures]);
    }
  }
  for (const [name, runs] of byName) {
    const ratios = runs.map((run) => run.ratio);
    console.log(
      `  ${name}: A ${(median(runs.map((run) => run.own)) / 1000).toFixed(2)} µs, ` +
        `B ${(median(runs.map((run) => run.other)) / 1000).toFixed(2)} µs, A/B ${median(ratios).toFixed(3)} ` +
        `(processes ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`,
    );
  }
  console.log(`  load average ${loadavg()[0]!.toFixed(1)} after`);
}

if (otherRoot === undefined || !existsSync(join(otherRoot, 'dist/lib/index.js'))) {
  console.error(
    'usage: node dist/bench/validation-ab.js <built checkout> [processes] [--only=typical,large]',
  );
  process.exit(2);
}
if (argv[0] === CHILD) await child(argv[1]!, argv.includes('--other-first'));
else parent(otherRoot, Number(processesArgument));
