import { validator, type Schema } from '@exodus/schemasafe';
import { rootSchemas } from '../../schemas/roots.js';
import type { PayloadKind } from '../../test/fixtures/payloads.js';
import type { Competitor } from './competitor.js';

/**
 * @exodus/schemasafe (compiles to JavaScript, like Ajv). It rejects keywords it does not know and a
 * `discriminator` it cannot prove is checked on an object: each is dropped where it throws, and the drop is
 * reported.
 */

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function dropKeyword(node: unknown, keyword: string): void {
  if (Array.isArray(node)) return node.forEach((item) => dropKeyword(item, keyword));
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  delete record[keyword];
  for (const [key, value] of Object.entries(record))
    if (key !== 'enum' && key !== 'const') dropKeyword(value, keyword);
}

export const schemasafe: Competitor = {
  id: 'schemasafe',
  name: '@exodus/schemasafe',
  build(kind: PayloadKind) {
    const schema = copy(rootSchemas[kind]) as Record<string, unknown>;
    const notes: string[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        const validate = validator(schema as Schema, { includeErrors: false });
        const check = (value: unknown) => validate(value as Parameters<typeof validate>[0]);
        return { check, notes };
      } catch (error) {
        const message = (error as Error).message;
        const unknown = /Keyword not supported: "?(\w+)"?/.exec(message);
        const discriminator = /\[discriminator\]: .* at #(\S*)/.exec(message);
        if (unknown !== null) {
          dropKeyword(schema, unknown[1]!);
          notes.push(`\`${unknown[1]}\` dropped (unsupported)`);
        } else if (discriminator !== null) {
          let node: Record<string, unknown> = schema;
          for (const step of discriminator[1]!.split('/').slice(1))
            node = node[step] as Record<string, unknown>;
          delete node.discriminator;
          notes.push(`\`discriminator\` dropped at \`${discriminator[1]}\``);
        } else {
          throw error;
        }
      }
    }
    throw new Error('schemasafe: too many unsupported keywords');
  },
};
