import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { benchCases, payloadKinds } from '../test/fixtures/payloads.js';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { measureColdStart, measureFirstUse } from './cold-start.js';
import { runtimesDir, runtimesIn } from './runtimes.js';
import { checkOptimisation } from './optimisation.js';
import { benchScript, repoRoot } from './paths.js';
import { renderResults, replaceOwnPart, type Results } from './results.js';
import { buildRows, casesOf } from './rows.js';
import { measureSubtrees } from './subtrees.js';
import { measureProfiles } from './profiles.js';
import type { PayloadResult } from './worker.js';

/**
 * The comparison: one child process per payload (dist/bench/worker.js) runs every row on it, then cold start,
 * the optimisation check and the per-part timings, each in fresh processes.
 *
 *   node dist/bench/run.js [--rounds N] [--write]   full run; --write saves bench/RESULTS.md
 *   node dist/bench/run.js --smoke                   one round of verdicts only, in this process (CI)
 *
 * The valid requests and the first use are measured again on Node 24 where test/runtimes/install.sh has
 * installed it (`--no-node24` skips it), beside the Node running the bench.
 *
 * Exits 1 when one of our validators gives a wrong verdict, or the request root is never optimised. A
 * competitor that disagrees is reported, never fatal: that it misses a rule is a finding.
 */

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string, fallback: number) => {
  const at = argv.indexOf(name);
  return at < 0 ? fallback : Number(argv[at + 1]);
};

function smoke(): number {
  let failures = 0;
  for (const kind of payloadKinds) {
    const cases = casesOf(kind);
    console.log(
      `\n${kind}: verdicts on ${cases.length} payloads (${cases.filter((c) => c.valid).length} valid)`,
    );
    for (const row of buildRows(kind)) {
      if (row.group === 'floor') continue;
      if (row.error !== undefined) {
        console.log(`  ${row.name}: not built (${row.error})`);
        if (row.group === 'ours') failures++;
        continue;
      }
      const agreed = cases.length - row.disagreements.length;
      console.log(`  ${row.name}: ${agreed}/${cases.length} agree`);
      for (const miss of row.disagreements) {
        const verb = miss.got === 'threw' ? 'throws on' : miss.got ? 'accepts' : 'rejects';
        console.log(`    ${verb} "${miss.payload}"${miss.note === undefined ? '' : `: ${miss.note}`}`);
      }
      if (row.group === 'ours') failures += row.disagreements.length;
    }
  }
  console.log(
    failures === 0 ? '\nsmoke: our verdicts all agree' : `\nsmoke: ${failures} wrong verdicts of ours`,
  );
  return failures === 0 ? 0 : 1;
}

async function writeOwnPart(markdown: string): Promise<void> {
  // Formatted as the repository's prettier would, so `prettier --check .` passes on the committed file.
  const path = join(repoRoot, 'bench', 'RESULTS.md');
  const ours = await format(markdown, { ...(await resolveConfig(path)), filepath: path });
  writeFileSync(path, replaceOwnPart(readFileSync(path, 'utf8'), ours));
}

/** Node 24 from the runtimes folder, when it is installed and not skipped. */
function node24(): { name: string; binary: string } | undefined {
  if (flag('--no-node24')) return undefined;
  const found = runtimesIn(runtimesDir()).find((runtime) => runtime.name === 'Node 24');
  return found !== undefined && existsSync(found.binary) ? found : undefined;
}

async function full(): Promise<number> {
  const rounds = option('--rounds', 15);
  const budgetMs = option('--budget', 10);
  const warmUpMs = option('--warm-up', 300);
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  const measure = (node: string, name: string): PayloadResult => {
    const args = [benchScript('worker'), name, String(rounds), String(budgetMs), String(warmUpMs)];
    const result = spawnSync(node, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`${name}: worker failed\n${result.stderr}`);
    const payload = JSON.parse(result.stdout.trim().split('\n').pop()!) as PayloadResult;
    const ours = payload.rows.find((row) => row.group === 'ours');
    console.error(
      `${name}${node === process.execPath ? '' : ` (${node})`}: ours ${ours?.ratio?.toFixed(3)}x JSON.parse ` +
        `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    return payload;
  };
  const payloads = benchCases.map((benchCase) => measure(process.execPath, benchCase.name));
  const other = node24();
  const otherNode =
    other === undefined
      ? undefined
      : {
          name: other.name,
          payloads: benchCases
            .filter((benchCase) => benchCase.kind === 'messages-request' && benchCase.valid)
            .map((benchCase) => measure(other.binary, benchCase.name)),
          firstUse: await measureFirstUse(15, other.binary),
          cachedFirstUse: await measureFirstUse(15, other.binary, { compileCache: true }),
        };
  const firstUse = await measureFirstUse(15);
  const coldStart = measureColdStart(9);
  const optimisation = checkOptimisation();
  const subtrees = measureSubtrees();
  const profiles = measureProfiles(rounds);
  const results: Results = {
    payloads,
    firstUse,
    ...(otherNode !== undefined && { otherNode }),
    coldStart,
    optimisation,
    subtrees,
    profiles,
    settings: { rounds, budgetMs, warmUpMs },
    command: `node dist/bench/run.js ${argv.join(' ')}`.trim(),
    loadAverage: [loadAtStart, loadavg()[0]!],
    seconds: (Date.now() - started) / 1000,
  };
  const markdown = renderResults(results);
  console.log(markdown);
  if (flag('--write')) await writeOwnPart(markdown);
  // The body guards' accept path, bytes to value, in processes of its own and a section of its own.
  const bodyPath = spawnSync(
    process.execPath,
    [
      benchScript('body-path'),
      ...(flag('--no-node24') ? ['--no-node24'] : []),
      ...(flag('--write') ? ['--write'] : []),
    ],
    { stdio: 'inherit' },
  );
  const wrong = payloads.flatMap((payload) =>
    payload.rows.filter(
      (row) => row.group === 'ours' && (row.error !== undefined || row.disagreements.length > 0),
    ),
  );
  return wrong.length === 0 && optimisation.rootOptimised && bodyPath.status === 0 ? 0 : 1;
}

process.exit(flag('--smoke') ? smoke() : await full());
