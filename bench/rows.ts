import { validate } from '../src/index.js';
import { compileValidator } from '../src/compile.js';
import { rootSchemas } from '../schemas/roots.js';
import { benchCases, verdictProbes, type BenchCase, type PayloadKind } from '../test/fixtures/payloads.js';
import { ajvPublic } from './competitors/ajv-public.js';
import { cfworker } from './competitors/cfworker.js';
import type { Checker, Competitor } from './competitors/competitor.js';
import { schemasafe } from './competitors/schemasafe.js';
import { sdk } from './competitors/sdk.js';
import { typebox } from './competitors/typebox.js';
import { zod } from './competitors/zod.js';

/** The rows of one payload kind's table: the floors, ours, then what users would pick instead. */

export type RowGroup = 'floor' | 'ours' | 'competitor';

export interface Disagreement {
  payload: string;
  expected: boolean;
  got: boolean | 'threw';
  note: string | undefined;
}

export interface Row {
  /** `walk`, `ours`, `ours-compiled`, or the competitor's id. */
  id: string;
  name: string;
  group: RowGroup;
  /** The value is parsed already; a floor returns something other than a verdict. */
  run?: (value: unknown) => unknown;
  notes: string[];
  /** Why it could not be built for this kind, if it could not. */
  error?: string;
  disagreements: Disagreement[];
  buildMs?: number;
}

export const competitors: Competitor[] = [ajvPublic, zod, typebox, schemasafe, cfworker, sdk];

/** Visits every value of a JSON document and counts them: the least any validator must do. */
export function walk(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  let count = 1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) count += walk(value[i]);
  } else {
    for (const key in value) count += walk((value as Record<string, unknown>)[key]);
  }
  return count;
}

/** Every payload a row's verdicts are compared on: the timed ones of its kind and the probes. */
export const casesOf = (kind: PayloadKind): BenchCase[] =>
  [...benchCases, ...verdictProbes].filter((benchCase) => benchCase.kind === kind);

/**
 * Each payload as a server receives it: the value `JSON.parse` makes of its bytes. (Objects built by code
 * have other hidden classes than parsed ones; checking them first would leave every validator's inline caches
 * polymorphic on shapes no server ever sees, and slow its timed runs several times over.)
 */
const parsedCases = new Map<PayloadKind, { benchCase: BenchCase; value: unknown }[]>();

function parsedCasesOf(kind: PayloadKind) {
  let cases = parsedCases.get(kind);
  if (cases === undefined) {
    cases = casesOf(kind).map((benchCase) => ({
      benchCase,
      value: JSON.parse(JSON.stringify(benchCase.value)) as unknown,
    }));
    parsedCases.set(kind, cases);
  }
  return cases;
}

function verdicts(check: Checker, kind: PayloadKind): Disagreement[] {
  return parsedCasesOf(kind).flatMap(({ benchCase, value }) => {
    let got: boolean | 'threw';
    try {
      got = check(value);
    } catch {
      got = 'threw';
    }
    return got === benchCase.valid
      ? []
      : [{ payload: benchCase.name, expected: benchCase.valid, got, note: benchCase.note }];
  });
}

function timed<T>(build: () => T): [T, number] {
  const start = performance.now();
  const built = build();
  return [built, performance.now() - start];
}

function checkerRow(
  id: string,
  name: string,
  group: RowGroup,
  kind: PayloadKind,
  build: () => ReturnType<Competitor['build']>,
): Row | undefined {
  try {
    const [built, buildMs] = timed(build);
    if (built === undefined) return undefined;
    const { check, notes = [] } = typeof built === 'function' ? { check: built } : built;
    return { id, name, group, run: check, notes, disagreements: verdicts(check, kind), buildMs };
  } catch (error) {
    return { id, name, group, notes: [], error: (error as Error).message, disagreements: [] };
  }
}

export function buildRows(kind: PayloadKind): Row[] {
  const rows: (Row | undefined)[] = [
    { id: 'walk', name: 'walk every value', group: 'floor', run: walk, notes: [], disagreements: [] },
    checkerRow(
      'ours',
      'ours: `validate()` (precompiled)',
      'ours',
      kind,
      () => (value) => validate(kind, value).ok,
    ),
    checkerRow('ours-compiled', 'ours: `compileValidator(schema)`', 'ours', kind, () => {
      const compiled = compileValidator(rootSchemas[kind]);
      return (value) => compiled(value) === true;
    }),
    ...competitors.map((competitor) =>
      checkerRow(competitor.id, competitor.name, 'competitor', kind, () => competitor.build(kind)),
    ),
  ];
  return rows.filter((row): row is Row => row !== undefined);
}
