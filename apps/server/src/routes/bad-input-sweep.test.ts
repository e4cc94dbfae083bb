import {
  errorBodySchema,
  sandboxBasePath,
  sandboxHubspotBasePath,
  sandboxPaths,
  sandboxSessionHeader,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInNewAccount } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Parameter = { in: 'path' | 'query'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Text a probe would send: ordinary, empty, huge, NUL, lone surrogates, injection-looking. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', 'a\uD800b', '\uDFFF', "' or 1=1 --", '../../etc/passwd', '%00', '😀'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('x'.repeat(70_000)),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 9007199254740990, 2 ** 31, -(2 ** 31) - 1, 1e308),
);
const anyJson = fc.jsonValue({ maxDepth: 2 });

/** An arbitrary shaped like the schema, with hostile leaves and, sometimes, a value of another type. */
function arbitraryValueOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const variants = schema?.anyOf ?? schema?.oneOf;
  if (variants?.length) return fc.oneof(...variants.map(arbitraryValueOf));
  if (schema?.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileText);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (type) {
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(schema?.properties ?? {}).map(([key, value]) => [key, arbitraryValueOf(value)]),
      );
      const record = fc.record(fields, { requiredKeys: [] });
      return fc.oneof(
        { weight: 4, arbitrary: record },
        { weight: 1, arbitrary: record.map((value) => ({ ...value, unexpected_field: 1 })) },
        { weight: 1, arbitrary: anyJson },
      );
    }
    case 'array':
      return fc.oneof(fc.array(arbitraryValueOf(schema?.items), { maxLength: 3 }), anyJson);
    case 'integer':
    case 'number':
      return fc.oneof(hostileNumber, hostileText);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileText);
    default:
      return fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: anyJson });
  }
}

/** A URL carries UTF-8 only: a lone surrogate cannot be put in a path (the body sweeps cover it). */
function isEncodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const asQueryText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

type Probe = { path: string; query: Record<string, string>; body: unknown };

function probeOf(path: string, operation: Operation): fc.Arbitrary<Probe> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const pathValues = fc.tuple(
    ...pathParameters.map(() =>
      fc.oneof(
        fc.uuid(),
        hostileText.filter((text) => text.length < 90 && isEncodable(text)),
      ),
    ),
  );
  const queryValues = fc.record(
    Object.fromEntries(
      queryParameters.map((parameter) => [parameter.name, arbitraryValueOf(parameter.schema)]),
    ),
    { requiredKeys: [] },
  );
  const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
  return fc.record({
    path: pathValues.map((values) =>
      pathParameters.reduce(
        (filled, parameter, index) =>
          filled.replace(`{${parameter.name}}`, encodeURIComponent(String(values[index]))),
        path,
      ),
    ),
    query: fc
      .tuple(queryValues, fc.boolean())
      .map(([values, misspelt]) =>
        Object.fromEntries([
          ...Object.entries(values).map(([key, value]) => [key, asQueryText(value)]),
          ...(misspelt ? [['$filtre', 'id eq 1']] : []),
        ]),
      ),
    body: operation.requestBody ? arbitraryValueOf(bodySchema) : fc.constant(undefined),
  });
}

/** A path value of the parameter's shape: its first enum value, a uuid, a number, or a name its pattern takes. */
function pathValueFor(schema: (JsonSchema & { format?: string; pattern?: string }) | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.format === 'uuid') return '0b7c0a52-4a3e-4d0c-9a53-2d3f6f1c3b11';
  const candidates = ['1', 'member-1', 'ACoAA1.svg', '0b7c0a52-4a3e-4d0c-9a53-2d3f6f1c3b11'];
  const pattern = schema?.pattern === undefined ? undefined : new RegExp(schema.pattern);
  if (schema?.type === 'integer' || schema?.type === 'number') return '1';
  return candidates.find((candidate) => pattern?.test(candidate) ?? true) ?? 'x';
}

/**
 * Whether an answer carries, or announces, a body. fetch reads no body of a 204 at all, so its
 * headers are what show one: a type, a length or an encoding (a compressor wrapping an empty
 * answer) on a 204 breaks a client that reuses the connection.
 */
function carriesBody(response: Response, body: string): boolean {
  const length = response.headers.get('content-length');
  return (
    body !== '' ||
    response.headers.has('content-type') ||
    response.headers.has('content-encoding') ||
    (length !== null && length !== '0')
  );
}

