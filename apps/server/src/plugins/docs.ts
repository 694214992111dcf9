// OpenAPI document generated from the routes' zod schemas, served with Swagger UI at /api/docs when API_DOCS allows.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { serverVersion } from '../paths';
import { cspHeaderValue } from './security';

export const DOCS_PREFIX = '/api/docs';

// Swagger UI loads only its own scripts and styles from 'self', sets inline styles and draws
// icons as data: images. Its policy is spelled out here rather than derived from the SPA's, so a
// later change for the SPA (a font CDN, say) does not silently widen what the docs page may load.
const DOCS_CSP = cspHeaderValue({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
});

// Scripts call the API with a personal API token (decision 0044); the example shows how.
function apiDescription(publicOrigin: string): string {
  return [
    'REST API of Costory. Errors are application/problem+json with a stable `code`.',
    '',
    '## Calling the API with a personal API token',
    '',
    'Create a token under **API tokens** in the user menu (read-only or read-write, with an expiry) and copy its secret: it is shown once. Send it as a bearer token; it acts with exactly your rights, and needs no XSRF cookie:',
    '',
    '```sh',
    `curl -H "Authorization: Bearer cst_…" ${publicOrigin}/api/v1/stories`,
    '```',
    '',
    'An expired or revoked token is answered 401, a read-only token that tries to change something 403. Tokens cannot create or revoke tokens, and are not accepted by the sign-in service (/auth). Writes made with a token are recorded in the audit log.',
  ].join('\n');
}

async function docsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Costory API',
        description: apiDescription(app.config.publicOrigin),
        version: serverVersion(),
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (`cst_…`, created under API tokens in the user menu) or the application’s sign-in access token (JWT).',
          },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      // The /api/v1 routes that need a signed-in user (or a token) say so; public ones do not.
      const needsBearer =
        document.url.startsWith('/api/v1/') && document.route.config?.public !== true;
      return needsBearer
        ? { ...transformed, schema: { ...transformed.schema, security: [{ bearer: [] }] } }
        : transformed;
    },
    transformObject: jsonSchemaTransformObject,
  });
  // The document is still built (tests walk it through app.swagger()); only its pages are left out.
  if (!app.config.apiDocs) return;
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Never call swagger's public validator: the CSP would block it and it leaks the document.
    validatorUrl: false,
    uiConfig: { deepLinking: true },
    transformStaticCSP: () => DOCS_CSP,
  });
}

// Registered through fastify-plugin so that @fastify/swagger's onRoute hook sees every route
// registered after it, including those in encapsulated route plugins.
export default fp(docsPlugin, { name: 'costory-docs' });
