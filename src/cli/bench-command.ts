import type { BodyPipeline } from '../body/body-pipeline.js';
import { parseJsonBody } from '../body/json-body.js';
import { validate } from '../core/validators.js';
import { checkSettingsFrom, documentOptions, parsedArgs, readCount, readFormat, UsageError } from './args.js';
import { documentsOf } from './documents.js';
import { writeOut, type CliIo } from './io.js';
import { LineReader } from './line-reader.js';
import { median } from './median.js';
import { byteSize, grouped, Progress } from './progress.js';
import { chunksOf, expandSources, type Source } from './sources.js';
import { checkDocument, documentPipeline } from './verdict.js';

const benchOptions = {
  ...documentOptions,
  rounds: { type: 'string' },
  'max-documents': { type: 'string' },
  json: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
} as const;

/** Documents held per file at most, in bytes: timing needs them in memory, and a sample of this size suffices. */
const MAX_HELD_BYTES = 32 * 1024 * 1024;
/** A timed batch runs at least this long, so the clock's resolution is lost in it. */
const BATCH_MS = 20;
/** Each function runs this long before it is timed: V8 optimises a validator only after many calls. */
const WARM_UP_MS = 150;

/** The documents of one file that are timed. */
interface Sample {
  bytes: Uint8Array[];
  texts: string[];
  /** The values `JSON.parse` made of the documents the body guards accept. */
  values: unknown[];
  size: number;
  valid: number;
  invalid: number;
  /** Documents of the file left out past `--max-documents` or the bytes held. */
  skipped: number;
}

export interface BenchRow {
  file: string;
  bytes: number;
  documents: number;
  valid: number;
  invalid: number;
  skipped: number;
  parseUs: number;
  validateUs: number;
  /** validate() over JSON.parse, each per document, median of the rounds' ratios. */
  ratio: number;
  /** The whole body path from bytes, as the CLI and a server run it: guards, JSON.parse, validate. */
  bodyUs: number;
  documentsPerSecond: number;
}

async function sampleOf(source: Source, io: CliIo, pipeline: BodyPipeline, maxDocuments: number) {
  const sample: Sample = { bytes: [], texts: [], values: [], size: 0, valid: 0, invalid: 0, skipped: 0 };
  const { limits } = pipeline;
  const reader = new LineReader(chunksOf(source, io.stdin), limits.maxBytes);
  for await (const document of documentsOf(reader, source.format, limits.maxBytes, source.size)) {
    const length = document.bytes?.length ?? 0;
    if (sample.bytes.length >= maxDocuments || sample.size + length > MAX_HELD_BYTES) {
      sample.skipped += 1;
      continue;
    }
    const verdict = checkDocument(document.bytes, pipeline);
    if (verdict.valid) sample.valid += 1;
    else sample.invalid += 1;
    if (document.bytes === undefined) continue;
    sample.bytes.push(document.bytes.slice());
    sample.size += length;
    const parsed = parseJsonBody(document.bytes, limits);
    if (!parsed.ok) continue;
    sample.texts.push(Buffer.from(document.bytes).toString('utf8'));
    sample.values.push(parsed.value);
  }
  return sample;
}

/** Nanoseconds per item of one pass of `run` over `items`, over enough passes to fill a batch. */
function timePasses(run: () => void, passes: number, items: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < passes; i += 1) run();
  return Number(process.hrtime.bigint() - start) / passes / Math.max(items, 1);
}

/** How many passes fill a batch, found while warming up. */
function warmUp(run: () => void): number {
  const end = performance.now() + WARM_UP_MS;
  let passes = 0;
  while (performance.now() < end) {
    run();
    passes += 1;
  }
  return Math.max(1, Math.ceil((passes * BATCH_MS) / WARM_UP_MS));
}

export let sink: unknown;

