import { describe, expect, it } from 'vitest';
import { createRouter, normalizeBasePath } from '../../src/http/route-match.js';

const route = createRouter('/api/v1');

describe('createRouter', () => {
  it('routes each operation of the table and decodes its parameters', () => {
    expect(route('GET', '/api/v1/presets/my-preset/versions/3')).toMatchObject({
      kind: 'operation',
      operation: { id: 'getPresetVersion' },
      params: { slug: 'my-preset', version: '3' },
      undecodable: null,
    });
    expect(route('GET', '/api/v1/models/openai/gpt-4o%3Afree/endpoints')).toMatchObject({
      operation: { id: 'listEndpoints' },
      params: { author: 'openai', slug: 'gpt-4o:free' },
    });
    expect(route('GET', '/api/v1/providers')).toMatchObject({
      operation: { id: 'listProviders' },
      params: {},
    });
  });

  it('ignores the query string and accepts an absolute-form target', () => {
    expect(route('GET', '/api/v1/providers?limit=5#top')).toMatchObject({ kind: 'operation' });
    expect(route('GET', 'http://gateway.example/api/v1/providers')).toMatchObject({ kind: 'operation' });
  });

  it('keeps an encoded slash inside its parameter, where its rule then rejects it', () => {
    expect(route('POST', '/api/v1/presets/a%2Fb/messages')).toMatchObject({ params: { slug: 'a/b' } });
  });

  it('names a parameter whose percent-encoding is not UTF-8, leaving it raw', () => {
    expect(route('POST', '/api/v1/presets/%E0%A4%A/messages')).toMatchObject({
      kind: 'operation',
      params: { slug: '%E0%A4%A' },
      undecodable: 'slug',
    });
  });

  it('answers wrong-method with the methods the path allows, HEAD wherever GET is', () => {
    expect(route('DELETE', '/api/v1/presets/p/messages')).toEqual({ kind: 'wrong-method', allow: ['POST'] });
    expect(route('HEAD', '/api/v1/presets/p/messages')).toEqual({ kind: 'wrong-method', allow: ['POST'] });
    expect(route('POST', '/api/v1/providers')).toEqual({ kind: 'wrong-method', allow: ['GET', 'HEAD'] });
    expect(route('get', '/api/v1/providers')).toEqual({ kind: 'wrong-method', allow: ['GET', 'HEAD'] });
  });

  it('routes HEAD where GET goes', () => {
    expect(route('HEAD', '/api/v1/providers')).toMatchObject({
      kind: 'operation',
      operation: { id: 'listProviders' },
    });
  });

  it('answers unknown outside the base path, for a trailing slash, and for extra segments', () => {
    for (const target of [
      '/providers',
      '/api/v2/providers',
      '/api/v1providers',
      '/api/v1/providers/',
      '/api/v1/presets/p/messages/x',
      '/api/v1//providers',
      'not a url',
    ]) {
      expect(route('GET', target), target).toEqual({ kind: 'unknown' });
    }
  });

  it('compares fixed segments as sent, never decoded', () => {
    expect(route('GET', '/api/v1/pro%76iders')).toEqual({ kind: 'unknown' });
  });

  it('serves from the root when the base path is empty', () => {
    expect(createRouter('')('GET', '/providers')).toMatchObject({ kind: 'operation' });
  });
});

describe('normalizeBasePath', () => {
  it('drops one trailing slash and keeps the root empty', () => {
    expect(normalizeBasePath('/api/v1/')).toBe('/api/v1');
    expect(normalizeBasePath('/')).toBe('');
    expect(normalizeBasePath('')).toBe('');
  });

  it('throws on a base path that is not a plain path', () => {
    for (const bad of ['api/v1', '/api//v1', '/api/v1?x', '/api v1', '/api/%76']) {
      expect(() => normalizeBasePath(bad), bad).toThrow(TypeError);
    }
  });
});
