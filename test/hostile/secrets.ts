import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SECRET_CONFIG_FIELDS } from '../../schemas/masked-secret.js';
import type { ResponseCase } from './case.js';

/*
 * D12: a destination response is valid only if every secret field present is masked; a full secret is a
 * validation error, and no error body may echo it. maskDestination turns every example destination, its
 * secrets replaced by full ones, into a response that validates and shows no secret's middle.
 */

const examplesDir = fileURLToPath(new URL('../../../shared/reference/examples/', import.meta.url));
const exampleFiles = readdirSync(examplesDir).filter((file) =>
  file.startsWith('observability-destination-response.'),
);

type DestinationResponse = { data: { config: Record<string, unknown> } };

function readExample(file: string): DestinationResponse {
  return JSON.parse(readFileSync(examplesDir + file, 'utf8')) as DestinationResponse;
}

const secretFields: readonly string[] = SECRET_CONFIG_FIELDS;

/** A long secret no mask could come from, with a middle that must never be shown. */
function fullSecret(field: string): string {
  return `sk-live-${field}-MIDDLE-OF-THE-SECRET-0123456789abcdef`;
}

const LANGFUSE = 'observability-destination-response.langfuse.example.json';

/** The langfuse example with its `secretKey` set to `value`, validated as sent. */
function secretKeyCase(value: string, valid: boolean): ResponseCase {
  return {
    kind: 'response',
    name: `secretKey ${JSON.stringify(value)}`,
    response: () => {
      const response = readExample(LANGFUSE);
      response.data.config['secretKey'] = value;
      return response;
    },
    // An unmasked value must never be echoed; only one long enough not to occur by chance can be checked.
    secrets: !valid && value.length >= 8 ? [value] : [],
    expect: valid ? { status: 200 } : { status: 400, path: '/data/config/secretKey' },
  };
}

/** The public API's own masked forms, and the library's. */
const masked = [
  'sk-l...AbCd',
  'arize_...AbCd',
  '************...AbCd',
  '********',
  '*',
  'sk-l…AbCd',
  'sk.a...mnop',
  '12345678...1234',
  'sk-l...',
  '...',
  '😀😀😀😀...😀😀😀😀',
];

const notMasked = [
  'sk-live-0123456789abcdef',
  'sk-live-1...AbCd',
  'sk-l...AbCdE',
  'ab...cd...ef',
  'sk-l....AbCd',
  'sk-l.....AbCd',
  'sk-l…...AbCd',
  '…...',
  '',
  ' ',
  'AKIAIOSFODNN7EXAMPLE',
];

/** One example's secret fields, each replaced alone by a full secret: rejected at that field. */
const fullSecretCases: ResponseCase[] = exampleFiles.flatMap((file) =>
  Object.keys(readExample(file).data.config)
    .filter((field) => secretFields.includes(field))
    .map((field) => ({
      kind: 'response' as const,
      name: `${file}: a full ${field}`,
      response: () => {
        const response = readExample(file);
        response.data.config[field] = fullSecret(field);
        return response;
      },
      secrets: [fullSecret(field)],
      expect: { status: 400 as const, path: `/data/config/${field}` },
    })),
);

/** Every example with all its secret fields full, then masked by maskDestination: valid, middles hidden. */
const maskedExampleCases: ResponseCase[] = exampleFiles.map((file) => ({
  kind: 'response',
  name: `${file}: every secret full, then masked`,
  response: () => {
    const response = readExample(file);
    for (const field of Object.keys(response.data.config)) {
      if (secretFields.includes(field)) response.data.config[field] = fullSecret(field);
    }
    return response;
  },
  mask: true,
  secrets: secretFields.map((field) => fullSecret(field).slice(4, -4)),
  expect: { status: 200 },
}));

export const secretCases: ResponseCase[] = [
  ...masked.map((value) => secretKeyCase(value, true)),
  ...notMasked.map((value) => secretKeyCase(value, false)),
  ...fullSecretCases,
  ...maskedExampleCases,
];
