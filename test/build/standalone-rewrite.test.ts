import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchCases, verdictProbes } from '../fixtures/payloads.js';
import { issuesFromAjv, issuesFromPrecompiled, type PrecompiledError } from '../../src/core/errors.js';
import * as generated from '../../src/generated/validators.js';
import { ajvStandalone, unrewrittenValidatorModule } from '../../build/precompile.js';
import { ajvVersion } from '../../build/standalone/ast.js';
import { printCompact } from '../../build/standalone/print.js';
import { rewriteStandalone } from '../../build/standalone/rewrite.js';
import { hostileCases } from '../fixtures/hostile/index.js';
import { validRequest } from '../support/arbitraries.js';
import { loadCaseFiles } from '../support/cases.js';
import example from '../../schemas/examples/messages-request.json' with { type: 'json' };

/**
 * The rewritten validators against Ajv's own code for the same schemas: the same verdict, the same errors
 * (path, keyword, params) and the same issues, on every case, probe and hostile body, and on generated values.
 */

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type Module = { validatorsByName: Record<string, Validator> };

let directory: string;
let ajv: Module;
const ours = generated as unknown as Module;
const names = Object.keys(generated.validatorsByName);

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'standalone-'));
  const file = join(directory, 'ajv-validators.mjs');
  // Outside the repository, so the module imports the run-time helpers by their absolute URL.
  const runtime = new URL('../../src/runtime/validator-runtime.ts', import.meta.url).href;
  writeFileSync(file, unrewrittenValidatorModule(runtime));
  ajv = (await import(pathToFileURL(file).href)) as Module;
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

interface Outcome {
  valid: boolean;
  errors?: { instancePath: string; keyword: string; params: unknown }[];
  issues?: unknown;
}

function outcome(validator: Validator, data: unknown, precompiled: boolean): Outcome {
  const valid = validator(data);
  if (valid) return { valid, errors: validator.errors === null ? [] : undefined };
  const errors = (validator.errors ?? []) as PrecompiledError[];
  return {
    valid,
    errors: errors.map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params })),
    issues: precompiled ? issuesFromPrecompiled(errors) : issuesFromAjv(errors as never),
  };
}

function expectSameOutcome(name: string, data: unknown): void {
  const theirs = outcome(ajv.validatorsByName[name]!, data, false);
  expect(outcome(ours.validatorsByName[name]!, data, true), name).toEqual(theirs);
}

/** Small enough bodies of the hostile corpus, parsed; the large ones test the body guards, not the schemas. */
function hostileValues(): unknown[] {
  return hostileCases.flatMap((hostile) => {
    if (hostile.kind === 'params') return [hostile.params];
    if (hostile.kind === 'response') return [hostile.response()];
    if (hostile.kind !== 'body') return [];
    const body = hostile.body();
    if (body.length > 64 * 1024) return [];
    try {
      return [JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body))];
    } catch {
      return [];
    }
  });
}

describe('the rewritten validators', () => {
  it('judge and report every case, probe, example and hostile body as Ajv does, under every schema', () => {
    const values = [
      ...loadCaseFiles().flatMap(([, groups]) =>
        groups.flatMap((group) => group.tests.map((test) => test.data)),
      ),
      ...[...benchCases, ...verdictProbes].map((benchCase) => benchCase.value),
      ...hostileValues(),
      example,
    ];
    expect(values.length).toBeGreaterThan(1000);
    expect(names.length).toBeGreaterThan(10);
    for (const value of values) for (const name of names) expectSameOutcome(name, value);
  });

  it('judge generated requests, and requests with one value replaced by any JSON, as Ajv does', () => {
    const replaced = fc
      .tuple(validRequest, fc.nat(), fc.jsonValue({ maxDepth: 3 }))
      .map(([request, index, value]) => {
        const copy = structuredClone(request) as Record<string, unknown>;
        const slots: [Record<string, unknown>, string][] = [];
        const stack: unknown[] = [copy];
        for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
          if (node === null || typeof node !== 'object') continue;
          for (const key of Object.keys(node)) {
            slots.push([node as Record<string, unknown>, key]);
            stack.push((node as Record<string, unknown>)[key]);
          }
        }
        const [holder, key] = slots[index % slots.length]!;
        holder[key] = value;
        return copy;
      });
    fc.assert(
      fc.property(fc.oneof(validRequest, replaced), (request) => {
        expectSameOutcome('messages-request', request);
        expectSameOutcome('preset-config', request);
      }),
      { numRuns: 400 },
    );
  });

  it('judge any JSON as Ajv does, under every schema', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        for (const name of names) expectSameOutcome(name, value);
      }),
      { numRuns: 200 },
    );
  });

  it('point a sub-validator error at its place in the whole value', () => {
    const request = structuredClone(example) as { messages: { content: unknown }[] };
    request.messages[0]!.content = [{ type: 'text', text: 1 }];
    const validator = ours.validatorsByName['messages-request']!;
    expect(validator(request)).toBe(false);
    expect(validator.errors).toEqual([
      {
        instancePath: '/messages/0/content/0/text',
        keyword: 'type',
        params: { type: 'string' },
        message: 'must be a string',
      },
    ]);
  });
});

