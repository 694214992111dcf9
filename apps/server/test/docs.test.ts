// The API documentation: an OpenAPI document built from the zod schemas, and Swagger UI to read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('API documentation', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('serves an OpenAPI document describing the API routes and their schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health']?.get?.responses).toHaveProperty('200');
    expect(document.paths['/api/health']?.get?.responses).toHaveProperty('503');
    expect(document.paths['/api/health/live']?.get?.responses).toHaveProperty('200');
    expect(document.paths['/api/health/ready']?.get?.responses).toHaveProperty('200');
    expect(document.paths['/api/v1/meta']?.get?.responses).toHaveProperty('200');
    expect(document.paths['/api/v1/registrations']?.post?.responses).toHaveProperty('201');
    expect(document.paths['/auth/interaction/{uid}/login']?.post?.responses).toHaveProperty('200');
    expect(document.paths['/api/v1/catalogs']?.get?.responses).toHaveProperty('200');
    expect(
      document.paths['/api/v1/catalogs/{catalogId}/items/{itemId}/transitions']?.post?.responses,
    ).toHaveProperty('200');
    // Neither the docs' own routes, the provider's protocol endpoints nor the SPA's file serving
    // belong in the API description; the login form's endpoints do.
    expect(
      Object.keys(document.paths).every(
        (path) =>
          path.startsWith('/api/v1') ||
          path === '/api/health' ||
          path === '/api/health/live' ||
          path === '/api/health/ready' ||
          path.startsWith('/auth/interaction/'),
      ),
    ).toBe(true);
  });

  it('shows how to call the API with a personal API token, on the routes that need one', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(document.info.description).toContain(
      `curl -H "Authorization: Bearer cst_…" ${ctx.config.publicOrigin}/api/v1/stories`,
    );
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.paths['/api/v1/stories']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/meta']?.get?.security).toBeUndefined();
    expect(document.paths['/api/v1/registrations']?.post?.security).toBeUndefined();
  });

  it('serves Swagger UI as HTML under a policy that allows only its own files', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    const script = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(script.statusCode).toBe(200);
  });
});

describe('API documentation switched off (API_DOCS=false, the production default)', () => {
  it('serves neither Swagger UI nor the document', async () => {
    const ctx = await buildTestApp({ config: { apiDocs: false } });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await ctx.close();
    }
  });
});
