// What a story version's export reports read (decision 0042 "Exports of a version"): the frozen roles, groups, phases, items, names and instances in the shape of the live story's report data, with the company (the issuer) and the catalog's name as they are now.
import type { Locale } from '@costory/shared';
import type { Db } from '../../db/database';
import type { StoryRow } from '../../db/schema';
import { findCompanyRow } from '../companies/companies.repository';
import type { StoredCalcInstance } from '../stories/calculation/calc-instances-text';
import type { FrozenVersion } from '../stories/versions/versions.repository';
import { frozenModel } from '../stories/versions/versions.service';
import { findReportCatalog, type ReportInstance, type StoryReportData } from './story-report-data';
import { localIsoString } from './time-zone';

export async function loadVersionReportData(
  db: Db,
  input: {
    story: Pick<StoryRow, 'id' | 'name' | 'companyId' | 'catalogId'>;
    version: FrozenVersion;
    instances: readonly StoredCalcInstance[];
    locale: Locale;
    timeZone: string;
  },
): Promise<StoryReportData> {
  const { story, version, instances } = input;
  const [company, catalog] = await Promise.all([
    findCompanyRow(db, story.companyId),
    findReportCatalog(db, story.catalogId),
  ]);
  if (!catalog) throw new Error(`The catalog ${String(story.catalogId)} of a story is missing`);
  const frozen = new Map(instances.map((instance) => [instance.id, instance]));
  return {
    locale: input.locale,
    story,
    company,
    // Priced in the currency of the day it was frozen.
    catalog: { ...catalog, currency: version.currency },
    roles: version.catalog.roles,
    phases: version.catalog.phases,
    groups: version.catalog.groups,
    instances: version.names.instances.flatMap(([id, itemId, name]): ReportInstance[] => {
      const instance = frozen.get(id);
      return instance
        ? [{ id, itemId, name, level: instance.level, optional: instance.optional }]
        : [];
    }),
    items: new Map(
      version.catalog.items.map(({ id, code, name, groupId, phaseId }) => [
        id,
        { id, code, name, groupId, phaseId },
      ]),
    ),
    model: frozenModel(version.catalog),
    calcInstances: instances,
    version: { name: version.name, frozenAt: localIsoString(version.createdAt, input.timeZone) },
  };
}
