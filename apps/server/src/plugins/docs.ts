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

async function docsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Costory API',
        description:
          'REST API of Costory. Errors are application/problem+json with a stable `code`.',
        version: serverVersion(),
      },
    },
    transform: jsonSchemaTransform,
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
