// Compression of answers: API answers above 1 KB in brotli or gzip, as the browser accepts; the SPA's files come precompressed from the build (plugins/spa).
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's fast levels: a JSON list shrinks about as much as with gzip -9, at gzip -6's cost.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    // Nobody sends compressed bodies to the API; accepting them would let a small upload expand
    // into a large one before the body limit sees it.
    globalDecompression: false,
  });
}

export default fp(compressionPlugin, { name: 'costory-compression' });
