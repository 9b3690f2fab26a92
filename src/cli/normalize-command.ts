import type { NormalizedRequest } from '../body/body-pipeline.js';
import type { NormalizedPreset } from '../core/normalize.js';
import { documentOptions, parsedArgs, readFormat, readMaxBytes, UsageError } from './args.js';
import { documentsOf } from './documents.js';
import { writeOut, type CliIo } from './io.js';
import { LineReader } from './line-reader.js';
import { chunksOf, expandSources } from './sources.js';
import { checkDocument, documentPipeline } from './verdict.js';

/** What a preset saves of a normalized request, and the names it drops: the request itself is not printed. */
function presetOf({ request: _request, ...preset }: NormalizedRequest): NormalizedPreset {
  return preset;
}

/**
 * `normalize [file|-]`: what a preset saves of each messages request. One JSON document prints one indented
 * result; JSON Lines print one result per document, each on its line, so the output is JSON Lines too. An
 * invalid request prints its error body in its place, and the exit code is 1.
 */
export async function normalizeCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parsedArgs('normalize', args, documentOptions);
  if (positionals.length > 1) throw new UsageError('normalize takes at most one file');
  const settings = {
    name: 'messages-request' as const,
    maxBytes: readMaxBytes(values['max-bytes']),
    profile: values.strict === true ? ('strict' as const) : ('default' as const),
  };
  const pipeline = documentPipeline(settings, true);
  const sources = await expandSources(positionals, readFormat(values.format));
  const source = sources[0];
  if (source?.unreadable !== undefined) {
    io.stderr(`gateway-contract: cannot read ${source.label}: ${source.unreadable}\n`);
    return 2;
  }
  if (source === undefined || sources.length > 1)
    throw new UsageError('normalize takes one file, not a directory');
  let invalid = 0;
  const reader = new LineReader(chunksOf(source, io.stdin), settings.maxBytes);
  for await (const document of documentsOf(reader, source.format, settings.maxBytes, source.size)) {
    const verdict = checkDocument(document.bytes, pipeline);
    if (!verdict.valid) invalid += 1;
    const result = verdict.valid ? presetOf(verdict.value as NormalizedRequest) : verdict.error;
    await writeOut(io, `${JSON.stringify(result, null, document.jsonLines ? undefined : 2)}\n`);
  }
  return invalid > 0 ? 1 : 0;
}
