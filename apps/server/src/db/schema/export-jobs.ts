// Table `export_jobs`: large exports rendered by a background job, with their progress and, once done, the file their requester fetches.
import { sql } from 'drizzle-orm';
import {
  EXPORT_JOB_STATUSES,
  REPORT_FORMATS,
  type ExportJobStatus,
  type ReportFormat,
} from '@costory/shared';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, oneOf } from './columns';
import { users } from './users';

export const exportJobs = pgTable(
  'export_jobs',
  {
    /** Random, so that a job's address cannot be guessed (it is also checked against the user). */
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text().$type<ReportFormat>().notNull(),
    fileName: text().notNull(),
    /** The report as built for the requester; cleared once the file is rendered. */
    report: jsonb(),
    status: text().$type<ExportJobStatus>().notNull().default('queued'),
    progress: integer().notNull().default(0),
    file: bytea(),
    size: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** Files are kept this long, then deleted when later exports are requested. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('export_jobs_expires_at_index').on(table.expiresAt),
    index('export_jobs_user_id_index').on(table.userId),
    check('export_jobs_status_known', oneOf(table.status, EXPORT_JOB_STATUSES)),
    check('export_jobs_format_known', oneOf(table.format, REPORT_FORMATS)),
    check('export_jobs_progress_range', sql`${table.progress} between 0 and 100`),
  ],
);

export type ExportJobRow = typeof exportJobs.$inferSelect;
