import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaseFiles } from '../support/cases.js';
import { binPath, runBin } from './bin-process.js';
import { requestTexts, writeJsonLines } from './request-lines.js';

/** util-linux `script` runs a command on a pseudo-terminal, as a person's shell would. */
const hasScript = spawnSync('script', ['--version']).status === 0;
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const CLEAR_LINE = '\r\x1b[K';

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gc-cli-terminal-'));
  file = join(dir, 'requests.jsonl');
  // Long enough to outlast the moment before the first draw on any machine: 100 000 lines.
  writeJsonLines(file, requestTexts(loadCaseFiles().flatMap(([, groups]) => groups)), 100_000);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the progress bar', () => {
  it.skipIf(!hasScript)(
    'shows on a terminal, redrawn in place, and is cleared before the summary',
    { timeout: 120_000 },
    () => {
      const command = [process.execPath, binPath, 'validate', 'messages-request', file, '--quiet']
        .map(quote)
        .join(' ');
      // --quiet turns the bar off too; without it the terminal gets both the bar and the lines.
      const quiet = spawnSync('script', ['-qec', command, '/dev/null'], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      expect(quiet.stdout).not.toContain('validating');
      const loud = [process.execPath, binPath, 'validate', 'messages-request', file].map(quote).join(' ');
      const shown = spawnSync('script', ['-qec', loud, '/dev/null'], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      });
      expect(shown.status).toBe(1);
      const terminal = shown.stdout;
      expect(terminal).toMatch(/validating \[#*-*\] +\d+%/);
      expect(terminal).toContain(`${CLEAR_LINE}validating [`);
      expect(terminal).toMatch(/\d+\.\d MB of \d+\.\d MB {2}[\d ]+ documents, [\d ]+ invalid/);
      // The last thing on the terminal is the summary, on a line of its own after the bar was cleared.
      expect(terminal.trimEnd()).toMatch(
        new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: [\\d ]+ valid, [\\d ]+ invalid$`),
      );
    },
  );

  it('never shows in a pipe', { timeout: 120_000 }, () => {
    const { code, stderr, stdout } = runBin(['validate', 'messages-request', file]);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).not.toContain('validating');
    expect(stdout).not.toContain('\x1b');
  });
});
