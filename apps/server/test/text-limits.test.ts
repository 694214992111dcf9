// Every text a request may carry has a limit, and the answer of the same operation can send back whatever the request accepted (issue 13, item 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  maxLength?: number;
}

type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

/** Text leaves by path (`company.name`, `description.*`, `customPrices[].price`) with their limit. */
function textLeaves(
  schema: JsonSchema | undefined,
  path = '',
  leaves = new Map<string, number | null>(),
) {
  if (!schema) return leaves;
  for (const choice of [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ]) {
    textLeaves(choice, path, leaves);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && schema.enum === undefined && schema.const === undefined) {
    leaves.set(path, schema.maxLength ?? null);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    textLeaves(property, path === '' ? name : `${path}.${name}`, leaves);
  }
  if (typeof schema.additionalProperties === 'object') {
    textLeaves(schema.additionalProperties, `${path}.*`, leaves);
  }
  if (schema.items) textLeaves(schema.items, `${path}[]`, leaves);
  return leaves;
}

// A text whose pattern bounds its length is limited already (ids, language codes, colours).
function boundedByPattern(schema: JsonSchema | undefined): boolean {
  return (
    schema?.pattern !== undefined &&
    /\{\d+(,\d+)?\}\$$|^\^\[[^\]]+\]\{\d+\}\$$/.test(schema.pattern)
  );
}

describe('text limits of the API', () => {
  let ctx: TestApp;
  let operations: [string, Operation][];
  beforeAll(async () => {
    ctx = await buildTestApp();
    const document = ctx.app.swagger() as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) =>
          [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
      ),
    );
  });
  afterAll(() => ctx.close());

  it('gives every text of every request body a limit', () => {
    const unlimited: string[] = [];
    for (const [name, operation] of operations) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const [path, limit] of textLeaves(body)) {
        if (limit === null && !boundedByPattern(schemaAt(body, path)))
          unlimited.push(`${name} ${path}`);
      }
    }
    expect(unlimited).toEqual([]);
  });

  it('answers with limits no narrower than the request accepts, operation by operation', () => {
    const narrower: string[] = [];
    let compared = 0;
    for (const [name, operation] of operations) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (!body) continue;
      const requestLimits = textLeaves(body);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        const answer = textLeaves(response.content?.['application/json']?.schema);
        for (const [path, limit] of requestLimits) {
          if (!answer.has(path)) continue;
          compared += 1;
          const sent = answer.get(path) ?? null;
          if (sent !== null && (limit === null || sent < limit)) {
            narrower.push(
              `${name} ${path}: accepts ${limit ?? 'any length'}, answers at most ${sent}`,
            );
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(narrower).toEqual([]);
  });
});

function schemaAt(schema: JsonSchema | undefined, path: string): JsonSchema | undefined {
  let current = schema;
  for (const part of path.split('.').filter(Boolean)) {
    if (!current) return undefined;
    const name = part.replace(/\[\]$/, '');
    current =
      name === '*' && typeof current.additionalProperties === 'object'
        ? current.additionalProperties
        : (current.properties?.[name] ??
          current.anyOf?.find((choice) => choice.properties?.[name])?.properties?.[name]);
    if (part.endsWith('[]')) current = current?.items;
  }
  return current;
}
