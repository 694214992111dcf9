// Property-based walk of every operation in the OpenAPI document with malformed ids, query values and generated hostile bodies: no answer is a 500, every 4xx is problem+json.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, apiAs, expectStatus, type ApiCaller } from './helpers/api';
import { accessTokenFor, bearer } from './helpers/tokens';
import { xsrfHeaders } from './helpers/xsrf';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import {
  createCatalog,
  createGroup,
  createLabel,
  createPhase,
  createRole,
} from './helpers/catalog-factories';
import { createPublishedItem, createStory, storyBodies } from './helpers/story-factories';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: JsonSchema;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** Its 200 is a stream that stays open (the live story): only its first answer is awaited. */
  streams: boolean;
}

/** What the walk judges of an answer. */
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>;

/** Ids a path may be given instead of a real one: each is 400 or 404, never another row. */
const MALFORMED_IDS = [
  '0x1',
  '1e0',
  '1.0',
  '+1',
  '1%20',
  '-1',
  '0',
  '01',
  '99999999999',
  '%00',
  'abc',
  '1,2',
  '%E2%80%AE1',
  '%ED%A0%80',
];

/** Values any query parameter may be given. */
const HOSTILE_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E2%80%AE',
  '99999999999',
  '-1',
  '1e400',
  'x'.repeat(5000),
  '[]',
  '%7B%7D',
  Buffer.from(JSON.stringify(['2026-13-45T99:99:99.000000', 1])).toString('base64url'),
  Buffer.from(JSON.stringify(["'; select 1; --", 2 ** 53])).toString('base64url'),
  Buffer.from(JSON.stringify([1e308])).toString('base64url'),
  Buffer.from('not json').toString('base64url'),
];

const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\ud800b',
  '\u202Eevil',
  'x'.repeat(5000),
  'y'.repeat(4001),
  2 ** 53,
  1e15,
  1e308,
  -1,
  0,
  -0.5,
  99_999_999_999,
  '',
  ' ',
  true,
  null,
  [],
  {},
  '1e400',
  '9'.repeat(400),
  JSON.parse('{"__proto__": {"polluted": 1}}'),
];

// Attribute codes and languages of the fixture, so generated records sometimes hit real keys.
const KNOWN_KEYS = ['area', 'kind', 'en', 'cs'];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type === undefined ? [] : [schema.type];
}

function validArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueArbitrary(choice, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = typesOf(schema);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type }, depth)));
  }
  switch (types[0]) {
    case 'string': {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const max = Math.min(schema.maxLength ?? 40, 40);
      const texts = [fc.string({ maxLength: max }), fc.constantFrom('Wall', 'Zeď 3', 'PHASE-1')];
      if (schema.maxLength !== undefined) {
        texts.push(fc.constant('m'.repeat(schema.maxLength)));
      }
      return fc.oneof(...texts);
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1, -1000),
        max: Math.min(schema.maximum ?? 1000, 1000),
      });
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueArbitrary(schema.items ?? {}, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant({});
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  if (properties.length === 0 && typeof extra === 'object') {
    const key = fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ maxLength: 12 }));
    return fc.dictionary(key, valueArbitrary(extra, depth + 1), { maxKeys: 3 });
  }
  const record = Object.fromEntries(
    properties.map(([name, property]) => [name, valueArbitrary(property, depth + 1)]),
  );
  return fc.record(record, { requiredKeys: schema.required ?? [] });
}

/** Mostly what the schema describes, now and then a hostile value in its place. */
function valueArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: validArbitrary(schema, depth) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  );
}

function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const requestBody = operation.requestBody as
        { content?: Record<string, { schema?: JsonSchema }> } | undefined;
      const responses = operation.responses as
        Record<string, { content?: Record<string, unknown> }> | undefined;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: requestBody?.content?.['application/json']?.schema,
        streams: responses?.['200']?.content?.['text/event-stream'] !== undefined,
      });
    }
  }
  return operations;
}