function timeSample(
  file: string,
  sample: Sample,
  pipeline: BodyPipeline,
  rounds: number,
  onRound: () => void,
) {
  const { texts, values, bytes } = sample;
  const parse = () => {
    for (const text of texts) sink = JSON.parse(text);
  };
  const check = () => {
    for (const value of values) sink = validate(pipeline.root, value, pipeline.validateOptions);
  };
  const body = () => {
    for (const document of bytes) sink = checkDocument(document, pipeline);
  };
  const parsePasses = warmUp(parse);
  const checkPasses = warmUp(check);
  const bodyPasses = warmUp(body);
  const parseNs: number[] = [];
  const checkNs: number[] = [];
  const bodyNs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    // Paired in each round, as bench/ does: the machine's state drifts alike for both sides of a ratio.
    const parsed = timePasses(parse, parsePasses, texts.length);
    const checked = timePasses(check, checkPasses, values.length);
    parseNs.push(parsed);
    checkNs.push(checked);
    ratios.push(checked / parsed);
    bodyNs.push(timePasses(body, bodyPasses, bytes.length));
    onRound();
  }
  const bodyUs = median(bodyNs) / 1000;
  return {
    file,
    bytes: sample.size,
    documents: sample.valid + sample.invalid,
    valid: sample.valid,
    invalid: sample.invalid,
    skipped: sample.skipped,
    parseUs: median(parseNs) / 1000,
    validateUs: median(checkNs) / 1000,
    ratio: values.length === 0 ? NaN : median(ratios),
    bodyUs,
    documentsPerSecond: bytes.length === 0 ? 0 : 1e6 / bodyUs,
  } satisfies BenchRow;
}

const micros = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');

/** The table's columns, in order. */
export const benchColumns = [
  'file',
  'size',
  'documents',
  'valid',
  'invalid',
  'JSON.parse µs',
  'validate µs',
  'ratio',
  'body path µs',
  'documents/s',
] as const;

/** The rows as a table of aligned columns, numbers to the right. */
export function benchTable(rows: readonly BenchRow[]): string {
  const header: readonly string[] = benchColumns;
  const cells = rows.map((row) => [
    row.file,
    byteSize(row.bytes),
    grouped(row.documents) + (row.skipped > 0 ? ` (+${grouped(row.skipped)} not timed)` : ''),
    grouped(row.valid),
    grouped(row.invalid),
    micros(row.parseUs),
    micros(row.validateUs),
    Number.isFinite(row.ratio) ? `${row.ratio.toFixed(3)}x` : '-',
    micros(row.bodyUs),
    grouped(row.documentsPerSecond),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((cell) => (cell[i] as string).length)),
  );
  const line = (cell: readonly string[]) =>
    cell
      .map((text, i) => (i === 0 ? text.padEnd(widths[i]!) : text.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...cells.map(line)].join('\n') + '\n';
}

/**
 * `bench <name> <files...>`: times `validate()` on each file's documents against `JSON.parse` of the same text,
 * paired in each round, and the whole body path from bytes; prints a table (or JSON Lines with `--json`).
 */
export async function benchCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parsedArgs('bench', args, benchOptions);
  const [name, ...files] = positionals;
  const pipeline = documentPipeline(checkSettingsFrom(values, name, 'bench'));
  if (files.length === 0) throw new UsageError('bench needs at least one file');
  const rounds = readCount('--rounds', values.rounds, 5);
  const maxDocuments = readCount('--max-documents', values['max-documents'], 10_000);
  const inputs = await expandSources(files, readFormat(values.format));
  const sources = inputs.filter((source) => source.unreadable === undefined);
  for (const { label, unreadable } of inputs) {
    if (unreadable !== undefined) io.stderr(`gateway-contract: cannot read ${label}: ${unreadable}\n`);
  }
  const progress = new Progress(
    values['no-progress'] === true
      ? undefined
      : {
          write: (text) => io.stderr(text),
          isTerminal: io.stderrIsTerminal === true,
          columns: io.stderrColumns,
        },
    'benchmarking',
    sources.length * rounds,
  );
  const rows: BenchRow[] = [];
  let done = 0;
  for (const source of sources) {
    const sample = await sampleOf(source, io, pipeline, maxDocuments);
    const row = timeSample(source.label, sample, pipeline, rounds, () => {
      done += 1;
      progress.update(done, () => `${source.label}: round ${done % rounds || rounds} of ${rounds}`);
    });
    rows.push(row);
    progress.clear();
    if (values.json === true) await writeOut(io, `${JSON.stringify(row)}\n`);
  }
  progress.clear();
  if (values.json !== true) await writeOut(io, benchTable(rows));
  return sources.length < inputs.length ? 2 : 0;
}
