import { describe, expect, it } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import { matchesEtag } from '../../src/http/http-response.js';
import { createHandler } from '../../src/http/handler.js';
import { MemoryPresetStore } from '../../src/http/store/memory-preset-store.js';
import { presetOperations } from '../../src/http/store/preset-operations.js';
import type { Principal } from '../../src/http/types.js';
import { exampleRequest } from './example-request.js';

const management: Principal = { kind: 'management', userId: 'u-m', workspaceId: null };
const standard: Principal = { kind: 'standard', userId: 'u-s', workspaceId: null };
const handler = createHandler({
  resolveKey: (key) => ({ m: management, s: standard })[key] ?? null,
  operations: {
    ...presetOperations(new MemoryPresetStore()),
    listEndpoints: () => errorBody(404),
    getObservabilityDestination: () => errorBody(404),
    listProviders: () => ({ data: [] }),
  },
});

const read = (headers: Record<string, string>, url = '/presets/kept/versions/1', method = 'GET') =>
  handler({ method, url, headers });

describe('a version read, which never changes (contract: reading-versions)', async () => {
  const created = await handler({
    method: 'POST',
    url: '/presets/kept/messages',
    headers: { authorization: 'Bearer m', 'content-type': 'application/json' },
    body: exampleRequest,
  });
  const versionId = (JSON.parse(created.body) as { data: { designated_version: { id: string } } }).data
    .designated_version.id;
  const etag = `"${versionId}"`;

  it('carries an ETag of its id and a year of private, immutable caching', async () => {
    const answer = await read({ authorization: 'Bearer s' });
    expect(answer.status).toBe(200);
    expect(answer.headers['etag']).toBe(etag);
    expect(answer.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('answers 304 with no body to a matching If-None-Match, and HEAD alike', async () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const answer = await read({ authorization: 'Bearer s', 'if-none-match': ifNoneMatch });
      expect(answer.status).toBe(304);
      expect(answer.body).toBe('');
      expect(answer.headers['etag']).toBe(etag);
    }
    const head = await read({ authorization: 'Bearer s', 'if-none-match': etag }, undefined, 'HEAD');
    expect(head.status).toBe(304);
  });

  it('answers 200 to an If-None-Match naming another version', async () => {
    const answer = await read({ authorization: 'Bearer s', 'if-none-match': '"not-this-one"' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.id).toBe(versionId);
  });

  it('checks the key first, every time: no key or a wrong one is 401 whatever If-None-Match says', async () => {
    expect((await read({ 'if-none-match': etag })).status).toBe(401);
    expect((await read({ authorization: 'Bearer nope', 'if-none-match': '*' })).status).toBe(401);
  });

  it('keeps 404 for a version that does not exist, and no caching on it', async () => {
    const answer = await read(
      { authorization: 'Bearer s', 'if-none-match': '*' },
      '/presets/kept/versions/9',
    );
    expect(answer.status).toBe(404);
    expect(answer.headers['etag']).toBeUndefined();
  });

  it('gives the create no ETag: a preset moves on with every version', () => {
    expect(created.headers['etag']).toBeUndefined();
    expect(created.headers['cache-control']).toBeUndefined();
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in a list, and takes * for any', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag(' W/"a" ', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag('a', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
