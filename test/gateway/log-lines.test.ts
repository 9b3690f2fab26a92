import { describe, expect, it } from 'vitest';
import { batchedLines } from '../../src/gateway/log-lines.js';

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
