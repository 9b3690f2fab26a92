import { describe, expect, it } from 'vitest';
import { batchedLines } from '../../src/gateway/log-lines.js';
import { capturedLog } from './captured-log.js';

describe('batchedLines', () => {
  it('writes the lines of one turn of the event loop in one call, after it', async () => {
    const writes: string[] = [];
    const log = batchedLines((text) => writes.push(text));
    log.line('a');
    log.line('b');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
  });

  it('writes at once when maxPending lines wait, and flush empties the queue in order', () => {
    const writes: string[] = [];
    const log = batchedLines((text) => writes.push(text), 2);
    log.line('1');
    log.line('2');
    log.line('3');
    expect(writes).toEqual(['1\n2\n']);
    log.flush();
    log.flush();
    expect(writes).toEqual(['1\n2\n', '3\n']);
  });
});

describe('logWriter', () => {
  const secret = 'pass"word\\with\nescapes';
  const redact = (text: string) => text.split(secret).join('[redacted]');

  it('writes the human line in text and the JSON object in json, redacted in both', () => {
    for (const format of ['text', 'json'] as const) {
      const log = capturedLog(format, redact);
      log.log({
        level: 'warn',
        msg: `lost ${secret}`,
        text: `12:00 lost ${secret}`,
        fields: { req: { id: secret } },
      });
      log.log('plain sentence');
      const [first, second] = log.lines();
      if (format === 'text') {
        expect([first, second]).toEqual(['12:00 lost [redacted]', 'plain sentence']);
      } else {
        expect(JSON.parse(first!)).toMatchObject({
          level: 40,
          req: { id: '[redacted]' },
          msg: 'lost [redacted]',
        });
        expect(JSON.parse(second!)).toMatchObject({ level: 30, msg: 'plain sentence' });
      }
    }
  });

  it('prints what the gateway says of itself as it is in text, one info object a non-blank line in json', () => {
    const text = capturedLog('text');
    text.print('Keys:\n  management abc\n\n');
    expect(text.lines()).toEqual(['Keys:', '  management abc']);
    const json = capturedLog('json');
    json.log('queued first');
    json.print('Keys:\n  management abc\n\n');
    expect(json.lines().map((line) => (JSON.parse(line) as { msg: string; level: number }).msg)).toEqual([
      'queued first',
      'Keys:',
      'management abc',
    ]);
  });
});