/** The documented schemas as zod schemas, converted once per schema object of the document. */
const documentedSchemas = new WeakMap<JsonSchema, z.ZodType>();
function zodSchemaOf(schema: JsonSchema): z.ZodType {
  let converted = documentedSchemas.get(schema);
  if (!converted) {
    converted = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0], {
      defaultTarget: 'openapi-3.0',
    });
    documentedSchemas.set(schema, converted);
  }
  return converted;
}

/**
 * Why a JSON answer does not match what the document promises, if it does not: every answer fits
 * the schema the document gives for its status, and every error of a service that speaks the
 * product's errors is exactly the contracts' error body (no stray field such as a stack or a
 * framework's own shape). The sandbox HubSpot portal answers, and documents, HubSpot's errors.
 */
function jsonBodyProblem(
  body: string,
  answer: { status: number; schema: JsonSchema | undefined; isProductError: boolean },
): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'answered JSON that does not parse';
  }
  if (answer.isProductError && !strictErrorBodySchema.safeParse(value).success) return 'is not an error body';
  const { schema } = answer;
  if (schema === undefined) return undefined;
  const checked = zodSchemaOf(schema).safeParse(value);
  return checked.success
    ? undefined
    : `does not match its documented schema (${checked.error.issues[0]?.message})`;
}
const strictErrorBodySchema = z.strictObject({
  ...errorBodySchema.shape,
  errors: z.array(z.strictObject({ field: z.string(), description: z.string() })).optional(),
});

/**
 * Issue 26: a generated bad-input sweep over every operation of the OpenAPI document. Each probe
 * is shaped by the operation's schemas (derived from the zod contracts) with hostile values; no
 * answer may be a 5xx; each answer's status and media type must be documented, a 204 carries no
 * body, and a JSON answer fits the schema documented for its status (an error, the contracts' error
 * body exactly).
 */
