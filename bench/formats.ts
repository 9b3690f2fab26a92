import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { httpUrl, timestamp } from '../schemas/shared.js';
import type { CaseGroup } from '../test/support/cases.js';
import { repoRoot } from './paths.js';
import { calibrate, median, newLoop, timeBatch, warmUp } from './timing.js';

/*
 * Our hand-written format checks (the timestamp and URL patterns of schemas/shared.ts) against `ajv-formats`, the
 * design's package: which values of the case tables each accepts, and the time each takes per value, as a bare
 * check and compiled by Ajv into a one-keyword validator. `node dist/bench/formats.js` prints the tables that
 * bench/RESULTS.md records under "Formats".
 */

type Check = (value: string) => boolean;

/** Ajv compiles patterns with the `u` flag; so does this, so both read the same code points. */
const ourDateTime = new RegExp(timestamp.pattern, 'u');
const ourUrl = new RegExp(httpUrl.pattern, 'u');
const theirDateTime = (fullFormats['date-time'] as { validate: Check }).validate;
const theirUri = fullFormats.uri as Check;
const theirUrl = fullFormats.url as RegExp;

// What `ajv-formats` adds for these two names, without the rest of its formats.
const ajv = new Ajv();
ajv.addFormat('date-time', fullFormats['date-time']);
ajv.addFormat('uri', fullFormats.uri);
const compiled = (schema: object): Check => {
  const validate = ajv.compile(schema);
  return (value) => validate(value);
};

/** The keys whose string values are timestamps or URLs in the case tables. */
const timestampKeys = new Set(['created_at', 'updated_at']);
const urlKeys = new Set([
  'privacy_policy_url',
  'terms_of_service_url',
  'status_page_url',
  'otlpEndpoint',
  'endpoint',
  'baseUrl',
  'url',
]);

/** Every distinct timestamp and URL string of the case tables' responses. */
function caseValues(): { timestamps: string[]; urls: string[] } {
  const timestamps = new Set<string>();
  const urls = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && timestampKeys.has(key)) timestamps.add(value);
      else if (typeof value === 'string' && urlKeys.has(key)) urls.add(value);
      else visit(value);
    }
  };
  const dir = `${repoRoot}test/fixtures/cases/`;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    for (const group of JSON.parse(readFileSync(dir + file, 'utf8')) as CaseGroup[]) {
      if (group.schema === 'messages-request' || group.schema === 'preset-config') continue;
      for (const test of group.tests) visit(test.data);
    }
  }
  return { timestamps: [...timestamps].sort(), urls: [...urls].sort() };
}

interface Agreement {
  both: number;
  onlyOurs: string[];
  onlyTheirs: string[];
  neither: number;
}

function agreement(values: readonly string[], ours: Check, theirs: Check): Agreement {
  const result: Agreement = { both: 0, onlyOurs: [], onlyTheirs: [], neither: 0 };
  for (const value of values) {
    const [a, b] = [ours(value), theirs(value)];
    if (a && b) result.both++;
    else if (a) result.onlyOurs.push(value);
    else if (b) result.onlyTheirs.push(value);
    else result.neither++;
  }
  return result;
}

/** Median nanoseconds per call over rounds of about 5 ms batches, after a warm-up. */
function nsPerCall(check: Check, value: string): number {
  const loop = newLoop();
  const fn = check as (value: unknown) => unknown;
  warmUp(loop, fn, value, 100);
  const calls = calibrate(loop, fn, value, 5);
  return median(Array.from({ length: 15 }, () => timeBatch(loop, fn, value, calls)));
}

const shown = (values: readonly string[]) =>
  values.length === 0
    ? 'none'
    : values.map((value) => `\`${JSON.stringify(value).slice(1, -1)}\``).join(', ');

function agreementRows(name: string, values: readonly string[], ours: Check, theirs: Check): string[] {
  const { both, onlyOurs, onlyTheirs, neither } = agreement(values, ours, theirs);
  return [
    `| ${name} | ${values.length} | ${both} | ${neither} | ${onlyOurs.length}: ${shown(onlyOurs)} | ${onlyTheirs.length}: ${shown(onlyTheirs)} |`,
  ];
}

if (process.argv[1]?.endsWith('formats.js')) {
  const { timestamps, urls } = caseValues();
  const lines = [
    '| values of the case tables | count | both accept | both reject | only ours accepts | only ajv-formats accepts |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...agreementRows(
      'timestamps: ours vs `date-time`',
      timestamps,
      ourDateTime.test.bind(ourDateTime),
      theirDateTime,
    ),
    ...agreementRows('URLs: ours vs `uri`', urls, ourUrl.test.bind(ourUrl), theirUri),
    ...agreementRows('URLs: ours vs `url`', urls, ourUrl.test.bind(ourUrl), theirUrl.test.bind(theirUrl)),
    '',
    '| value | ours, bare (ns) | ajv-formats, bare (ns) | ours in Ajv (ns) | ajv-formats in Ajv (ns) |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  const oursInAjv = { dateTime: compiled({ type: 'string', pattern: timestamp.pattern }) };
  const theirsInAjv = { dateTime: compiled({ type: 'string', format: 'date-time' }) };
  const urlOursInAjv = compiled({ type: 'string', pattern: httpUrl.pattern });
  const urlTheirsInAjv = compiled({ type: 'string', format: 'uri' });
  const rows: [string, Check, Check, Check, Check][] = [
    [
      '2026-04-20T10:00:00Z',
      ourDateTime.test.bind(ourDateTime),
      theirDateTime,
      oursInAjv.dateTime,
      theirsInAjv.dateTime,
    ],
    [
      '2026-04-20T10:00:00.123456Z',
      ourDateTime.test.bind(ourDateTime),
      theirDateTime,
      oursInAjv.dateTime,
      theirsInAjv.dateTime,
    ],
    [
      '2026-02-30T00:00:00Z',
      ourDateTime.test.bind(ourDateTime),
      theirDateTime,
      oursInAjv.dateTime,
      theirsInAjv.dateTime,
    ],
    ['https://openrouter.ai/privacy', ourUrl.test.bind(ourUrl), theirUri, urlOursInAjv, urlTheirsInAjv],
    [
      'https://o0.ingest.sentry.io/api/0/otlp?team=ml&region=eu#traces',
      ourUrl.test.bind(ourUrl),
      theirUri,
      urlOursInAjv,
      urlTheirsInAjv,
    ],
    ['not a url', ourUrl.test.bind(ourUrl), theirUri, urlOursInAjv, urlTheirsInAjv],
  ];
  for (const [value, ...checks] of rows) {
    const times = checks.map((check) => nsPerCall(check, value).toFixed(0));
    lines.push(`| \`${value}\` | ${times.join(' | ')} |`);
  }
  console.log(lines.join('\n'));
}
