// Lets an encapsulated route plugin take a spreadsheet as the raw request body (as bytes, up to the import's limit), whatever a browser or a script labels it.
import { MAX_IMPORT_BYTES } from '@costory/shared';
import type { FastifyInstance } from 'fastify';

const FILE_TYPES = [
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
];

export function acceptSpreadsheetBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    FILE_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, parsed) => {
      parsed(null, body);
    },
  );
}
