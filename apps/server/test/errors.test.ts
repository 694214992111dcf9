// The error contract: every refusal is application/problem+json with a stable code, localized, and changes nothing.
import { MAX_BODY_BYTES, PROBLEM_CONTENT_TYPE, problemSchema, type Problem } from '@costory/shared';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companies } from '../src/db/schema';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../src/errors';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { xsrfHeaders } from './helpers/xsrf';

const PROBE = '/api/test-probe';
const createCompanyBody = z.strictObject({ name: z.string().min(1), city: z.string().optional() });

function problemOf(response: LightMyRequestResponse): Problem {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  return problemSchema.parse(response.json());
}

describe('errors as problem+json', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp({
      routes(app) {
        // A real write behind a strict body schema: the error plugin, not the route, is under test.
        app.post(
          `${PROBE}/companies`,
          {
            schema: {
              body: createCompanyBody,
              response: { 201: z.object({ id: z.number().int() }) },
            },
          },
          async (request, reply) => {
            const [row] = await app.db
              .insert(companies)
              .values(request.body)
              .returning({ id: companies.id });
            return reply.code(201).send({ id: row?.id ?? 0 });
          },
        );
        app.get(`${PROBE}/crash`, () => {
          throw new Error('secret: connection string postgres://admin:hunter2@db');
        });
        app.get(
          `${PROBE}/bad-response`,
          { schema: { response: { 200: z.object({ id: z.number() }) } } },
          // The wrong shape on purpose: a response that breaks its schema is our fault, a 500.
          () => ({ id: 'not a number' }) as unknown as { id: number },
        );
        app.get(`${PROBE}/not-found`, () => {
          throw new NotFoundError();
        });
        app.get(`${PROBE}/forbidden`, () => {
          throw new ForbiddenError();
        });
        app.get(`${PROBE}/unauthorized`, () => {
          throw new UnauthorizedError();
        });
        app.get(`${PROBE}/conflict`, () => {
          throw new ConflictError({
            detail: {
              en: 'The item was changed by someone else.',
              cs: 'Položku mezitím změnil někdo jiný.',
            },
          });
        });
        app.get(`${PROBE}/duplicate-name`, () => {
          // The shared catalogue supplies the text of a rule a service checks itself.
          throw new ValidationError([{ field: 'name', rule: 'story_name_duplicate' }]);
        });
        app.get(
          `${PROBE}/limited`,
          { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } },
          () => ({ ok: true }),
        );
      },
    });
  });
  afterAll(() => ctx.close());

  async function companiesNamed(...names: string[]): Promise<number> {
    const rows = await ctx.app.db
      .select({ id: companies.id })
      .from(companies)
      .where(inArray(companies.name, names));
    return rows.length;
  }

  function post(payload: string, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: `${PROBE}/companies`,
      headers: { 'content-type': 'application/json', ...xsrfHeaders(), ...headers },
      payload,
    });
  }

  it('accepts a valid body (the probe route works)', async () => {
    const response = await post(JSON.stringify({ name: 'Valid Probe Company' }));
    expect(response.statusCode).toBe(201);
    expect(await companiesNamed('Valid Probe Company')).toBe(1);
  });

  it('answers an unknown API route with 404 NOT_FOUND', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope?token=abc' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe(`${PROBLEM_CONTENT_TYPE}; charset=utf-8`);
    expect(problemOf(response)).toEqual({
      type: 'urn:costory:problem:not-found',
      title: 'Not found',
      status: 404,
      code: 'NOT_FOUND',
      detail: 'The requested resource does not exist.',
      // The query string may carry secrets (codes, tokens), so it is not echoed.
      instance: '/api/v1/nope',
    });
  });

  it('answers an unknown API method with 404 NOT_FOUND (after the XSRF check every write passes)', async () => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/health',
      headers: xsrfHeaders(),
    });
    expect(response.statusCode).toBe(404);
    expect(problemOf(response).code).toBe('NOT_FOUND');
    const withoutPair = await ctx.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(withoutPair.statusCode).toBe(403);
    expect(problemOf(withoutPair).code).toBe('XSRF_MISMATCH');
  });

  it('refuses malformed JSON with 400 MALFORMED_JSON, in English and Czech', async () => {
    const english = await post('{"name": "Broken JSON Company"');
    expect(english.statusCode).toBe(400);
    const problem = problemOf(english);
    expect(problem.code).toBe('MALFORMED_JSON');
    expect(problem.status).toBe(400);
    expect(problem.detail).toBe('The request body is not valid JSON.');

    const czech = await post('{"name": "Broken JSON Company"', { 'accept-language': 'cs' });
    expect(czech.statusCode).toBe(400);
    expect(problemOf(czech).detail).toBe('Tělo požadavku není platný JSON.');
    expect(problemOf(czech).title).toBe('Chybný formát JSON');
  });

  it('refuses an empty JSON body with 400 MALFORMED_JSON', async () => {
    const response = await post('');
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).code).toBe('MALFORMED_JSON');
  });

  it('refuses a wrong type with 400 VALIDATION_FAILED naming the field, in English and Czech', async () => {
    const english = await post(JSON.stringify({ name: 42 }));
    expect(english.statusCode).toBe(400);
    const problem = problemOf(english);
    expect(problem).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      title: 'Invalid input',
    });
    expect(problem.errors).toEqual([
      { field: 'name', rule: 'default', message: 'name is not valid' },
    ]);

    const czech = await post(JSON.stringify({ name: 42 }), {
      'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.8',
    });
    expect(czech.statusCode).toBe(400);
    const czechProblem = problemOf(czech);
    expect(czechProblem.title).toBe('Neplatné údaje');
    expect(czechProblem.detail).toBe('Některá pole nejsou platná.');
    expect(czechProblem.errors).toEqual([
      { field: 'name', rule: 'default', message: 'Pole name není platné' },
    ]);
  });

  it('refuses a missing required field with 400 VALIDATION_FAILED naming it', async () => {
    const response = await post(JSON.stringify({ city: 'Brno' }));
    expect(response.statusCode).toBe(400);
    const problem = problemOf(response);
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual([
      { field: 'name', rule: 'required', message: 'The name is required' },
    ]);
  });

  it('refuses an unknown field with 400 VALIDATION_FAILED naming it, in English and Czech', async () => {
    const body = JSON.stringify({ name: 'Unknown Field Company', isAdmin: true });
    const english = await post(body);
    expect(english.statusCode).toBe(400);
    const problem = problemOf(english);
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toEqual([
      { field: 'isAdmin', rule: 'unknown_field', message: 'Unknown field isAdmin' },
    ]);

    const czech = await post(body, { 'accept-language': 'cs' });
    expect(czech.statusCode).toBe(400);
    expect(problemOf(czech).errors).toEqual([
      { field: 'isAdmin', rule: 'unknown_field', message: 'Neznámé pole isAdmin' },
    ]);
  });

  it('refuses a body over the size limit with 400 PAYLOAD_TOO_LARGE, in English and Czech', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    const english = await post(body);
    expect(english.statusCode).toBe(400);
    const problem = problemOf(english);
    expect(problem.code).toBe('PAYLOAD_TOO_LARGE');
    expect(problem.detail).toBe('The request body is larger than the limit of 1 MB.');

    const czech = await post(body, { 'accept-language': 'cs' });
    expect(czech.statusCode).toBe(400);
    expect(problemOf(czech).detail).toBe('Tělo požadavku je větší než povolený limit 1 MB.');
  });

  it('refuses other content types with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const contentType of ['application/xml', 'text/plain']) {
      const response = await post('<company name="Xml Company"/>', { 'content-type': contentType });
      expect(response.statusCode).toBe(415);
      expect(problemOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('changes nothing in the database when it refuses a write', async () => {
    expect(
      await companiesNamed(
        'Broken JSON Company',
        'Unknown Field Company',
        'Xml Company',
        'x'.repeat(MAX_BODY_BYTES),
      ),
    ).toBe(0);
  });

  it('maps typed domain errors to their status and code', async () => {
    const cases = [
      ['not-found', 404, 'NOT_FOUND'],
      ['forbidden', 403, 'FORBIDDEN'],
      ['unauthorized', 401, 'UNAUTHORIZED'],
      ['conflict', 409, 'CONFLICT'],
      ['duplicate-name', 400, 'VALIDATION_FAILED'],
    ] as const;
    for (const [path, status, code] of cases) {
      const response = await ctx.app.inject({ method: 'GET', url: `${PROBE}/${path}` });
      expect(response.statusCode).toBe(status);
      expect(problemOf(response)).toMatchObject({ status, code, instance: `${PROBE}/${path}` });
    }
  });

  it("localizes a domain error's own detail and field messages", async () => {
    const conflict = await ctx.app.inject({
      method: 'GET',
      url: `${PROBE}/conflict`,
      headers: { 'accept-language': 'cs' },
    });
    expect(conflict.statusCode).toBe(409);
    expect(problemOf(conflict).detail).toBe('Položku mezitím změnil někdo jiný.');

    const duplicate = await ctx.app.inject({ method: 'GET', url: `${PROBE}/duplicate-name` });
    expect(duplicate.statusCode).toBe(400);
    expect(problemOf(duplicate).errors).toEqual([
      {
        field: 'name',
        rule: 'story_name_duplicate',
        message: 'Some story is already using this name',
      },
    ]);
    const czech = await ctx.app.inject({
      method: 'GET',
      url: `${PROBE}/duplicate-name`,
      headers: { 'accept-language': 'cs' },
    });
    expect(czech.statusCode).toBe(400);
    expect(problemOf(czech).errors?.[0]?.message).toBe('Tento název už používá jiný příběh');
  });

  it('falls back to English for languages other than Czech', async () => {
    const response = await post('{', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).title).toBe('Malformed JSON');
  });

  it('answers 500 INTERNAL without leaking the error or its stack', async () => {
    for (const path of ['crash', 'bad-response']) {
      const response = await ctx.app.inject({ method: 'GET', url: `${PROBE}/${path}` });
      expect(response.statusCode).toBe(500);
      const problem = problemOf(response);
      expect(problem).toEqual({
        type: 'urn:costory:problem:internal',
        title: 'Internal error',
        status: 500,
        code: 'INTERNAL',
        detail: 'Something went wrong on our side. Try again later.',
        instance: `${PROBE}/${path}`,
      });
      expect(response.body).not.toMatch(/secret|hunter2|stack|at .*\.ts/);
    }
  });

  it('answers 429 RATE_LIMITED on a rate-limited route once the limit is used up', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: `${PROBE}/limited` });
    expect(first.statusCode).toBe(200);
    const second = await ctx.app.inject({ method: 'GET', url: `${PROBE}/limited` });
    expect(second.statusCode).toBe(429);
    expect(problemOf(second).code).toBe('RATE_LIMITED');
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('does not rate-limit routes that did not ask for it', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    }
  });
});
