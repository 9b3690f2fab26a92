import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaseFiles } from '../support/cases.js';
import { memoryOf } from './bin-process.js';
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
  it('holds no more on 100 000 lines than on 10 000', { timeout: 180_000 }, () => {
    const smallFile = join(dir, '10k.jsonl');
    const largeFile = join(dir, '100k.jsonl');
    const small = memoryOf(['validate', 'messages-request', smallFile]);
    const large = memoryOf(['validate', 'messages-request', largeFile]);
    expect(small.code).toBe(1);
    expect(large.code).toBe(1);
    // What stays alive once collected does not grow with the input: nothing is kept per line.
    expect(large.liveHeapKb - small.liveHeapKb).toBeLessThan(4 * 1024);
    // The peak may move with the engine's heap sizing, but by far less than the 75 MB more the larger file holds:
    // read whole, its text alone would add that much.
    const extraKb = (statSync(largeFile).size - statSync(smallFile).size) / 1024;
    expect(large.maxRssKb - small.maxRssKb).toBeLessThan(extraKb / 2);
  });
});
