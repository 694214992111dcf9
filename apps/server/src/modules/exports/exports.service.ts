// Which report a request may have (story members: summaries; READ_LINEUPS: lineups; catalog readers: the catalog) and what it is made from, read fresh: a story's is calculated in the export worker (see report-source).
import { isScored, type ComparisonSideText, type Locale } from '@costory/shared';
import type { Db } from '../../db/database';
import { NotFoundError } from '../../errors';
import type { AuthenticatedUser } from '../../plugins/authentication';
import { loadCatalogAccess, requireAction, seesAllItemStates } from '../catalogs/common/access';
import { findPartnerCompanyRow } from '../companies/partners/partner-companies.repository';
import { loadStoryAccess, requireStoryAction } from '../stories/common/access';
import {
  compareVersions,
  readableFrozenLineups,
  readVersionForReport,
  type ReadDeps,
} from '../stories/versions/versions.service';
import type { ReportPartner } from './report-parts';
import { loadVersionReportData } from './version-report-data';
import { buildComparisonReport } from './comparison-report';
import { readsMargins } from '../stories/common/margins';
import { findReadableLineup } from '../stories/lineups/lineups.service';
import { listQuoteRows, listSupplierPricesOfCatalog } from '../stories/lineups/lineups.repository';
import { buildCatalogReport } from './catalog-report';
import { buildQuoteReport } from './lineup-report';
import { findCompanyLogo } from '../companies/companies.repository';
import { fromNumericText } from '../../lib/decimal';
import { findReportCatalog, loadStoryReportData } from './story-report-data';
import type { ReadySource, ReportSource } from './report-source';
import type { StoryReportKind } from './story-reports';

export interface ReportRequest {
  db: Db;
  user: AuthenticatedUser;
  locale: Locale;
  /** When the report is made, as ISO 8601 with the user's UTC offset (its date is the report's). */
  generatedAt: string;
  /** The user's time zone (known to Intl), for the other dates a report states. */
  timeZone: string;
}

/** A summary of the story with the catalog's prices (any member; a customer's without prices; others 404). */
export async function storyReport(
  request: ReportRequest,
  storyId: number,
  kind: StoryReportKind,
): Promise<ReportSource> {
  const access = await loadStoryAccess(request.db, request.user, storyId);
  requireStoryAction(access, 'READ_STORY');
  return {
    kind: 'story',
    data: await loadStoryReportData(request.db, access.story, request.locale),
    reportKind: kind,
    generatedAt: request.generatedAt,
    withPrices: readsMargins(access),
  };
}

/**
 * A summary of a story version (READ_STORY; a customer's without prices), made as the live
 * story's from what the version froze and marked with its name and date.
 */
export async function versionStoryReport(
  request: ReportRequest,
  deps: Omit<ReadDeps, 'db'>,
  ids: { storyId: number; versionId: number },
  kind: StoryReportKind,
): Promise<ReportSource> {
  const { access, version, instances } = await readVersionForReport(
    { db: request.db, ...deps },
    request.user,
    ids.storyId,
    ids.versionId,
    'READ_STORY',
  );
  return {
    kind: 'story',
    data: await loadVersionReportData(request.db, {
      ...request,
      story: access.story,
      version,
      instances,
    }),
    reportKind: kind,
    generatedAt: request.generatedAt,
    withPrices: readsMargins(access),
  };
}

/** A company a frozen lineup named that its tenant has deleted since: its name alone. */
function formerPartner(name: string): ReportPartner {
  return {
    name,
    street: '',
    streetNumber: '',
    zip: '',
    city: '',
    country: '',
    email: '',
    phone: '',
  };
}

/**
 * One of a version's lineups as a quote (READ_LINEUPS; a customer's of a lineup shared with them
 * then), priced with the custom and supplier prices the version froze, so its totals never change;
 * the companies' addresses as they are now.
 */
export async function versionLineupReport(
  request: ReportRequest,
  deps: Omit<ReadDeps, 'db'>,
  ids: { storyId: number; versionId: number; lineupId: number },
): Promise<ReportSource> {
  const { db } = request;
  const { access, version, instances } = await readVersionForReport(
    { db, ...deps },
    request.user,
    ids.storyId,
    ids.versionId,
    'READ_LINEUPS',
  );
  const lineup = readableFrozenLineups(access, version).find((entry) => entry.id === ids.lineupId);
  if (!lineup) throw new NotFoundError();
  const [data, supplier, subscriber] = await Promise.all([
    loadVersionReportData(db, { ...request, story: access.story, version, instances }),
    findPartnerCompanyRow(db, access.story.companyId, lineup.supplier.id),
    findPartnerCompanyRow(db, access.story.companyId, lineup.subscriber.id),
  ]);
  return {
    kind: 'lineup',
    data,
    lineup: { name: lineup.name, description: lineup.description },
    supplierPrices: new Map(lineup.supplierPrices),
    customPrices: new Map(lineup.customPrices),
    supplier: supplier ?? formerPartner(lineup.supplier.name),
    subscriber: subscriber ?? formerPartner(lineup.subscriber.name),
    generatedAt: request.generatedAt,
    audience: readsMargins(access) ? 'internal' : 'customer',
  };
}

