import { accepted, rejected, type BodyCase } from './case.js';
import { request, withRaw, raw } from './builders.js';

/*
 * D14: integers are JSON integers in the safe range (1.0 counts, 2^53 does not); max_tokens and budget_tokens
 * are at least 1; NaN and Infinity never validate (JSON.parse turns 1e309 into Infinity).
 */

/** A body whose `field` holds the number literal exactly as written. */
const numberAt = (field: string, literal: string) => withRaw(request({ [field]: raw }), literal);
const budget = (literal: string) =>
  withRaw(request({ thinking: { type: 'enabled', budget_tokens: raw } }), literal);

const maxTokens: Array<[literal: string, valid: boolean]> = [
  ['1e309', false],
  ['-1e309', false],
  ['-0', false],
  ['0', false],
  ['-1', false],
  ['1.0', true],
  ['1e0', true],
  ['10E-1', true],
  ['1.5', false],
  ['9007199254740991', true],
  ['9007199254740992', false],
  ['9007199254740993', false],
  ['1e-400', false],
  [`1${'0'.repeat(400)}`, false],
  ['"5"', false],
  ['true', false],
  ['null', false],
];

export const numberCases: BodyCase[] = [
  ...maxTokens.map(([literal, valid]) => {
    const name = `max_tokens of ${literal.length > 20 ? `${literal.slice(0, 8)}... (${literal.length} digits)` : literal}`;
    return valid
      ? accepted(name, () => numberAt('max_tokens', literal))
      : rejected(name, () => numberAt('max_tokens', literal), 400, '/max_tokens');
  }),
  rejected('temperature of 1e309', () => numberAt('temperature', '1e309'), 400, '/temperature'),
  rejected('temperature of -1e309', () => numberAt('temperature', '-1e309'), 400, '/temperature'),
  accepted('temperature of -0', () => numberAt('temperature', '-0')),
  accepted('temperature of 1e-400, which underflows to 0', () => numberAt('temperature', '1e-400')),
  accepted('top_k of -0', () => numberAt('top_k', '-0')),
  accepted('top_k of -9007199254740991', () => numberAt('top_k', '-9007199254740991')),
  rejected('top_k of -9007199254740992', () => numberAt('top_k', '-9007199254740992'), 400, '/top_k'),
  rejected('top_k of 2.5', () => numberAt('top_k', '2.5'), 400, '/top_k'),
  rejected('budget_tokens of 0', () => budget('0'), 400, '/thinking/budget_tokens'),
  accepted('budget_tokens of 1.0', () => budget('1.0')),
  rejected('budget_tokens of 2^53', () => budget('9007199254740992'), 400, '/thinking/budget_tokens'),
  rejected('budget_tokens of 1e309', () => budget('1e309'), 400, '/thinking/budget_tokens'),
];
