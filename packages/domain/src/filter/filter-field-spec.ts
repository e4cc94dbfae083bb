export type FilterScalarType = 'string' | 'number' | 'boolean' | 'datetime' | 'uuid' | 'enum';
export type FilterElementType = 'string' | 'uuid';

export type FilterScalarField = { readonly type: FilterScalarType; readonly values?: readonly string[] };
/**
 * A collection of plain values (`tags/any(t: t eq '…')`) or of records whose members are named
 * through the variable (`executions/any(e: e/campaign_id eq … and e/state eq 'InQueue')`).
 */
export type FilterCollectionField = {
  readonly type: 'collection';
  readonly element: FilterElementType | Readonly<Record<string, FilterScalarField>>;
};

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
