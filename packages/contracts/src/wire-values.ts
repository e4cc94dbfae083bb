import { z } from 'zod';

/**
 * The rules every value coming in over the wire obeys, whatever the call (issue 19 §5, issue 26):
 * text the database can store as sent, integers its `integer` columns hold, and no field or
 * parameter the call does not name. `requestSchemaOf` applies them to a call's schema, so a call
 * cannot forget them; the server reads every request through it and the OpenAPI document shows it.
 */

/** PostgreSQL's `integer`: the columns every counted or numbered value of the API lands in. */
export const databaseIntegerMax = 2_147_483_647;
export const databaseIntegerMin = -2_147_483_648;

/** A whole number a database `integer` holds; narrow it further with min/max as the field needs. */
export const wholeNumber = () =>
  z
    .number()
    .int()
    .min(databaseIntegerMin, { error: `Must be at least ${databaseIntegerMin}` })
    .max(databaseIntegerMax, { error: `Must be at most ${databaseIntegerMax}` });

/** A count (0 or more) a database `integer` holds. */
export const countNumber = () => wholeNumber().nonnegative();

export const unsafeTextMessage = 'Text must not contain NUL characters or unpaired UTF-16 surrogates';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * False for text PostgreSQL refuses (NUL) or would silently turn into U+FFFD (a lone surrogate):
 * such text is refused with a 422 rather than answered with a 500 or stored altered.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/** The one text schema: a string the database stores as sent. */
export const textSchema = () => z.string().refine(isStorableText, { error: unsafeTextMessage });

const requestSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A call's request schema (body, query or path parameters) as the server reads it: every object
 * refuses keys it does not name (unless it says otherwise with a catchall, as z.looseObject does),
 * and every string refuses NUL and lone surrogates. The contracts write plain z.object and
 * z.string; this is the one place the wire rules are added, so no call can miss them.
 */
export function requestSchemaOf<Schema extends z.ZodType>(schema: Schema): Schema {
  const known = requestSchemas.get(schema);
  if (known) return known as Schema;
  const strict = toRequestSchema(schema);
  requestSchemas.set(schema, strict);
  return strict as Schema;
}

type AnyDef = Record<string, unknown> & { type: string };

function toRequestSchema(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as AnyDef;
  const inner = (key: string) => requestSchemaOf(def[key] as z.ZodType);
  switch (def.type) {
    case 'string':
      return (schema as z.ZodString).refine(isStorableText, { error: unsafeTextMessage });
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => [
          key,
          requestSchemaOf(value),
        ]),
      );
      return schema.clone({ ...def, shape, catchall: def.catchall ?? z.never() } as never);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return schema.clone({ ...def, innerType: inner('innerType') } as never);
    case 'array':
      return schema.clone({ ...def, element: inner('element') } as never);
    case 'union':
      return schema.clone({
        ...def,
        options: (def.options as z.ZodType[]).map((option) => requestSchemaOf(option)),
      } as never);
    case 'intersection':
      return schema.clone({ ...def, left: inner('left'), right: inner('right') } as never);
    case 'pipe':
      return schema.clone({ ...def, in: inner('in'), out: inner('out') } as never);
    case 'record':
      return schema.clone({ ...def, keyType: inner('keyType'), valueType: inner('valueType') } as never);
    case 'tuple':
      return schema.clone({
        ...def,
        items: (def.items as z.ZodType[]).map((item) => requestSchemaOf(item)),
        rest: def.rest ? inner('rest') : def.rest,
      } as never);
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      return z.lazy(() => requestSchemaOf(getter()));
    }
    default:
      return schema;
  }
}
