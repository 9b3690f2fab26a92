import { accepted, rejected, type BodyCase } from './case.js';
import { requestJson } from './builders.js';

/*
 * §8, D15: router lists of at most 1024 patterns of at most 1024 characters and 65 536 code points in total
 * per list; patterns where `*` is any run, matched in linear time with exclusion winning. Valid bodies also
 * run their first plugin's lists through createModelFilter against the ids given in `routes`.
 */

const router = (lists: Record<string, unknown>, id = 'auto-router') =>
  requestJson({ plugins: [{ id, ...lists }] });
const patterns = (count: number, length: number, fill = 'a') =>
  Array.from({ length: count }, (_, i) => `${i}/`.padEnd(length, fill).slice(0, length));

/** 64 patterns of 1024 code points: exactly the 65 536 total. */
const atTotal = patterns(64, 1024);
const overTotal = [...atTotal.slice(0, 63), `${atTotal[63]}`, 'x'];

/** Patterns that make a backtracking matcher try every way to split the id among the stars. */
const starsAndAs = `${'*a'.repeat(511)}*b`;
const nestedStars = `a${'**a'.repeat(300)}`;
const longA = 'a'.repeat(1000);

export const routerCases: BodyCase[] = [
  rejected(
    '1024 patterns of 1024 characters (1 MiB in one list)',
    () => router({ allowed_models: patterns(1024, 1024) }),
    400,
    '/plugins/0/allowed_models',
  ),
  accepted('64 patterns of 1024 characters: 65 536 in total', () => router({ allowed_models: atTotal })),
  rejected(
    '65 537 characters in total',
    () => router({ allowed_models: overTotal }),
    400,
    '/plugins/0/allowed_models',
  ),
  rejected(
    '65 537 characters in excluded_models',
    () => router({ excluded_models: overTotal }),
    400,
    '/plugins/0/excluded_models',
  ),
  accepted('65 536 in each list: each list has its own total', () =>
    router({ allowed_models: atTotal, excluded_models: atTotal }),
  ),
  accepted('64 patterns of 1024 emoji: 65 536 code points, 131 072 UTF-16 units', () =>
    router({ allowed_models: Array(64).fill('😀'.repeat(1024)) }),
  ),
  rejected(
    '1025 patterns',
    () => router({ allowed_models: Array(1025).fill('a/*') }),
    400,
    '/plugins/0/allowed_models',
  ),
  accepted('1024 patterns', () => router({ allowed_models: Array(1024).fill('a/*') })),
  rejected(
    'a pattern of 1025 characters',
    () => router({ allowed_models: ['a'.repeat(1025)] }),
    400,
    '/plugins/0/allowed_models/0',
  ),
  rejected(
    '65 537 characters in an auto-beta-router list',
    () => router({ allowed_models: overTotal }, 'auto-beta-router'),
    400,
    '/plugins/0/allowed_models',
  ),
  accepted('star-and-a patterns against a long id of a', () => router({ allowed_models: [starsAndAs] }), {
    routes: [
      [longA, false],
      [`${'a'.repeat(510)}b`, false],
      [`${'ab'.repeat(511)}b`, true],
    ],
  }),
  accepted('runs of double stars', () => router({ allowed_models: [nestedStars] }), {
    routes: [
      ['a'.repeat(300), false],
      ['a'.repeat(301), true],
      [longA, true],
    ],
  }),
  accepted(
    '64 star-heavy patterns excluded against a long id',
    () => router({ allowed_models: ['*'], excluded_models: Array(64).fill(`${'*a'.repeat(511)}*`) }),
    {
      routes: [
        ['a'.repeat(510), true],
        [longA, false],
      ],
    },
  ),
  accepted(
    'regular-expression syntax is literal',
    () => router({ allowed_models: ['(a+)+$', 'openai/.*'] }),
    {
      routes: [
        ['(a+)+$', true],
        [longA, false],
        ['openai/gpt-4o', false],
        ['openai/.*', true],
      ],
    },
  ),
  accepted(
    'exclusion wins over allowance',
    () => router({ allowed_models: ['openai/*'], excluded_models: ['*-preview'] }),
    {
      routes: [
        ['openai/gpt-4o', true],
        ['openai/gpt-4o-preview', false],
        ['anthropic/claude-sonnet-4', false],
      ],
    },
  ),
  accepted(
    'no allowed patterns allows every model not excluded',
    () => router({ excluded_models: ['meta-llama/*'] }),
    {
      routes: [
        ['openai/gpt-4o', true],
        ['meta-llama/llama-3-70b', false],
      ],
    },
  ),
  accepted('a star matches astral characters whole', () => router({ allowed_models: ['😀*😀'] }), {
    routes: [
      ['😀😀', true],
      ['😀', false],
      ['😀x😀', true],
    ],
  }),
];
