/**
 * `trace` (the public API's TraceConfig). Free-form: extra keys are custom metadata passed to the
 * observability destinations, so the object stays open in every profile. Not persisted in a preset.
 */
export const trace = {
  type: 'object',
  description:
    'Observability metadata. The known keys get special handling; any other key is passed through as custom metadata.',
  properties: {
    trace_id: { type: 'string' },
    trace_name: { type: 'string' },
    span_name: { type: 'string' },
    generation_name: { type: 'string' },
    parent_span_id: { type: 'string' },
  },
} as const;
