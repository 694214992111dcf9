// Instance sheet endpoints: GET /stories/{storyId}/instances/sheet (the story's instances as .xlsx or CSV, also the template) and POST /stories/{storyId}/instances/imports (dry run or apply, the file as the body).
import {
  instanceImportQuerySchema,
  instanceImportReportSchema,
  instanceSheetQuerySchema,
} from '@costory/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../../lib/content-disposition';
import { acceptSpreadsheetBodies } from '../../../../lib/spreadsheets/upload-body';
import { requireUser } from '../../../../plugins/authentication';
import { localeFromAcceptLanguage } from '../../../../plugins/errors';
import type { StoryDeps } from '../../common/deps';
import { storyParams } from '../../common/params';
import { exportInstanceSheet, importInstanceSheet } from './instance-sheet.service';

const tags = ['story instances'];

export function instanceSheetRoutes(deps: StoryDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    // Encapsulated: only these routes take a raw file as the body.
    acceptSpreadsheetBodies(app);

    app.get(
      '/stories/:storyId/instances/sheet',
      {
        schema: {
          tags,
          summary:
            'The story’s instances as a spreadsheet, also the import’s template (any member): the sheet Instances of a .xlsx, or a UTF-8 CSV, with the columns item, name, description, level, optional, labels and value.<attribute code> for every attribute of the items the story uses; text a spreadsheet would run as a formula is escaped',
          params: storyParams,
          querystring: instanceSheetQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await exportInstanceSheet(
          deps,
          requireUser(request),
          request.params.storyId,
          request.query,
        );
        return reply
          .type(file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.post(
      '/stories/:storyId/instances/imports',
      {
        schema: {
          tags,
          summary:
            'Adds instances from a spreadsheet (.xlsx with the sheet Instances, or a CSV, UTF-8 or Windows-1250, comma or semicolon): the body is the file, every row a new instance. apply=false (the default) is a dry run that lists every problem by row and column and the rows it would add; apply=true adds every row in one transaction, or nothing when anything is wrong. A member without the right to change instances gets the reason as the report’s problem.',
          params: storyParams,
          querystring: instanceImportQuerySchema,
          response: { 200: instanceImportReportSchema },
        },
      },
      async (request) =>
        importInstanceSheet(
          deps,
          requireUser(request),
          request.params.storyId,
          {
            // No body, or one another parser read (JSON), is an empty file: a clear problem, no crash.
            bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            fileName: request.query.fileName,
          },
          {
            apply: request.query.apply,
            locale: localeFromAcceptLanguage(request.headers['accept-language']),
          },
        ),
    );

    done();
  };
}
