// What an export's report is made from, as the request thread hands it to a worker thread (plain data only: it crosses by structured clone), and making it there: a story's calculation and the report's rows are the CPU-heavy part of an export.
import { createStoryCalculator } from '@costory/calc';
import type { Report } from '@costory/shared';
import { priceLineup } from '../stories/lineups/lineup-pricing';
import { buildLineupReport, type LineupReportAudience } from './lineup-report';
import type { ReportPartner } from './report-parts';
import { reportWithoutPrices } from './report-without-prices';
import type { StoryReportData } from './story-report-data';
import { buildStoryReport, type StoryReportKind } from './story-reports';
import { markedAsVersion } from './version-mark';

/** A story summary, calculated with the catalog's prices; without prices for a member who may not read them. */
export interface StorySummarySource {
  kind: 'story';
  data: StoryReportData;
  reportKind: StoryReportKind;
  generatedAt: string;
  withPrices: boolean;
}

/** A lineup's report: the story priced with the supplier's and the lineup's own prices. */
export interface LineupSource {
  kind: 'lineup';
  data: StoryReportData;
  lineup: { name: string; description: string };
  /** Role id -> the supplier's price (NUMERIC text). */
  supplierPrices: ReadonlyMap<number, string>;
  /** Role id -> the lineup's custom price (NUMERIC text). */
  customPrices: ReadonlyMap<number, string>;
  supplier: ReportPartner;
  subscriber: ReportPartner;
  generatedAt: string;
  audience: LineupReportAudience;
}

/**
 * A report built already: a quote (its lines are stored) and a catalog (no calculation) are cheap
 * enough to build on the request thread.
 */
export interface ReadySource {
  kind: 'ready';
  report: Report;
}

/** A report serialized as JSON, as an export job stores it. */
export interface StoredSource {
  kind: 'stored';
  json: string;
}

export type ReportSource = StorySummarySource | LineupSource | ReadySource | StoredSource;

function versionMarked(report: Report, data: StoryReportData): Report {
  return data.version ? markedAsVersion(report, data.version, data.locale) : report;
}

/** The report the source stands for; runs in the export worker (see render-worker). */
export function reportOf(source: ReportSource): Report {
  switch (source.kind) {
    case 'story': {
      const { data } = source;
      const calculation = createStoryCalculator(data.model).calculate(data.calcInstances);
      const report = versionMarked(
        buildStoryReport(source.reportKind, data, calculation, source.generatedAt),
        data,
      );
      return source.withPrices ? report : reportWithoutPrices(report);
    }
    case 'lineup': {
      const { data } = source;
      const priced = priceLineup(data.model, data.calcInstances, {
        roles: data.roles,
        supplierPrices: source.supplierPrices,
        customPrices: source.customPrices,
      });
      return versionMarked(
        buildLineupReport(
          {
            data,
            lineup: source.lineup,
            priced,
            supplier: source.supplier,
            subscriber: source.subscriber,
          },
          source.generatedAt,
          source.audience,
        ),
        data,
      );
    }
    case 'ready':
      return source.report;
    case 'stored':
      // Serialized by the worker from a report it built; read back as written.
      return JSON.parse(source.json) as Report;
  }
}
