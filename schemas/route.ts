/**
 * `route` is deprecated, yet still accepted and persisted. It is the public API's DeprecatedRoute, a legacy
 * alias of `provider.sort.partition`: `fallback` means `model`, `sort` means `none`.
 */
export const route = {
  enum: ['fallback', 'sort', null],
  deprecated: true,
  description:
    'Deprecated: use `provider.sort.partition`. Legacy alias: `fallback` maps to `model`, `sort` maps to `none`.',
} as const;
