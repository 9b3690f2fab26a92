import { checkSettingsFrom, documentOptions, parsedArgs, readFormat } from './args.js';
import { documentsOf } from './documents.js';
import { writeOut, type CliIo } from './io.js';
import { LineReader } from './line-reader.js';
import { grouped, megabytes, Progress } from './progress.js';
import { chunksOf, expandSources, reasonOf } from './sources.js';
import { checkDocument, documentPipeline, type Verdict } from './verdict.js';

/** The counts of one input, or of all of them. */
interface Tally {
  valid: number;
  invalid: number;
}

interface FileSummary extends Tally {
  file: string;
  /** Why the input could not be read (to its end), when it could not. */
  unreadable?: string;
}

const validateOptions = {
  ...documentOptions,
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
} as const;

/** An issue as one line: `file:line: path sentence`, the root written `(root)`. */
function issueLine(file: string, line: number, path: string, message: string): string {
  return `${file}:${line}: ${path === '' ? '(root)' : path} ${message}\n`;
}

function documentRecord(file: string, line: number, verdict: Verdict): string {
  const record = verdict.valid
    ? { file, line, valid: true }
    : { file, line, valid: false, status: verdict.status, issues: verdict.issues };
  return `${JSON.stringify(record)}\n`;
}

function tallyLine(label: string, tally: Tally, unreadable?: string): string {
  const counts = `${grouped(tally.valid)} valid, ${grouped(tally.invalid)} invalid`;
  return `${label}: ${unreadable === undefined ? counts : `${counts}, unreadable (${unreadable})`}\n`;
}

/**
 * `validate <name> [files...]`: every document of every input through the library's body path, one line per
 * issue of each invalid document, then the counts per input and in total. Exit 0 when every document is valid,
 * 1 when one is not, 2 when an input could not be read.
 */
export async function validateCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parsedArgs('validate', args, validateOptions);
  const [name, ...files] = positionals;
  const settings = checkSettingsFrom(values, name, 'validate');
  const pipeline = documentPipeline(settings);
  const format = readFormat(values.format);
  const json = values.json === true;
  const quiet = values.quiet === true;
  const started = performance.now();
  const sources = await expandSources(files, format);
  const summaries: FileSummary[] = [];
  const knownSizes = sources.every((source) => source.size !== undefined);
  const totalBytes = knownSizes ? sources.reduce((sum, source) => sum + (source.size ?? 0), 0) : undefined;
  const progress = new Progress(
    values['no-progress'] === true || quiet
      ? undefined
      : {
          write: (text) => io.stderr(text),
          isTerminal: io.stderrIsTerminal === true,
          columns: io.stderrColumns,
        },
    'validating',
    totalBytes,
  );
  const total: Tally = { valid: 0, invalid: 0 };
  let bytesBefore = 0;
  const out = async (text: string) => {
    if (quiet) return;
    progress.clear();
    await writeOut(io, text);
  };

  for (const source of sources) {
    const summary: FileSummary = { file: source.label, valid: 0, invalid: 0 };
    summaries.push(summary);
    if (source.unreadable !== undefined) {
      summary.unreadable = source.unreadable;
      io.stderr(`gateway-contract: cannot read ${source.label}: ${source.unreadable}\n`);
      continue;
    }
    const reader = new LineReader(chunksOf(source, io.stdin), settings.maxBytes);
    try {
      for await (const document of documentsOf(reader, source.format, settings.maxBytes, source.size)) {
        const verdict = checkDocument(document.bytes, pipeline);
        if (verdict.valid) summary.valid += 1;
        else summary.invalid += 1;
        if (json) await out(documentRecord(source.label, document.line, verdict));
        else if (!verdict.valid) {
          for (const issue of verdict.issues) {
            await out(issueLine(source.label, document.line, issue.path, issue.message));
          }
        }
        const done = bytesBefore + reader.bytesRead;
        const documents = total.valid + total.invalid + summary.valid + summary.invalid;
        progress.update(
          done,
          () =>
            `${megabytes(done)}${totalBytes === undefined ? '' : ` of ${megabytes(totalBytes)}`}  ${grouped(documents)} documents, ${grouped(total.invalid + summary.invalid)} invalid`,
        );
      }
    } catch (error) {
      summary.unreadable = reasonOf(error);
      progress.clear();
      io.stderr(`gateway-contract: cannot read ${source.label}: ${summary.unreadable}\n`);
    }
    bytesBefore += source.size ?? reader.bytesRead;
    total.valid += summary.valid;
    total.invalid += summary.invalid;
  }
  progress.clear();

  const unreadableCount = summaries.filter((summary) => summary.unreadable !== undefined).length;
  const seconds = (performance.now() - started) / 1000;
  if (json) {
    const summary = {
      files: summaries,
      ...total,
      unreadable: unreadableCount,
      seconds: Number(seconds.toFixed(3)),
    };
    await out(`${JSON.stringify({ summary })}\n`);
  } else {
    for (const summary of summaries) await out(tallyLine(summary.file, summary, summary.unreadable));
    if (summaries.length > 1 || unreadableCount > 0) {
      await out(
        `total: ${grouped(total.valid)} valid, ${grouped(total.invalid)} invalid, ${unreadableCount} unreadable, in ${summaries.length} inputs (${seconds.toFixed(1)} s)\n`,
      );
    }
  }
  return unreadableCount > 0 ? 2 : total.invalid > 0 ? 1 : 0;
}
