/*
 * A destination's `filter_rules` (contract: observability-destination; the element types are the public API's
 * shape, contract: authority). The rule `field` and
 * `operator` names grow as the service learns new event fields, so they stay open strings: a client
 * must survive a name it has not seen. `logic` is the closed pair it has always been.
 */

export const filterRule = {
  type: 'object',
  required: ['field', 'operator'],
  properties: {
    field: {
      type: 'string',
      description: 'Event field the rule reads, such as `model`, `provider`, `user_id` or `total_cost`.',
    },
    operator: {
      type: 'string',
      description: 'Comparison, such as `equals`, `contains`, `regex`, `gt` or `exists`.',
    },
    value: { type: ['string', 'number'], description: 'Operand; absent for `exists` and `not_exists`.' },
  },
} as const;

export const filterRuleGroup = {
  type: 'object',
  required: ['rules'],
  properties: {
    logic: { enum: ['and', 'or'], description: 'How the rules of the group combine; `and` when absent.' },
    rules: { type: 'array', items: filterRule },
  },
} as const;

/** Which events are forwarded; `null` forwards every event. */
export const filterRules = {
  type: ['object', 'null'],
  description: 'Structured rules choosing which events are forwarded; `null` forwards all.',
  required: ['groups'],
  properties: {
    enabled: { type: 'boolean', description: 'The rules apply unless this is `false`.' },
    groups: { type: 'array', items: filterRuleGroup },
  },
} as const;
