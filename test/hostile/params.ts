import type { OperationId } from '../../src/operations.js';
import type { ErrorStatus } from '../../src/errors.js';
import type { ParamsCase } from './case.js';

/*
 * D9: path parameters as the decoded strings a router hands over. A bad one gets 400 where the operation lists
 * 400 (4.1, 4.2) and 404 where it does not (4.3, 4.4).
 */

const UUID = '550e8400-e29b-41d4-a716-446655440000';

function param(
  operation: OperationId,
  name: string,
  params: Record<string, unknown>,
  bad?: string,
): ParamsCase {
  const status: ErrorStatus =
    operation === 'createPresetsMessages' || operation === 'getPresetVersion' ? 400 : 404;
  return {
    kind: 'params',
    name: `${operation}: ${name}`,
    operation,
    params,
    expect: bad === undefined ? { status: 200 } : status === 400 ? { status, path: bad } : { status },
  };
}

const version = (value: string, valid: boolean) =>
  param(
    'getPresetVersion',
    `version ${JSON.stringify(value)}`,
    { slug: 'my-preset', version: value },
    valid ? undefined : '/version',
  );

const slug = (value: string, valid: boolean) =>
  param(
    'createPresetsMessages',
    `slug ${JSON.stringify(value.length > 40 ? `${value.slice(0, 8)}... (${value.length})` : value)}`,
    { slug: value },
    valid ? undefined : '/slug',
  );

const destination = (value: string, valid: boolean) =>
  param(
    'getObservabilityDestination',
    `id ${JSON.stringify(value)}`,
    { id: value },
    valid ? undefined : '/id',
  );

export const paramCases: ParamsCase[] = [
  version('1', true),
  version('999999999', true),
  version('0', false),
  version('-1', false),
  version('+1', false),
  version('01', false),
  version('1e3', false),
  version('0x10', false),
  version('1.0', false),
  version(' 1', false),
  version('1 ', false),
  version('9999999999', false),
  version('', false),
  version('１', false),
  version('1\n', false),
  slug('my-preset', true),
  slug('A.b_c~d-1', true),
  slug('a'.repeat(128), true),
  slug('a'.repeat(129), false),
  slug('', false),
  slug('.', false),
  slug('..', false),
  slug('...', true),
  slug('%2F', false),
  slug('a/b', false),
  slug('a%2Fb', false),
  slug('{slug}', false),
  slug('naïve', false),
  slug('a b', false),
  slug('a\u0000', false),
  param('getPresetVersion', 'slug ".." beside a good version', { slug: '..', version: '1' }, '/slug'),
  param('getPresetVersion', 'a number instead of a string', { slug: 'p', version: 1 }, '/version'),
  param('createPresetsMessages', 'no slug at all', {}, '/slug'),
  destination(UUID, true),
  destination(UUID.toUpperCase(), true),
  destination('550E8400-e29b-41D4-a716-446655440000', true),
  destination(`{${UUID}}`, false),
  destination(`urn:uuid:${UUID}`, false),
  destination(UUID.replace(/-/g, ''), false),
  destination(`${UUID} `, false),
  destination(UUID.slice(0, -1), false),
  destination(`${UUID}0`, false),
  destination(UUID.replace('a', 'g'), false),
  destination('..', false),
  destination('%2F', false),
  param('listEndpoints', 'a model with a variant', { author: 'openai', slug: 'gpt-4o:free' }),
  param('listEndpoints', 'an author of 129 characters', { author: 'a'.repeat(129), slug: 'm' }, '/author'),
  param('listEndpoints', 'slug "%2F"', { author: 'openai', slug: '%2F' }, '/slug'),
  param('listEndpoints', 'an empty author', { author: '', slug: 'm' }, '/author'),
  param('listEndpoints', 'a slash in the slug', { author: 'openai', slug: 'gpt/4o' }, '/slug'),
];