describe('the rewrite', () => {
  const source = ajvStandalone().code;
  const rewrite = (code: string) => rewriteStandalone(code, { patternRule: () => undefined });

  it('fails the build when Ajv writes a sub-validator call it does not know', () => {
    const changed = source.replace(
      /,parentData:data,parentDataProperty:/,
      ',parentData:data,parentDataProperty2:',
    );
    expect(changed).not.toBe(source);
    expect(() => rewrite(changed)).toThrow(/standalone rewrite \(sub-validator calls\)/);
  });

  it('fails the build when Ajv writes an error object it does not know', () => {
    const changed = source.replace(/keyword:"type",params:/, 'keyword:"type",data,params:');
    expect(() => rewrite(changed)).toThrow(/standalone rewrite \(error sites\)/);
  });

  it('fails the build when an error param is an expression it cannot read', () => {
    const changed = source.replace(/params:\{type: "string"\}/, 'params:{type: typeof data}');
    expect(() => rewrite(changed)).toThrow(/standalone rewrite \(error params\)/);
  });

  it('fails the build when code still reads the context it removes', () => {
    const changed = source.replace(/let vErrors = null;/, 'let vErrors = null;rootData;');
    expect(() => rewrite(changed)).toThrow(/rootData is still read/);
  });

  it('fails the build when a name it adds is taken', () => {
    expect(() => rewrite(`${source}\nfunction prefixed(){}`)).toThrow(/already uses the name prefixed/);
    expect(() => rewrite(`${source}\nlet failAtWith;`)).toThrow(/already uses the name failAtWith/);
  });

  it('names the pass, the shape it did not find and the Ajv version when it fails', () => {
    const changed = source.replace(/keyword:"type",params:/, 'keyword:"type",data,params:');
    expect(() => rewrite(changed)).toThrow(
      new RegExp(
        `\\(error sites\\), Ajv ${ajvVersion.replace(/\./g, '\\.')}: matched \\d+ of \\d+ error objects`,
      ),
    );
  });

  it('imports the helpers from the run-time module, first, and defines none of them', () => {
    const [first, ...body] = rewrite(source).split('\n');
    const rest = printCompact(body.join('\n')).split('\n');
    expect(first).toBe(
      "import {codeUnitAt,errorSiteHelpers,firstMissing,inLetterPairs,letterPairTable,prefixed,ucs2length} from '../runtime/validator-runtime.js';",
    );
    expect(rest.join('\n')).not.toMatch(
      /\bimport\b|\brequire\(|function (codeUnitAt|ucs2length|firstMissing|prefixed|deepFreeze)\b/,
    );
    // Module bindings V8 optimises calls through: a const for the `.call` target, a var at ~1300 call sites.
    expect(rest[0]).toMatch(/^(const func\d+=\w+;)+/);
    expect(rest[0]).toMatch(/const func\d+=codeUnitAt;/);
    expect(rest.join('\n')).toContain(
      'var{failAt,failAtWith,siteError,siteErrorWith,withError}=errorSiteHelpers(errorSiteText);',
    );
  });

  it('checks required properties by reading them only, with no store on the success path', () => {
    expect(source).not.toMatch(/\bmissing\d+\b/);
    expect(source).toContain('if(data.type === undefined){');
  });
});
