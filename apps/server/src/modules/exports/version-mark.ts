// A report made from a story version says so (decision 0042 "Exports of a version"): the version's name and the day it was frozen lead its facts, and its subject and file name carry the name.
import { createValueFormatter, type Locale, type Report } from '@costory/shared';
import { reportFileName } from './report-parts';
import { REPORT_TEXTS } from './report-texts';

/** The version a report is made from: its name, and when it was frozen as ISO 8601 with the reader's UTC offset. */
export interface ReportVersion {
  name: string;
  frozenAt: string;
}

export function markedAsVersion(report: Report, version: ReportVersion, locale: Locale): Report {
  const texts = REPORT_TEXTS[locale];
  const frozenOn = createValueFormatter({ locale, currency: null }).date(version.frozenAt);
  return {
    ...report,
    subject: `${report.subject} · ${version.name}`,
    facts: [
      {
        label: texts.fact.version,
        value: texts.fact.versionValue(version.name, frozenOn),
        format: 'text',
      },
      ...report.facts,
    ],
    // The version's name first: a long story name must not cut it off.
    fileName: reportFileName(version.name, report.fileName),
  };
}
