import { describe, expect, it } from 'vitest';
import { traceIdsOf } from '../../src/gateway/traceparent.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('traceIdsOf (W3C Trace Context)', () => {
  it('reads the trace and span ids of a valid traceparent, of version 00 and of a later one', () => {
    expect(traceIdsOf(`00-${TRACE}-${SPAN}-01`)).toEqual({ trace_id: TRACE, span_id: SPAN });
    expect(traceIdsOf(`00-${TRACE}-${SPAN}-00`)).toEqual({ trace_id: TRACE, span_id: SPAN });
    expect(traceIdsOf(`cc-${TRACE}-${SPAN}-01-what-comes-later`)).toEqual({ trace_id: TRACE, span_id: SPAN });
  });

  it.each([
    ['absent', undefined],
    ['repeated', [`00-${TRACE}-${SPAN}-01`, `00-${TRACE}-${SPAN}-01`]],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['version 00 with more parts', `00-${TRACE}-${SPAN}-01-extra`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['an all-zero span id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['upper-case hex', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['a short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['a long span id', `00-${TRACE}-${SPAN}0-01`],
    ['no flags', `00-${TRACE}-${SPAN}`],
    ['a line break', `00-${TRACE}-${SPAN}-01\n`],
    ['spaces around it', ` 00-${TRACE}-${SPAN}-01`],
    ['a huge later version', `cc-${TRACE}-${SPAN}-01-${'x'.repeat(1000)}`],
  ] as const)('ignores %s', (_what, header) => {
    expect(traceIdsOf(header)).toBeUndefined();
  });
});