describe('every operation against malformed and hostile input', () => {
  let ctx: TestApp;
  let api: ApiCaller;
  let auth: Record<string, string>;
  let operations: Operation[];
  const ids: Record<string, string> = {};
  const failures: string[] = [];
  let cases = 0;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.app.db;
    const { catalog, admin } = await createCatalog(db, { visibility: 'PUBLIC' });
    api = await apiAs(ctx.app, admin.id);
    auth = bearer(await accessTokenFor(db, TEST_ORIGIN, admin.id));
    const role = await createRole(db, { catalogId: catalog.id, code: 'DEV' });
    const group = await createGroup(db, { catalogId: catalog.id });
    const phase = await createPhase(db, { catalogId: catalog.id });
    const label = await createLabel(db, { catalogId: catalog.id });
    const { item } = await createPublishedItem(db, {
      catalogId: catalog.id,
      code: 'AREA',
      repeatable: true,
      groupId: group.id,
      attributes: [
        { level: 1, code: 'area', name: { en: 'Area' }, type: 'NUMBER' },
        {
          level: 1,
          code: 'kind',
          name: { en: 'Kind' },
          type: 'ENUM',
          enumValues: [{ code: 'A', label: { en: 'A' } }],
          position: 1,
        },
      ],
      formulas: [{ roleId: role.id, expression: 'area * 2' }],
    });
    const { story } = await createStory(db, { catalogId: catalog.id, admin });
    const base = `/api/v1/stories/${story.id}`;
    const instance = expectStatus<{ id: number }>(
      await api.post(`${base}/instances`, storyBodies.instance(item.id, { values: { area: 3 } })),
      201,
    );
    const storyLabel = expectStatus<{ id: number }>(
      await api.post(`${base}/labels`, storyBodies.label()),
      201,
    );
    const partner = (kind: string) =>
      api.post('/api/v1/partner-companies', {
        kind,
        name: `Partner ${kind}`,
        email: `${kind.toLowerCase()}@example.test`,
        phone: '',
        country: 'CZ',
        city: 'Brno',
        street: 'Hlavní',
        streetNumber: '1',
        zip: '60200',
      });
    const supplier = expectStatus<{ id: number }>(await partner('SUPPLIER'), 201);
    const subscriber = expectStatus<{ id: number }>(await partner('SUBSCRIBER'), 201);
    const lineup = expectStatus<{ id: number }>(
      await api.post(`${base}/lineups`, {
        name: 'Quote',
        supplierId: supplier.id,
        subscriberId: subscriber.id,
      }),
      201,
    );
    const invite = expectStatus<{ id: number; url: string }>(
      await api.post(`${base}/invites`, { role: 'ICT_VERIFIER' }),
      201,
    );
    const storyMembers = expectStatus<{ id: number }[]>(await api.get(`${base}/members`), 200);
    const catalogMembers = expectStatus<{ id: number }[]>(
      await api.get(`/api/v1/catalogs/${catalog.id}/members`),
      200,
    );
    Object.assign(ids, {
      catalogId: String(catalog.id),
      groupId: String(group.id),
      phaseId: String(phase.id),
      roleId: String(role.id),
      itemId: String(item.id),
      storyId: String(story.id),
      instanceId: String(instance.id),
      lineupId: String(lineup.id),
      inviteId: String(invite.id),
      partnerId: String(supplier.id),
      companyId: String(admin.companyId),
      userId: String(admin.id),
      code: invite.url.split('/').at(-1) ?? 'unknown',
      uid: 'no-such-interaction',
      kind: 'roles',
      catalogLabelId: String(label.id),
      storyLabelId: String(storyLabel.id),
      catalogMemberId: String(catalogMembers[0]?.id ?? 1),
      storyMemberId: String(storyMembers[0]?.id ?? 1),
    });
    operations = operationsOf(
      ctx.app.swagger() as unknown as {
        paths: Record<string, Record<string, Record<string, unknown>>>;
      },
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  function realValue(path: string, name: string): string {
    const story = path.startsWith('/api/v1/stories/');
    if (name === 'labelId') return story ? ids.storyLabelId! : ids.catalogLabelId!;
    if (name === 'memberId') return story ? ids.storyMemberId! : ids.catalogMemberId!;
    return ids[name] ?? '1';
  }

  function urlOf(operation: Operation, replace: Record<string, string> = {}, query = ''): string {
    const path = operation.path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => replace[name] ?? realValue(operation.path, name),
    );
    return query === '' ? path : `${path}?${query}`;
  }

  async function send(operation: Operation, url: string, payload?: string): Promise<Answer> {
    cases += 1;
    const request = {
      method: operation.method,
      url,
      headers: {
        ...auth,
        ...(operation.method === 'GET' ? {} : xsrfHeaders()),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    };
    if (!operation.streams) return ctx.app.inject(request);
    // An open stream never ends: its status and headers are the answer; a refusal is read whole.
    const response = await ctx.app.inject({ ...request, payloadAsStream: true });
    const stream = response.stream();
    if (response.statusCode === 200) {
      stream.destroy();
      return { statusCode: 200, headers: response.headers, body: '' };
    }
    let body = '';
    for await (const chunk of stream) body += String(chunk);
    return { statusCode: response.statusCode, headers: response.headers, body };
  }

  function check(operation: Operation, url: string, response: Answer): void {
    const label = `${operation.method} ${url.slice(0, 160)} -> ${response.statusCode}`;
    if (response.statusCode >= 500) {
      failures.push(`${label}: ${response.body.slice(0, 300)}`);
      return;
    }
    if (response.statusCode >= 400) {
      const type = String(response.headers['content-type'] ?? '');
      if (!type.startsWith('application/problem+json')) failures.push(`${label}: ${type}`);
    }
  }

  it('answers malformed path ids with 400 or 404 on every operation', async () => {
    let covered = 0;
    for (const operation of operations) {
      const idParams = operation.parameters.filter(
        (parameter) => parameter.in === 'path' && parameter.schema.pattern !== undefined,
      );
      if (idParams.length > 0) covered += 1;
      for (const parameter of idParams) {
        for (const malformed of MALFORMED_IDS) {
          const url = urlOf(operation, { [parameter.name]: malformed });
          const response = await send(operation, url);
          check(operation, url, response);
          if (response.statusCode !== 400 && response.statusCode !== 404) {
            failures.push(`${operation.method} ${url} -> ${response.statusCode} (not 400/404)`);
          }
        }
      }
    }
    expect(covered).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  });

  it('answers hostile query values without a server error', async () => {
    let parameters = 0;
    for (const operation of operations) {
      for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
        parameters += 1;
        for (const value of HOSTILE_QUERY_VALUES) {
          const url = urlOf(operation, {}, `${parameter.name}=${value}`);
          check(operation, url, await send(operation, url));
        }
      }
    }
    expect(parameters).toBeGreaterThan(25);
    expect(failures).toEqual([]);
  });

  it('answers generated hostile bodies without a server error', async () => {
    const withBody = operations.filter((operation) => operation.body !== undefined);
    expect(withBody.length).toBeGreaterThanOrEqual(40);
    for (const operation of withBody) {
      const url = urlOf(operation);
      await fc.assert(
        fc.asyncProperty(valueArbitrary(operation.body ?? {}), async (body) => {
          const payload = JSON.stringify(body) ?? 'null';
          check(operation, url, await send(operation, url, payload));
        }),
        { numRuns: 30, seed: 13 },
      );
      for (const raw of [
        '{',
        '[]',
        '"text"',
        '42',
        'null',
        '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
      ]) {
        check(operation, url, await send(operation, url, raw));
      }
    }
    expect(failures).toEqual([]);
    // eslint-disable-next-line no-console -- the counts are the evidence this walk is asked for
    console.log(`hostile input: ${operations.length} operations, ${cases} requests`);
  });
});
