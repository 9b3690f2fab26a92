import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emittedSchemaSources } from '../../build/documents/emit.js';
import {
  caseFileCases,
  CustomKeywordJudge,
  jsonCases,
  root,
  schemaDir,
  Skipped,
  type JsonCase,
} from './support/json-cases.js';

/*
 * A service in another language: Python's jsonschema (Debian's python3-jsonschema; .ci/run installs it) reads the
 * emitted files and judges the example payloads, then every case of test/cases and the hostile corpus small
 * enough for a pure-Python validator, each parsed from its JSON text by Python's own parser.
 */

/** Debian's interpreter when it has jsonschema (as CI installs it), else the first `python3` on the PATH. */
function python(): string {
  const hasJsonschema = (command: string) =>
    spawnSync(command, ['-c', 'import jsonschema'], { stdio: 'ignore' }).status === 0;
  for (const command of ['/usr/bin/python3', 'python3']) if (hasJsonschema(command)) return command;
  throw new Error('no python3 can import jsonschema: install python3-jsonschema (.ci/run does)');
}

/** Bodies larger than this are left to the JavaScript differential test: pure Python takes seconds per MiB. */
const PYTHON_MAX_TEXT = 64 * 1024;

interface Cases {
  lines: Array<{ schema: string; text: string }>;
  expected: boolean[];
  names: string[];
}

function collect(cases: Iterable<Pick<JsonCase, 'name' | 'schema' | 'text'> & { valid: boolean }>): Cases {
  const collected: Cases = { lines: [], expected: [], names: [] };
  for (const { name, schema, text, valid } of cases) {
    collected.lines.push({ schema, text });
    collected.expected.push(valid);
    collected.names.push(name);
  }
  return collected;
}

function pythonVerdicts(lines: Cases['lines']): { header: Record<string, unknown>; verdicts: boolean[] } {
  const result = spawnSync(python(), [`${root}test/ecosystem/jsonschema_verdicts.py`, schemaDir], {
    input: lines.map((line) => JSON.stringify(line)).join('\n'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`python exited ${result.status}: ${result.stderr}`);
  const [header, ...verdicts] = result.stdout.trim().split('\n');
  return {
    header: JSON.parse(header!) as Record<string, unknown>,
    verdicts: verdicts.map((v) => v === 'true'),
  };
}

function disagreements(cases: Cases, verdicts: boolean[]): string[] {
  expect(verdicts.length).toBe(cases.expected.length);
  return cases.names.filter((_, index) => verdicts[index] !== cases.expected[index]);
}

describe("Python's jsonschema on the emitted files", () => {
  it('accepts the example payloads', () => {
    const example = readFileSync(`${root}schemas/examples/messages-request.json`, 'utf8');
    const valid = [...caseFileCases()].filter((jsonCase) => jsonCase.valid);
    const cases = collect([
      {
        name: 'schemas/examples/messages-request.json',
        schema: 'messages-request',
        text: example,
        valid: true,
      },
      ...valid,
    ]);
    const { header, verdicts } = pythonVerdicts(cases.lines);
    console.log(`python jsonschema ${header['jsonschema']}: ${cases.lines.length} example payloads checked`);
    // Every schema the build emits, in the default profile and the strict one.
    expect(header['schemas']).toBe(2 * Object.keys(emittedSchemaSources()).length);
    expect(disagreements(cases, verdicts)).toEqual([]);
  }, 60_000);

  it('gives our verdict on every case but those the custom keyword decides', () => {
    const judge = new CustomKeywordJudge();
    const skipped = new Skipped();
    const checked: JsonCase[] = [];
    const excluded: string[] = [];
    let tooLarge = 0;
    for (const jsonCase of jsonCases(skipped)) {
      if (jsonCase.text.length > PYTHON_MAX_TEXT) tooLarge++;
      else if (judge.verdictWithoutKeyword(jsonCase.schema, jsonCase.value) !== undefined) {
        excluded.push(jsonCase.name);
      } else checked.push({ ...jsonCase, value: undefined });
    }
    const cases = collect(checked);
    const { header, verdicts } = pythonVerdicts(cases.lines);
    console.log(
      `python jsonschema ${header['jsonschema']}: ${cases.lines.length} cases agreed, ` +
        `${excluded.length} decided by maxTotalLength or the secret search (nested values, URL parts), ${tooLarge} bodies over 64 KiB left to the ` +
        `JavaScript differential, ${skipped.total} not JSON values (${skipped})`,
    );
    expect(disagreements(cases, verdicts)).toEqual([]);
    expect(cases.lines.length).toBeGreaterThan(1300);
  }, 180_000);
});
