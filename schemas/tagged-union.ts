/**
 * A branch of a union tagged by `Tag`: an object schema whose `Tag` property lists its tag value (or values:
 * a branch may accept two spellings of its tag).
 */
export type TaggedBranch<Tag extends string> = {
  readonly properties: { readonly [K in Tag]: { readonly enum: readonly string[] } };
};

/** The tag values of all the branches, in one union. */
export type TagValue<
  Tag extends string,
  Branches extends readonly TaggedBranch<Tag>[],
> = Branches[number]['properties'][Tag]['enum'][number];

/**
 * The schema `taggedUnion` builds, spelt out as `as const` would: json-schema-to-ts reads `oneOf` as the
 * branches tuple and merges each branch with the tag-keyed `properties`, so `FromSchema` derives the same
 * union as from the literal object.
 */
export type TaggedUnion<Tag extends string, Branches extends readonly TaggedBranch<Tag>[]> = {
  readonly type: 'object';
  readonly description?: string;
  readonly required: readonly [Tag];
  readonly properties: { readonly [K in Tag]: { readonly enum: readonly TagValue<Tag, Branches>[] } };
  readonly discriminator: { readonly propertyName: Tag };
  readonly oneOf: Branches;
};

/**
 * The one tagged-union shape of the schemas: an object whose `tag` selects exactly one of `branches`.
 * `discriminator` makes Ajv dispatch on the tag and check only the branch it names, so a bad value gets one
 * precise error rather than one per branch. The tag `enum` beside it, derived from the branches, declares the
 * required tag (Ajv's strictRequired), names the allowed values when the tag is unknown
 * (contract: closed-lists), and keeps the union meaningful to validators that ignore `discriminator`.
 * `description` is left out when not given.
 */
export function taggedUnion<const Tag extends string, const Branches extends readonly TaggedBranch<Tag>[]>(
  tag: Tag,
  branches: Branches,
  description?: string,
): TaggedUnion<Tag, Branches> {
  const tags = branches.flatMap((branch) => branch.properties[tag].enum) as TagValue<Tag, Branches>[];
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    required: [tag],
    properties: { [tag]: { enum: tags } } as Record<Tag, { enum: typeof tags }>,
    discriminator: { propertyName: tag },
    oneOf: branches,
  };
}
