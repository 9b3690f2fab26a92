import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_MAX_BODY_BYTES } from '../body/body-limits.js';
import { rootNames, type RootName } from '../core/validators.js';
import { inputFormats, type InputFormat } from './documents.js';
import type { CheckSettings } from './verdict.js';

/** A command line the CLI cannot run: exit 2, with the usage. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** The flags every file-reading command shares. */
export const documentOptions = {
  strict: { type: 'boolean' },
  'max-bytes': { type: 'string' },
  format: { type: 'string' },
} as const satisfies Options;

/** Each flag's value: true for a switch, the text for a flag with a value. */
export type FlagValues<T extends Options> = {
  [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string;
};

/** Node's own parser, with its complaints turned into usage errors. */
export function parsedArgs<T extends Options>(
  command: string,
  args: readonly string[],
  options: T,
): { values: FlagValues<T>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as FlagValues<T>, positionals };
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message}`);
  }
}

export function readName(name: string | undefined, command: string): RootName {
  if (name === undefined) throw new UsageError(`${command} needs a name: one of ${rootNames.join(', ')}`);
  if (!(rootNames as readonly string[]).includes(name))
    throw new UsageError(`unknown name ${JSON.stringify(name)}; expected one of ${rootNames.join(', ')}`);
  return name as RootName;
}

const units: Record<string, number> = { '': 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };
/** A document larger than this could not become one JavaScript string, so no verdict could be given. */
export const MAX_MAX_BYTES = 256 * 1024 ** 2;

/** `--max-bytes`: bytes, or a number of KiB, MiB or GiB; the library's body limit when absent. */
export function readMaxBytes(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_BODY_BYTES;
  const match = /^(\d+)(KiB|MiB|GiB)?$/.exec(text);
  const bytes = match === null ? NaN : Number(match[1]) * (units[match[2] ?? ''] as number);
  if (!(bytes >= 1 && bytes <= MAX_MAX_BYTES)) {
    throw new UsageError(`--max-bytes must be 1 to ${MAX_MAX_BYTES} bytes (or e.g. 16MiB), got ${text}`);
  }
  return bytes;
}

export function readFormat(text: string | undefined): InputFormat {
  if (text === undefined) return 'auto';
  if (!(inputFormats as readonly string[]).includes(text))
    throw new UsageError(`--format must be one of ${inputFormats.join(', ')}, got ${text}`);
  return text as InputFormat;
}

/** A positive whole number flag, or its default. */
export function readCount(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 1_000_000) {
    throw new UsageError(`${flag} must be a whole number from 1 to 1000000, got ${text}`);
  }
  return value;
}

/** What a file-reading command checks each document with: the name it was given and the shared flags. */
export function checkSettingsFrom(
  values: FlagValues<typeof documentOptions>,
  name: string | undefined,
  command: string,
): CheckSettings {
  return {
    name: readName(name, command),
    maxBytes: readMaxBytes(values['max-bytes']),
    profile: values.strict === true ? 'strict' : 'default',
  };
}