/**
 * The comparison of two versions, or of a version and the live story (READ_STORY; a customer's
 * without prices), as GET …/versions/compare answers it: built here, since the comparison is
 * calculated on the calculation thread already.
 */
export async function versionComparisonReport(
  request: ReportRequest,
  { calculations, versionReads }: Omit<ReadDeps, 'db'>,
  storyId: number,
  query: { from: ComparisonSideText; to: ComparisonSideText },
): Promise<ReadySource> {
  const { db } = request;
  const access = await loadStoryAccess(db, request.user, storyId);
  requireStoryAction(access, 'READ_STORY');
  const comparison = await compareVersions(
    { db, calculations, versionReads },
    request.user,
    storyId,
    query,
  );
  const catalog = await findReportCatalog(db, access.story.catalogId);
  if (!catalog) throw new Error(`The catalog ${String(access.story.catalogId)} is missing`);
  const report = buildComparisonReport({
    comparison,
    storyName: access.story.name,
    // The currency the later side was priced in; none for a score catalog.
    currency: isScored(catalog.type) ? null : comparison.to.currency,
    defaultLanguage: catalog.defaultLanguage,
    locale: request.locale,
    generatedAt: request.generatedAt,
    withPrices: readsMargins(access),
  });
  return { kind: 'ready', report };
}

/** The lineup's quote (READ_LINEUPS; a customer's only when it is shared with them, else 404). */
export async function lineupReport(
  request: ReportRequest,
  storyId: number,
  lineupId: number,
): Promise<ReportSource> {
  const { db } = request;
  const access = await loadStoryAccess(db, request.user, storyId);
  requireStoryAction(access, 'READ_LINEUPS');
  const record = await findReadableLineup(db, access, lineupId);
  const { lineup } = record;
  const [data, supplierPrices, supplier, subscriber] = await Promise.all([
    loadStoryReportData(db, access.story, request.locale),
    listSupplierPricesOfCatalog(db, access.story.catalogId, [lineup.supplierId]),
    findPartnerCompanyRow(db, access.story.companyId, lineup.supplierId),
    findPartnerCompanyRow(db, access.story.companyId, lineup.subscriberId),
  ]);
  if (!supplier || !subscriber) throw new NotFoundError();
  return {
    kind: 'lineup',
    data,
    lineup: { name: lineup.name, description: lineup.description },
    supplierPrices: supplierPrices.get(lineup.supplierId) ?? new Map(),
    customPrices: record.customPrices,
    supplier,
    subscriber,
    generatedAt: request.generatedAt,
    audience: readsMargins(access) ? 'internal' : 'customer',
  };
}

/**
 * An issued quote (READ_LINEUPS; a customer's of a lineup shared with them): the customer variant with the lines stored when it was issued,
 * the parties as they are now and the story company's logo. Built here: nothing is calculated, and it has a line per role.
 */
export async function quoteReport(
  request: ReportRequest,
  storyId: number,
  lineupId: number,
  quoteId: number,
): Promise<ReadySource> {
  const { db } = request;
  const access = await loadStoryAccess(db, request.user, storyId);
  requireStoryAction(access, 'READ_LINEUPS');
  const [record, [quote]] = await Promise.all([
    findReadableLineup(db, access, lineupId),
    listQuoteRows(db, storyId, lineupId, quoteId),
  ]);
  if (!quote) throw new NotFoundError();
  const { lineup } = record;
  const [data, supplier, subscriber, logo] = await Promise.all([
    loadStoryReportData(db, access.story, request.locale),
    findPartnerCompanyRow(db, access.story.companyId, lineup.supplierId),
    findPartnerCompanyRow(db, access.story.companyId, lineup.subscriberId),
    findCompanyLogo(db, access.story.companyId),
  ]);
  if (!supplier || !subscriber) throw new NotFoundError();
  const report = buildQuoteReport({ data, lineup, supplier, subscriber }, request.generatedAt, {
    number: quote.number,
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    vatRate: fromNumericText(quote.vatRate),
    paymentTerms: quote.paymentTerms,
    note: quote.note,
    lines: quote.lines,
    total: { price: quote.totalWithoutVat, mandays: Number(quote.totalMandays) },
    unpricedInstances: quote.unpricedInstances,
    totalWithoutVat: quote.totalWithoutVat,
    vatAmount: quote.vatAmount,
    totalWithVat: quote.totalWithVat,
    logo: logo ? `data:${logo.contentType};base64,${logo.data.toString('base64')}` : null,
  });
  return { kind: 'ready', report };
}

/**
 * The catalog's roles and items (READ_CATALOG; readers see COMPLETE items only). Built here:
 * nothing is calculated, and its rows come straight from the queries.
 */
export async function catalogReport(
  request: ReportRequest,
  catalogId: number,
): Promise<ReadySource> {
  const access = await loadCatalogAccess(request.db, catalogId, request.user);
  requireAction(access, 'READ_CATALOG');
  const report = await buildCatalogReport(request.db, catalogId, {
    locale: request.locale,
    allStates: seesAllItemStates(access),
    companyId: request.user.companyId,
    generatedAt: request.generatedAt,
  });
  return { kind: 'ready', report };
}
