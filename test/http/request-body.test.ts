import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../src/core/errors.js';
import {
  isJsonMediaType,
  readJsonObject,
  readNodeStream,
  readWebStream,
} from '../../src/http/request-body.js';

const limits = { maxBytes: 100, maxDepth: 4 };

/** A stream of `chunks` chunks of 10 bytes that counts how many were pulled from it. */
function countingStream(chunks: number) {
  const pulled = { count: 0 };
  const stream = new Readable({
    highWaterMark: 10,
    read() {
      if (pulled.count === chunks) return void this.push(null);
      pulled.count++;
      this.push(new Uint8Array(10).fill(0x20));
    },
  });
  return { stream, pulled };
}

describe('isJsonMediaType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=UTF-8', true],
    ['application/json;charset="utf-8"', true],
    ['application/problem+json', true],
    ['application/json; charset=utf-16', false],
    ['text/plain', false],
    ['application/jsonx', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (contentType, expected) => {
    expect(isJsonMediaType(contentType)).toBe(expected);
  });
});

describe('readNodeStream', () => {
  it('reads a body to its end', async () => {
    const { stream } = countingStream(3);
    expect((await readNodeStream(stream, 100)).byteLength).toBe(30);
  });

  it('stops just past the limit instead of reading a huge body', async () => {
    const { stream, pulled } = countingStream(100_000);
    const bytes = await readNodeStream(stream, 100);
    expect(bytes.byteLength).toBeGreaterThan(100);
    expect(pulled.count).toBeLessThan(40);
    expect(stream.destroyed).toBe(false);
  });

  it('gives an empty body for a stream another reader already ended', async () => {
    const { stream } = countingStream(1);
    stream.resume();
    await new Promise((resolve) => stream.once('end', resolve));
    expect((await readNodeStream(stream, 100)).byteLength).toBe(0);
  });

  it('rejects when the stream breaks off', async () => {
    const stream = new Readable({ read() {} });
    const read = readNodeStream(stream, 100);
    stream.destroy(new Error('aborted'));
    await expect(read).rejects.toThrow('aborted');
  });
});

describe('readWebStream', () => {
  it('cancels the stream once past the limit', async () => {
    let cancelled = false;
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(10));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect((await readWebStream(stream, 100)).byteLength).toBe(110);
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(20);
  });
});

describe('readJsonObject', () => {
  it('answers 413 from a Content-Length over the limit without reading the body', async () => {
    let read = false;
    const result = await readJsonObject(
      async () => {
        read = true;
        return '{}';
      },
      '101',
      limits,
    );
    expect(result).toEqual({ ok: false, error: errorBody(413) });
    expect(read).toBe(false);
  });

  it('answers 413 for a body read past the limit whatever its Content-Length said', async () => {
    expect(await readJsonObject(`{"a":"${'x'.repeat(100)}"}`, '10', limits)).toEqual({
      ok: false,
      error: errorBody(413),
    });
  });

  it('answers 400 for a body that broke off while being read', async () => {
    const result = await readJsonObject(() => Promise.reject(new Error('aborted')), undefined, limits);
    expect(result).toEqual({
      ok: false,
      error: errorBody(400, [{ path: '', message: 'must be received in full' }]),
    });
  });

  it('checks a body a framework already parsed for depth and an object root only (contract: body-limits)', async () => {
    expect(await readJsonObject({ parsed: { a: 1 } }, '99999', limits)).toEqual({
      ok: true,
      value: { a: 1 },
    });
    expect(await readJsonObject({ parsed: [1] }, undefined, limits)).toEqual({
      ok: false,
      error: errorBody(400, [{ path: '', message: 'must be a JSON object' }]),
    });
    const deep = await readJsonObject({ parsed: { a: { b: { c: { d: {} } } } } }, undefined, limits);
    expect(deep.ok).toBe(false);
  });

  it('treats a missing body as empty', async () => {
    expect(await readJsonObject(undefined, undefined, limits)).toEqual({
      ok: false,
      error: errorBody(400, [{ path: '', message: 'must not be empty' }]),
    });
  });
});
