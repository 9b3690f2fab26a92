// The inner loop: `npm run check -- <change>...` builds (skipped when dist/ is current), then runs only the test
// files the change needs, as test/checks.json lists them per checklist of CONTRIBUTING. `--after-generate`
// (npm run generate's last step) prints the commands instead, the change's own first, from the files git sees
// changed. Plain JavaScript, so it runs before anything is compiled.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));
const checks = JSON.parse(readFileSync(new URL('checks.json', import.meta.url), 'utf8'));
const names = Object.keys(checks);

/** The lines that list every check: its command and its checklist. */
function usage(first = []) {
  const width = Math.max(...names.map((name) => name.length));
  const ordered = [...first, ...names.filter((name) => !first.includes(name))];
  return ordered
    .map((name) => `  npm run check -- ${name.padEnd(width)}   ${checks[name].checklist}`)
    .join('\n');
}

/** The files git sees changed against HEAD, tracked or new, or none outside a repository. */
function changedFiles() {
  const run = (args) =>
    spawnSync('git', args, { cwd: repository, encoding: 'utf8' }).stdout?.split('\n').filter(Boolean) ?? [];
  return [...run(['diff', '--name-only', 'HEAD']), ...run(['ls-files', '--others', '--exclude-standard'])];
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: repository, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const args = process.argv.slice(2);
if (args[0] === '--after-generate') {
  const files = changedFiles();
  const matched = names.filter((name) => files.some((file) => new RegExp(checks[name].changes).test(file)));
  console.log(
    `\nGenerated. Run the tests your change needs (CONTRIBUTING.md, "Checklists")` +
      `${matched.length > 0 ? `; by the files changed, the first ${matched.length === 1 ? 'line' : `${matched.length} lines`}` : ''}:\n` +
      usage(matched),
  );
  process.exit(0);
}

const wanted = args.filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !names.includes(name));
if (wanted.length === 0 || unknown.length > 0) {
  console.error(
    `${unknown.length > 0 ? `No check named ${unknown.join(', ')}. ` : ''}Name the change (more than one runs each file once):\n${usage()}`,
  );
  process.exit(2);
}

const chosen = wanted.map((name) => checks[name]);
const tests = [...new Set(chosen.flatMap((check) => check.tests))];
for (const path of tests)
  if (!existsSync(`${repository}${path}`)) throw new Error(`test/checks.json: ${path} does not exist`);
const runtimes = chosen.some((check) => check.runtimes);
if (runtimes && chosen.some((check) => !check.runtimes)) {
  console.error('The runtime check runs on a suite of its own: run it by itself.');
  process.exit(2);
}

run('npm', ['run', '--silent', 'build']);
// The page's scripts are type-checked against the DOM, as npm test does before its run.
if (tests.some((path) => path.startsWith('test/page')))
  run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'src/page/tsconfig.json']);
if (runtimes)
  execFileSync('bash', ['test/runtimes/install.sh'], {
    cwd: repository,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
run(process.execPath, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--config',
  runtimes ? 'test/runtimes/vitest.config.ts' : 'test/vitest.config.ts',
  ...(chosen.some((check) => check.typecheck) ? ['--typecheck'] : []),
  ...tests,
  ...args.filter((arg) => arg.startsWith('-')),
]);
