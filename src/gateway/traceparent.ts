/** The ids a W3C `traceparent` header carries: the trace, and the caller's span in it. */
export interface TraceIds {
  trace_id: string;
  span_id: string;
}

/**
 * W3C Trace Context, section 3.2: `version-traceid-parentid-flags`, lowercase hex. Version `ff` is invalid;
 * version `00` has exactly these four parts, a later version may add parts after a dash.
 */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-.*)?$/;
const ALL_ZERO = /^0+$/;

/**
 * The trace and span ids of a `traceparent` header, or undefined for a header that is absent or breaks the
 * format (a trace or span id of all zeros included): such a header is ignored, never logged.
 */
export function traceIdsOf(traceparent: string | readonly string[] | undefined): TraceIds | undefined {
  if (typeof traceparent !== 'string' || traceparent.length > 512) return undefined;
  const parts = TRACEPARENT.exec(traceparent);
  if (parts === null) return undefined;
  const [, version, traceId, spanId, rest] = parts as unknown as [string, string, string, string, string?];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (ALL_ZERO.test(traceId) || ALL_ZERO.test(spanId)) return undefined;
  return { trace_id: traceId, span_id: spanId };
}
