import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from '../../../src/body/body-limits.js';
import { bodyIssueMessages, errorBody, requestIssueMessages } from '../../../src/core/errors.js';
import { createBodyValidator, readBody } from '../../../src/http/body-validation.js';
import type { BodySource } from '../../../src/http/types.js';
import { exampleRequest } from '../example-request.js';

const json = { 'content-type': 'application/json' };
const bytes = new TextEncoder().encode(exampleRequest);
const parsed: unknown = JSON.parse(exampleRequest);

function webStream(chunks: readonly Uint8Array[], onCancel = () => {}): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++] as Uint8Array);
      else controller.close();
    },
    cancel: onCancel,
  });
}

describe('the body check', () => {
  const sources: Array<[string, () => BodySource]> = [
    ['bytes', () => bytes],
    ['text', () => exampleRequest],
    ['a Node stream', () => Readable.from([bytes.subarray(0, 100), bytes.subarray(100)])],
    ['a web stream', () => webStream([bytes.subarray(0, 100), bytes.subarray(100)])],
    ['a body reader', () => () => Promise.resolve(bytes)],
    ['a value parsed elsewhere', () => ({ parsed })],
  ];

  it.each(sources)('reads %s to the same validated value', async (_name, source) => {
    const result = await readBody({ headers: json, body: source() }, 'messages-request');
    expect(result).toEqual({ ok: true, value: parsed });
  });

  it('reads a fetch Request as it is', async () => {
    const request = new Request('http://localhost/', { method: 'POST', headers: json, body: exampleRequest });
    expect(await readBody(request, 'messages-request')).toEqual({ ok: true, value: parsed });
  });

  it('validates against any root it is given', async () => {
    const body = JSON.stringify(errorBody(404));
    expect(await readBody({ headers: json, body }, 'error-response')).toEqual({
      ok: true,
      value: errorBody(404),
    });
    const wrong = await readBody({ headers: json, body: '{"error":{}}' }, 'error-response');
    expect(wrong.ok || wrong.error.error.code).toBe(400);
  });

  it('refuses a declared Content-Length past the limit without reading the body', async () => {
    const reader = vi.fn(() => Promise.resolve(bytes));
    const check = createBodyValidator('messages-request', { maxBytes: 10 });
    const result = await check({ headers: { ...json, 'content-length': '11' }, body: reader });
    expect(result).toEqual({ ok: false, error: errorBody(413) });
    expect(reader).not.toHaveBeenCalled();
  });

  it('stops reading a stream past the limit and cancels the rest', async () => {
    const cancel = vi.fn();
    const chunk = new Uint8Array(64).fill(0x20);
    const check = createBodyValidator('messages-request', { maxBytes: 100 });
    const result = await check({ headers: json, body: webStream([chunk, chunk, chunk, chunk], cancel) });
    expect(result).toEqual({ ok: false, error: errorBody(413) });
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('uses the body limits by default: 4 MiB', async () => {
    const padded = `${exampleRequest.slice(0, -1)},"pad":"${'x'.repeat(DEFAULT_MAX_BODY_BYTES)}"}`;
    expect(await readBody({ headers: json, body: padded }, 'messages-request')).toEqual({
      ok: false,
      error: errorBody(413),
    });
  });

  it('checks the content type before it reads anything', async () => {
    const reader = vi.fn(() => Promise.resolve(bytes));
    const result = await readBody(
      { headers: { 'content-type': 'text/plain' }, body: reader },
      'messages-request',
    );
    expect(result).toEqual({
      ok: false,
      error: errorBody(400, [{ path: '', message: requestIssueMessages.notJsonMediaType }]),
    });
    expect(reader).not.toHaveBeenCalled();
  });

  it('never rejects on input: a body that breaks off, or one already read, is a 400', async () => {
    const incomplete = {
      ok: false,
      error: errorBody(400, [{ path: '', message: requestIssueMessages.incomplete }]),
    };
    const broken = new Readable({
      read() {
        this.destroy(new Error('socket hang up'));
      },
    });
    expect(await readBody({ headers: json, body: broken }, 'messages-request')).toEqual(incomplete);
    const request = new Request('http://localhost/', { method: 'POST', headers: json, body: exampleRequest });
    await request.text();
    expect(await readBody(request, 'messages-request')).toEqual(incomplete);
    const empty = await readBody({ headers: json, body: null }, 'messages-request');
    expect(empty).toEqual({
      ok: false,
      error: errorBody(400, [{ path: '', message: bodyIssueMessages.empty }]),
    });
  });

  it('throws on options that are wrong, when the check is made', async () => {
    expect(() => createBodyValidator('no-such-root' as 'messages-request')).toThrow(TypeError);
    expect(() => createBodyValidator('messages-request', { maxBytes: -1 })).toThrow(RangeError);
    expect(() => createBodyValidator('messages-request', { maxDepth: 0 })).toThrow(RangeError);
    // @ts-expect-error: normalize is for the messages request only.
    expect(() => createBodyValidator('error-response', { normalize: true })).toThrow(TypeError);
    await expect(
      readBody({ headers: json, body: '{}' }, 'messages-request', { maxBytes: 0.5 }),
    ).rejects.toThrow(RangeError);
  });
});

describe('normalize', () => {
  const request = {
    model: 'openai/gpt-5',
    messages: [{ role: 'user', content: 'Hi' }],
    tools: [{ name: 'lookup', input_schema: { type: 'object' } }],
    system: 'Be brief.',
    session_id: 's-1',
  };

  it('adds the preset config, the system prompt and the dropped names, and copies what it keeps', async () => {
    const check = createBodyValidator('messages-request', { normalize: true });
    const result = await check({ headers: json, body: { parsed: request } });
    expect(result).toEqual({
      ok: true,
      value: {
        request,
        config: { model: 'openai/gpt-5', tools: request.tools },
        system_prompt: 'Be brief.',
        dropped: ['messages', 'system', 'session_id'],
      },
    });
    if (result.ok) {
      expect(result.value.request).toBe(request);
      expect(result.value.config.tools).not.toBe(request.tools);
    }
  });

  it('gives a request without system a null system prompt and drops only messages', async () => {
    const result = await readBody(
      { headers: json, body: '{"model":"m","messages":[]}' },
      'messages-request',
      { normalize: true },
    );
    expect(result.ok && result.value).toMatchObject({ system_prompt: null, dropped: ['messages'] });
  });
});
