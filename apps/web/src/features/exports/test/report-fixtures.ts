// Test data of export reports: a small roles summary in English as the API's format=json answers it.
import type { Report } from '@costory/shared';

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
