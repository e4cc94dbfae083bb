export type FilterScalarType = 'string' | 'number' | 'boolean' | 'datetime' | 'uuid' | 'enum';
export type FilterElementType = 'string' | 'uuid';

export type FilterScalarField = { readonly type: FilterScalarType; readonly values?: readonly string[] };
export type FilterCollectionField = { readonly type: 'collection'; readonly element: FilterElementType };

/**
 * The allow-list of one list endpoint: the only fields its `$filter` may name, with their types.
 * Enum fields list their `values`; collections are filtered only through any().
 */
export type FilterFieldSpec = Readonly<Record<string, FilterScalarField | FilterCollectionField>>;

/** Own keys only, so `constructor` or `__proto__` are never mistaken for fields. */
export function findFilterField(
  spec: FilterFieldSpec,
  field: string,
): FilterScalarField | FilterCollectionField | undefined {
  return Object.hasOwn(spec, field) ? spec[field] : undefined;
}
