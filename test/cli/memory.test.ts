import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaseFiles } from '../support/cases.js';
import { peakResidentKb } from './bin-process.js';
import { requestTexts, writeJsonLines } from './request-lines.js';

let dir: string;
const texts = requestTexts(loadCaseFiles().flatMap(([, groups]) => groups));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gc-cli-memory-'));
  writeJsonLines(join(dir, '10k.jsonl'), texts, 10_000);
  writeJsonLines(join(dir, '100k.jsonl'), texts, 100_000);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validate in bounded memory', () => {
  it('peaks at about the same resident size on 100 000 lines as on 10 000', { timeout: 180_000 }, () => {
    const small = peakResidentKb(['validate', 'messages-request', join(dir, '10k.jsonl')]);
    const large = peakResidentKb(['validate', 'messages-request', join(dir, '100k.jsonl')]);
    expect(small.code).toBe(1);
    expect(large.code).toBe(1);
    // Ten times the lines: held whole, the text alone would add tens of megabytes; streamed, the peak stays put.
    expect(large.maxRssKb / small.maxRssKb).toBeLessThan(1.3);
  });
});
