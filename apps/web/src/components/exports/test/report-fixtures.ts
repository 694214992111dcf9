// Test data of export reports: a small roles summary in English as the API's format=json answers it, and a large export's job as the API answers it.
import type { ExportJob, Report } from '@costory/shared';

export function createReport(overrides: Partial<Report> = {}): Report {
  return {
    kind: 'roles',
    locale: 'en',
    currency: 'EUR',
    title: 'Summary by roles',
    subject: 'Office fit-out, Brno',
    generatedAt: '2025-03-02T10:00:00.000Z',
    parties: [{ caption: 'Prepared by', name: 'Acme Builders', lines: ['Main 1', '602 00 Brno'] }],
    facts: [{ label: 'Total price', value: '6262', format: 'money' }],
    tables: [
      {
        title: 'By roles',
        columns: [
          { header: 'Role', format: 'text', summed: false },
          { header: 'Amount', format: 'amount', summed: false },
          { header: 'Price', format: 'money', summed: true },
        ],
        rows: [{ cells: ['Digger (DIGGER)', '73.2456', '6262.00'], level: 0, muted: false }],
        total: ['Total', null, '6262.00'],
      },
    ],
    notes: [],
    fileName: 'summary-by-roles-office-fit-out-brno',
    ...overrides,
  };
}

/** A large export's job as the API answers it (202, then each poll). */
export function createExportJob(overrides: Partial<ExportJob> = {}): ExportJob {
  return {
    id: '6f1c2a7e-2b1d-4c4e-9a55-0c3d2b1a9e8f',
    status: 'queued',
    progress: 0,
    format: 'pdf',
    fileName: 'summary-by-roles.pdf',
    size: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}
