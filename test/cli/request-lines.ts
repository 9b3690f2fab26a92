import { closeSync, openSync, writeSync } from 'node:fs';

/** A case file's groups, as test/fixtures/cases holds them. */
interface Group {
  schema: string;
  tests: { data: unknown }[];
}

/** Every messages request of the case files, one JSON text each: valid and invalid ones, as a log holds them. */
export function requestTexts(groups: readonly Group[]): string[] {
  return groups
    .filter((group) => group.schema === 'messages-request')
    .flatMap((group) => group.tests.map((test) => JSON.stringify(test.data)));
}

/**
 * Writes `lines` lines of JSON Lines to `path`, line i holding `texts[i % texts.length]`, in blocks, so even a
 * million lines never sit in memory whole.
 */
export function writeJsonLines(path: string, texts: readonly string[], lines: number): number {
  const file = openSync(path, 'w');
  let bytes = 0;
  try {
    for (let start = 0; start < lines; start += 1000) {
      let block = '';
      for (let i = start; i < Math.min(start + 1000, lines); i += 1) block += `${texts[i % texts.length]}\n`;
      bytes += writeSync(file, block);
    }
  } finally {
    closeSync(file);
  }
  return bytes;
}
