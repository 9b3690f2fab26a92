import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/body/json-body.js';
import { validate } from '../../src/core/validators.js';
import { loadCaseFiles } from '../support/cases.js';
import { benchColumns } from '../../src/cli/bench-command.js';
import { runBin, spawnBin } from './bin-process.js';
import { requestTexts, writeJsonLines } from './request-lines.js';

/** The CLI as a person runs it: the built command in a child process, on real files in a temporary directory. */

const texts = requestTexts(loadCaseFiles().flatMap(([, groups]) => groups));
/** What a server built on the library answers to each text: the verdict each line must get. */
const expected = texts.map((text) => {
  const parsed = parseJsonBody(text);
  return parsed.ok && validate('messages-request', parsed.value).ok;
});
const valid = texts[expected.indexOf(true)]!;
const invalid = '{"model":"m","messages":[{"role":"robot","content":"Hi"}],"max_tokens":0}';
const LINES = 100_000;

let dir: string;
let large: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gc-cli-files-'));
  large = join(dir, 'requests.jsonl');
  writeJsonLines(large, texts, LINES);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

interface DocumentRecord {
  file: string;
  line: number;
  valid: boolean;
  status?: number;
  issues?: { path: string; message: string }[];
}

describe('validate on a JSON Lines file of 100 000 lines', () => {
  it('gives each line the library verdict, with --json records and a summary', { timeout: 180_000 }, () => {
    const { code, stdout, stderr } = runBin(['validate', 'messages-request', large, '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const records = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(LINES + 1);
    let wrong = 0;
    for (let i = 0; i < LINES; i += 1) {
      const record = records[i] as unknown as DocumentRecord;
      if (record.line !== i + 1 || record.valid !== expected[i % texts.length] || record.file !== large)
        wrong += 1;
    }
    expect(wrong).toBe(0);
    const validCount = Array.from({ length: LINES }, (_, i) => expected[i % texts.length]).filter(
      Boolean,
    ).length;
    expect(records[LINES]).toMatchObject({
      summary: {
        files: [{ file: large, valid: validCount, invalid: LINES - validCount }],
        valid: validCount,
        invalid: LINES - validCount,
        unreadable: 0,
      },
    });
  });

  it('prints file:line: path sentence for each issue, and the counts', { timeout: 180_000 }, () => {
    const { code, stdout } = runBin(['validate', 'messages-request', large]);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    const summary = lines.pop()!;
    const invalidLines = new Set(lines.map((line) => Number(/^[^:]+:(\d+): /.exec(line)?.[1])));
    const expectedInvalid = Array.from({ length: LINES }, (_, i) => i + 1).filter(
      (line) => !expected[(line - 1) % texts.length],
    );
    expect(invalidLines.size).toBe(expectedInvalid.length);
    expect(expectedInvalid.every((line) => invalidLines.has(line))).toBe(true);
    const validCount = LINES - expectedInvalid.length;
    const grouped = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');
    expect(summary).toBe(
      `${large}: ${grouped(validCount)} valid, ${grouped(expectedInvalid.length)} invalid`,
    );
  });
});

describe('validate on files people have', () => {
  it('says a valid file is valid, and exits 0', () => {
    const path = write('one.json', JSON.stringify(JSON.parse(valid), null, 2));
    expect(runBin(['validate', 'messages-request', path])).toEqual({
      code: 0,
      stdout: `${path}: 1 valid, 0 invalid\n`,
      stderr: '',
    });
  });

  it('calls invalid UTF-8 invalid, as the library does, in a document and on one line of JSON Lines', () => {
    const bad = Buffer.concat([Buffer.from('{"model":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const document = write('bad-utf8.json', bad);
    expect(parseJsonBody(bad).ok).toBe(false);
    const whole = runBin(['validate', 'messages-request', document]);
    expect(whole.code).toBe(1);
    expect(whole.stdout).toContain(`${document}:1: (root) must be UTF-8 text\n`);
    const lines = write(
      'bad-utf8.jsonl',
      Buffer.concat([Buffer.from(`${valid}\n`), bad, Buffer.from(`\n${valid}\n`)]),
    );
    const perLine = runBin(['validate', 'messages-request', lines]);
    expect(perLine.stdout).toBe(`${lines}:2: (root) must be UTF-8 text\n${lines}: 2 valid, 1 invalid\n`);
  });

  it('reads a directory: its .json, .jsonl and .ndjson files, recursively, in sorted order', () => {
    const root = join(dir, 'tree');
    write('tree/b.json', valid);
    write('tree/a/2.ndjson', `${valid}\n${invalid}\n`);
    write('tree/a/1.jsonl', `${valid}\n`);
    write('tree/notes.txt', 'not a document');
    const { code, stdout } = runBin(['validate', 'messages-request', root]);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      `${join(root, 'a/2.ndjson')}:2: /messages/0/role must be one of: user, assistant, system`,
      `${join(root, 'a/2.ndjson')}:2: /max_tokens must be at least 1`,
      `${join(root, 'a/1.jsonl')}: 1 valid, 0 invalid`,
      `${join(root, 'a/2.ndjson')}: 1 valid, 1 invalid`,
      `${join(root, 'b.json')}: 1 valid, 0 invalid`,
    ]);
    expect(lines[5]).toMatch(/^total: 3 valid, 1 invalid, 0 unreadable, in 3 inputs \(\d+\.\d s\)$/);
  });

  it('follows links in a directory once: to files and directories, never round a loop, saying which lead nowhere', () => {
    const root = join(dir, 'linked');
    const outside = join(dir, 'outside');
    write('outside/o.json', valid);
    write('linked/a.json', invalid);
    symlinkSync(outside, join(root, 'to-outside'));
    symlinkSync(join(root, 'a.json'), join(root, 'b-same.json'));
    symlinkSync(root, join(root, 'loop'));
    symlinkSync(join(dir, 'gone'), join(root, 'c-gone'));
    const { code, stdout, stderr } = runBin(['validate', 'messages-request', root]);
    expect(code).toBe(2);
    const gone = join(root, 'c-gone');
    expect(stderr).toBe(
      `gateway-contract: cannot read ${gone}: ENOENT: no such file or directory, stat '${gone}'\n`,
    );
    const counts = stdout
      .split('\n')
      .filter((line) => / valid, \d+ invalid/.test(line) && !line.startsWith('total'));
    expect(counts).toEqual([
      `${join(root, 'a.json')}: 0 valid, 1 invalid`,
      `${gone}: 0 valid, 0 invalid, unreadable (ENOENT: no such file or directory, stat '${gone}')`,
      `${join(root, 'to-outside/o.json')}: 1 valid, 0 invalid`,
    ]);
  });

  it('reads JSON Lines and a pretty-printed document from standard input, telling them apart', () => {
    const lines = runBin(['validate', 'messages-request', '-'], `\n${valid}\n\n${invalid}\n${valid}\n`);
    expect(lines.code).toBe(1);
    expect(lines.stdout).toContain('<stdin>:4: /max_tokens must be at least 1\n');
    expect(lines.stdout).toContain('<stdin>: 2 valid, 1 invalid\n');
    const pretty = runBin(['validate', 'messages-request'], JSON.stringify(JSON.parse(valid), null, 2));
    expect(pretty).toMatchObject({ code: 0, stdout: '<stdin>: 1 valid, 0 invalid\n' });
  });

  it('reports a document over --max-bytes without holding it, and goes on with the next line', () => {
    const long = JSON.stringify({ ...JSON.parse(valid), system: 'x'.repeat(5000) });
    const path = write('long.jsonl', `${valid}\n${long}\n${valid}\n`);
    const limited = runBin(['validate', 'messages-request', path, '--max-bytes', '1000']);
    expect(limited.code).toBe(1);
    expect(limited.stdout).toBe(
      `${path}:2: (root) is larger than 1000 bytes (--max-bytes)\n${path}: 2 valid, 1 invalid\n`,
    );
    expect(runBin(['validate', 'messages-request', path, '--max-bytes', '8KiB']).code).toBe(0);
    const document = write('long.json', long);
    expect(runBin(['validate', 'messages-request', document, '--max-bytes', '1000']).stdout).toContain(
      `${document}:1: (root) is larger than 1000 bytes (--max-bytes)\n`,
    );
  });

  it('gives up a document over the limit on standard input before the input ends', async () => {
    const child = spawnBin(['validate', 'messages-request', '--max-bytes', '1MiB']);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.on('error', () => {});
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let finished = false;
    void exited.then(() => (finished = true));
    // A pretty-printed document far larger than the limit, written while the command runs: 256 MiB at most.
    const block = Buffer.from(`  "x": "${'y'.repeat(64 * 1024 - 12)}",\n`);
    let written = Buffer.byteLength('{\n');
    child.stdin.write('{\n');
    while (!finished && written < 256 * 1024 * 1024) {
      if (!child.stdin.write(block))
        await Promise.race([new Promise((r) => child.stdin.once('drain', r)), exited]);
      written += block.length;
    }
    expect(await exited).toBe(1);
    expect(written).toBeLessThan(256 * 1024 * 1024);
    expect(stdout).toBe(
      '<stdin>:1: (root) is larger than 1048576 bytes (--max-bytes)\n<stdin>: 0 valid, 1 invalid\n',
    );
  });
});

describe('exit codes, --version and -h', () => {
  it('exits 2 on an unreadable input even when the rest is valid, and names it on stderr', () => {
    const path = write('fine.json', valid);
    const missing = join(dir, 'missing.jsonl');
    const { code, stdout, stderr } = runBin(['validate', 'messages-request', path, missing]);
    expect(code).toBe(2);
    expect(stderr).toContain(`cannot read ${missing}: ENOENT`);
    expect(stdout).toContain(
      `${path}: 1 valid, 0 invalid\n${missing}: 0 valid, 0 invalid, unreadable (ENOENT`,
    );
  });

  it.each([
    [['validate'], 'validate needs a name'],
    [['validate', 'nope'], 'unknown name "nope"'],
    [['validate', 'messages-request', '--max-bytes', '0'], '--max-bytes must be'],
    [['validate', 'messages-request', '--format', 'xml'], '--format must be one of auto, json, jsonl'],
    [['validate', 'messages-request', '--frobnicate'], "Unknown option '--frobnicate'"],
    [['bench', 'messages-request'], 'bench needs at least one file'],
  ])('exits 2 on the usage error %j', (args, message) => {
    const { code, stderr } = runBin(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage:');
  });

  it('prints the version of the package', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(runBin(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints the usage with -h, the exit codes included', () => {
    for (const args of [['-h'], ['--help'], ['validate', '-h']]) {
      const { code, stdout } = runBin(args);
      expect(code).toBe(0);
      expect(stdout).toContain('gateway-contract validate <name>');
      expect(stdout).toContain('gateway-contract bench <name> <files...>');
      expect(stdout).toContain('Exit codes: 0 every document valid; 1 some document invalid; 2 usage error');
    }
  });
});

describe('normalize on JSON Lines', () => {
  it('prints one result per line, the error body in place of an invalid request', () => {
    const path = write('normalize.jsonl', `${valid}\n${invalid}\n${valid}\n`);
    const { code, stdout } = runBin(['normalize', path]);
    expect(code).toBe(1);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveProperty('config');
    expect(lines[1]).toMatchObject({ error: { code: 400 } });
    expect(lines[2]).toEqual(lines[0]);
  });
});

describe('bench on your own documents', () => {
  it('prints a row per file: size, documents, valid and invalid counts, µs, ratio, documents per second', () => {
    const path = write('bench.jsonl', `${valid}\n${invalid}\n${valid}\n{not json\n`);
    const { code, stdout, stderr } = runBin(['bench', 'messages-request', path, '--rounds', '1']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [header, row, ...rest] = stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(header!.split(/ {2,}/)).toEqual(benchColumns);
    const cells = row!.split(/ {2,}/);
    expect(cells.slice(0, 5)).toEqual([path, expect.stringMatching(/^\d+ B$/), '4', '2', '2']);
    expect(cells[7]).toMatch(/^\d+\.\d{3}x$/);
  });

  it('prints one JSON object per file with --json', () => {
    const path = write('bench.json', valid);
    const { code, stdout } = runBin(['bench', 'messages-request', path, '--rounds', '1', '--json']);
    expect(code).toBe(0);
    const row = JSON.parse(stdout) as Record<string, number | string>;
    expect(row).toMatchObject({ file: path, documents: 1, valid: 1, invalid: 0, skipped: 0 });
    expect(row['ratio']).toBeGreaterThan(0);
    expect(row['documentsPerSecond']).toBeGreaterThan(0);
  });
});