describe('bad-input sweep over the OpenAPI document', () => {
  const server = testServerForSuite(undefined);

  /**
   * The swept operations of the OpenAPI document (the product's own API and the sandbox network
   * and HubSpot portal it mounts; the test routes are not swept), with each service's credentials.
   */
  async function sweptOperations() {
    const { token } = await signInNewAccount(server);
    const networkSession = await fetch(`${server.url}${sandboxBasePath}${sandboxPaths.session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sweep@example.com' }),
    });
    const { sessionId } = sandboxSessionResponseSchema.parse(await networkSession.json());
    // Each service is probed with its own credentials, so the probes reach past the sign-in check.
    const credentialsFor = (path: string): Record<string, string> =>
      path.startsWith(`${sandboxHubspotBasePath}/`)
        ? { authorization: `Bearer ${server.config.hubspot.accessToken}` }
        : path.startsWith(`${sandboxBasePath}/`)
          ? { [sandboxSessionHeader]: sessionId }
          : { authorization: `Bearer ${token}` };
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as Document;
    const swept = ['/api/v1/', '/automation/v1/', `${sandboxBasePath}/`, `${sandboxHubspotBasePath}/`];
    // Signing out, signing in again or rotating the token would end the sweep's sessions: those go last.
    const endsASession = (path: string) =>
      path.includes('/auth/') || path === `${sandboxBasePath}${sandboxPaths.session}`;
    const operations = Object.entries(document.paths)
      .filter(([path]) => swept.some((prefix) => path.startsWith(prefix)))
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
      )
      .sort((a, b) => Number(endsASession(a.path)) - Number(endsASession(b.path)));
    return { operations, credentialsFor };
  }

  it('answers every probe with a documented 4xx or success, never a 5xx', async () => {
    const { operations, credentialsFor } = await sweptOperations();
    expect(operations.filter(({ path }) => path.startsWith(`${sandboxBasePath}/`)).length).toBeGreaterThan(
      20,
    );
    expect(operations.some(({ path }) => path.startsWith(`${sandboxHubspotBasePath}/`))).toBe(true);
    const mismatches: string[] = [];
    for (const [index, { path, method, operation }] of operations.entries()) {
      const probes = fc.sample(probeOf(path, operation), { numRuns: 4, seed: 26 + index });
      for (const probe of probes) {
        const bodyType = Object.keys(operation.requestBody?.content ?? {})[0] ?? 'application/json';
        const response = await fetch(`${server.url}${probe.path}?${new URLSearchParams(probe.query)}`, {
          method: method.toUpperCase(),
          headers: {
            ...credentialsFor(path),
            ...(probe.body === undefined ? {} : { 'content-type': bodyType }),
          },
          ...(probe.body === undefined
            ? {}
            : {
                body: bodyType === 'application/json' ? JSON.stringify(probe.body) : asQueryText(probe.body),
              }),
        });
        const body = await response.text();
        const where = `${method.toUpperCase()} ${probe.path.slice(0, 80)} -> ${response.status}`;
        const documented = operation.responses[String(response.status)];
        if (response.status >= 500 || !documented) {
          mismatches.push(`${where} (undocumented)`);
          continue;
        }
        const mediaTypes = Object.keys(documented.content ?? {});
        const answered = response.headers.get('content-type')?.split(';')[0] ?? '';
        if (mediaTypes.length === 0 && carriesBody(response, body)) {
          mismatches.push(
            `${where} documented without a body, answered ${answered || 'untyped'} ` +
              `(${response.headers.get('content-length') ?? 'no'} bytes, ${response.headers.get('content-encoding') ?? 'identity'}): ${body.slice(0, 80)}`,
          );
        } else if (mediaTypes.length > 0 && !mediaTypes.includes(answered)) {
          mismatches.push(`${where} answered ${answered || 'no body'}, documented ${mediaTypes.join(', ')}`);
        } else if (answered === 'application/json') {
          const problem = jsonBodyProblem(body, {
            status: response.status,
            schema: documented.content?.[answered]?.schema,
            isProductError: response.status >= 400 && !path.startsWith(`${sandboxHubspotBasePath}/`),
          });
          if (problem) mismatches.push(`${where} ${problem}: ${body.slice(0, 120)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
  /**
   * The wire rule that the random probes above only sometimes touch, checked on every operation:
   * a field the call does not name is refused with a 422 that names it, on the product's API and on
   * the sandbox network and HubSpot portal alike (a sandbox that dropped it would let a client bug
   * pass in tests that the real service would not forgive). The path is filled with values of the
   * right shape, so the refusal is the unknown field's and not the path's.
   */
  it('refuses a field or parameter the call does not name, naming it, on every operation', async () => {
    const { operations, credentialsFor } = await sweptOperations();
    const unnamed: string[] = [];
    const checked: string[] = [];
    for (const { path, method, operation } of operations) {
      const parameters = operation.parameters ?? [];
      const filledPath = parameters
        .filter((parameter) => parameter.in === 'path')
        .reduce(
          (filled, parameter) =>
            filled.replace(`{${parameter.name}}`, encodeURIComponent(pathValueFor(parameter.schema))),
          path,
        );
      const bodyType = Object.keys(operation.requestBody?.content ?? {})[0];
      const bodySchema = bodyType ? operation.requestBody?.content[bodyType]?.schema : undefined;
      // A JSON object body gets the stray field; a call that takes query parameters gets a stray
      // one. (A call that declares neither reads neither, on the API as on the sandbox.)
      const inBody = bodyType === 'application/json' && bodySchema?.type === 'object';
      const inQuery = !inBody && parameters.some((parameter) => parameter.in === 'query');
      if (!inBody && !inQuery) continue;
      checked.push(path);
      const response = await fetch(`${server.url}${filledPath}${inQuery ? '?unexpected_field=1' : ''}`, {
        method: method.toUpperCase(),
        headers: { ...credentialsFor(path), ...(inBody ? { 'content-type': 'application/json' } : {}) },
        ...(inBody ? { body: JSON.stringify({ unexpected_field: 1 }) } : {}),
      });
      const text = await response.text();
      if (response.status < 400 || response.status >= 500 || !text.includes('unexpected_field')) {
        unnamed.push(`${method.toUpperCase()} ${filledPath} -> ${response.status} ${text.slice(0, 120)}`);
      }
    }
    expect(checked.filter((path) => path.startsWith(`${sandboxBasePath}/`)).length).toBeGreaterThan(5);
    expect(checked.some((path) => path.startsWith(`${sandboxHubspotBasePath}/`))).toBe(true);
    expect(checked.length).toBeGreaterThan(40);
    expect(unnamed).toEqual([]);
  });
});
