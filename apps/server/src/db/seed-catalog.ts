// The demo catalog "Software delivery" (English and Czech): groups, phases, roles with prices, labels and COMPLETE items with attributes and formulas.
import type { AttributeType, LocalizedText, UnitOfMeasure } from '@costory/shared';
import { foldForSearch } from '../lib/search';
import { publishItemVersion } from '../modules/catalogs/items/item-versions.repository';
import type { Db } from './database';
import {
  catalogEvents,
  catalogGroups,
  catalogItemLabels,
  catalogItems,
  catalogLabels,
  catalogMembers,
  catalogPhases,
  catalogRoles,
  catalogs,
  itemAttributes,
  itemFormulas,
  type StoredDefaultValue,
} from './schema';

export const DEMO_CATALOG_CODE = 'SW-DELIVERY';

const t = (en: string, cs: string): LocalizedText => ({ en, cs });

const GROUPS: {
  code: string;
  name: LocalizedText;
  children: { code: string; name: LocalizedText }[];
}[] = [
  {
    code: 'FE',
    name: t('Frontend', 'Frontend'),
    children: [
      { code: 'FE-UI', name: t('User interface', 'Uživatelské rozhraní') },
      { code: 'FE-INT', name: t('Integrations', 'Napojení') },
    ],
  },
  {
    code: 'BE',
    name: t('Backend', 'Backend'),
    children: [
      { code: 'BE-API', name: t('API', 'API') },
      { code: 'BE-DATA', name: t('Data', 'Data') },
    ],
  },
  {
    code: 'OPS',
    name: t('Operations and quality', 'Provoz a kvalita'),
    children: [
      { code: 'OPS-CI', name: t('Build and deployment', 'Sestavení a nasazení') },
      { code: 'OPS-QA', name: t('Quality assurance', 'Zajištění kvality') },
    ],
  },
];

const PHASES = [
  { code: 'ANALYSIS', name: t('Analysis', 'Analýza') },
  { code: 'DESIGN', name: t('Design', 'Návrh') },
  { code: 'DEVELOPMENT', name: t('Development', 'Vývoj') },
  { code: 'TESTING', name: t('Testing', 'Testování') },
];

// Prices in CZK per unit, as a Czech supplier would quote them in 2026.
const ROLES: { code: string; name: LocalizedText; unit: UnitOfMeasure; price: string }[] = [
  {
    code: 'ANALYST',
    name: t('Business analyst', 'Business analytik'),
    unit: 'MANDAYS',
    price: '9500',
  },
  {
    code: 'ARCHITECT',
    name: t('Software architect', 'Softwarový architekt'),
    unit: 'MANDAYS',
    price: '13000',
  },
  { code: 'DEVELOPER', name: t('Developer', 'Vývojář'), unit: 'MANDAYS', price: '10500' },
  { code: 'TESTER', name: t('Tester', 'Tester'), unit: 'HOUR', price: '950' },
  {
    code: 'ENV-SETUP',
    name: t('Environment setup', 'Příprava prostředí'),
    unit: 'UNIT_FIX',
    price: '25000',
  },
];

const LABELS = [
  { title: 'Security', description: 'Touches authentication or personal data', color: '#c62828' },
  { title: 'Quick win', description: 'Small effort, visible result', color: '#2e7d32' },
  { title: 'Customer facing', description: 'End users see it', color: '#1565c0' },
];

interface DemoAttribute {
  level: number;
  code: string;
  name: LocalizedText;
  type: AttributeType;
  mandatory: boolean;
  defaultValue: StoredDefaultValue | null;
  enumValues?: { code: string; label: LocalizedText }[];
}

/** A formula of a role (by code) at a level; amounts are in the role's unit. */
interface DemoFormula {
  role: string;
  level: number;
  name: string;
  expression: string;
}

interface DemoItem {
  code: string;
  name: LocalizedText;
  description: LocalizedText;
  group: string;
  phase: string;
  repeatable: boolean;
  labels: string[];
  attributes: DemoAttribute[];
  formulas: DemoFormula[];
}

const ITEMS: DemoItem[] = [
  {
    code: 'LOGIN',
    name: t('Sign-in and registration', 'Přihlášení a registrace'),
    description: t(
      'Sign-in, registration and password reset screens.',
      'Obrazovky přihlášení, registrace a obnovy hesla.',
    ),
    group: 'FE-UI',
    phase: 'DEVELOPMENT',
    repeatable: false,
    labels: ['Security', 'Customer facing'],
    attributes: [
      {
        level: 1,
        code: 'screens',
        name: t('Number of screens', 'Počet obrazovek'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 3,
      },
      {
        level: 1,
        code: 'sso',
        name: t('Single sign-on', 'Jednotné přihlášení'),
        type: 'BOOLEAN',
        mandatory: false,
        defaultValue: false,
      },
      {
        level: 2,
        code: 'second_factor',
        name: t('Second factor', 'Druhý faktor'),
        type: 'ENUM',
        mandatory: false,
        defaultValue: 'NONE',
        enumValues: [
          { code: 'NONE', label: t('None', 'Žádný') },
          { code: 'SMS', label: t('SMS code', 'Kód v SMS') },
          { code: 'TOTP', label: t('Authenticator app', 'Ověřovací aplikace') },
        ],
      },
    ],
    formulas: [
      { role: 'ANALYST', level: 1, name: 'Screens to specify', expression: '0.5 + screens * 0.25' },
      {
        role: 'DEVELOPER',
        level: 1,
        name: 'Screens and single sign-on',
        expression: 'screens * 1.5 + if(sso, 3, 0)',
      },
      {
        role: 'DEVELOPER',
        level: 2,
        name: 'With the second factor',
        expression: 'screens * 1.5 + if(sso, 3, 0) + (is(second_factor, "SMS", "TOTP") ? 2 : 0)',
      },
      { role: 'TESTER', level: 1, name: 'Test hours', expression: 'screens * 4 + sso * 6' },
      {
        role: 'TESTER',
        level: 2,
        name: 'Test hours with the second factor',
        expression: 'screens * 4 + sso * 6 + if(second_factor == "NONE", 0, 8)',
      },
    ],
  },
  {
    code: 'FORM',
    name: t('Data entry form', 'Formulář pro zadávání dat'),
    description: t('A form with validation and saving.', 'Formulář s validací a ukládáním.'),
    group: 'FE-UI',
    phase: 'DEVELOPMENT',
    repeatable: true,
    labels: ['Customer facing'],
    attributes: [
      {
        level: 1,
        code: 'fields',
        name: t('Number of fields', 'Počet polí'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 10,
      },
      {
        level: 2,
        code: 'complexity',
        name: t('Complexity', 'Složitost'),
        type: 'ENUM',
        mandatory: true,
        defaultValue: 'MEDIUM',
        enumValues: [
          { code: 'SIMPLE', label: t('Simple', 'Jednoduchý') },
          { code: 'MEDIUM', label: t('Medium', 'Střední') },
          { code: 'COMPLEX', label: t('Complex', 'Složitý') },
        ],
      },
      {
        level: 2,
        code: 'cross_validation',
        name: t('Cross-field validation', 'Validace mezi poli'),
        type: 'BOOLEAN',
        mandatory: false,
        defaultValue: true,
      },
    ],
    formulas: [
      { role: 'DEVELOPER', level: 1, name: 'By fields', expression: '1 + fields * 0.15' },
      {
        role: 'DEVELOPER',
        level: 2,
        name: 'By fields and complexity',
        expression:
          '(1 + fields * 0.15) * if(complexity == "SIMPLE", 0.8, if(complexity == "COMPLEX", 1.5, 1)) + cross_validation * 0.5',
      },
      { role: 'TESTER', level: 1, name: 'Test hours', expression: 'fields * 0.5' },
    ],
  },
  {
    code: 'REPORT',
    name: t('Report with export', 'Sestava s exportem'),
    description: t(
      'A tabular report with filters and PDF export.',
      'Tabulková sestava s filtry a exportem do PDF.',
    ),
    group: 'FE-UI',
    phase: 'DESIGN',
    repeatable: true,
    labels: [],
    attributes: [
      {
        level: 1,
        code: 'columns',
        name: t('Number of columns', 'Počet sloupců'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 8,
      },
      {
        level: 1,
        code: 'pdf_export',
        name: t('PDF export', 'Export do PDF'),
        type: 'BOOLEAN',
        mandatory: false,
        defaultValue: true,
      },
      {
        level: 2,
        code: 'charts',
        name: t('Number of charts', 'Počet grafů'),
        type: 'INTEGER',
        mandatory: false,
        defaultValue: 0,
      },
    ],
    formulas: [
      { role: 'ANALYST', level: 1, name: 'Report specification', expression: '1' },
      {
        role: 'DEVELOPER',
        level: 1,
        name: 'Columns and export',
        expression: '2 + columns * 0.2 + pdf_export * 1.5',
      },
      {
        role: 'DEVELOPER',
        level: 2,
        name: 'Columns, export and charts',
        expression: '2 + columns * 0.2 + pdf_export * 1.5 + charts * 0.75',
      },
      { role: 'TESTER', level: 1, name: 'Test hours', expression: '4 + columns * 0.5' },
    ],
  },
  {
    code: 'EXT-INTEGRATION',
    name: t('Integration with an external system', 'Napojení na externí systém'),
    description: t(
      'Exchanging data with a third-party system.',
      'Výměna dat se systémem třetí strany.',
    ),
    group: 'FE-INT',
    phase: 'ANALYSIS',
    repeatable: true,
    labels: [],
    attributes: [
      {
        level: 1,
        code: 'systems',
        name: t('Number of systems', 'Počet systémů'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 1,
      },
      {
        level: 1,
        code: 'documentation',
        name: t('Quality of the documentation', 'Kvalita dokumentace'),
        type: 'ENUM',
        mandatory: true,
        defaultValue: 'GOOD',
        enumValues: [
          { code: 'GOOD', label: t('Good', 'Dobrá') },
          { code: 'POOR', label: t('Poor', 'Špatná') },
        ],
      },
      {
        level: 2,
        code: 'daily_volume_gb',
        name: t('Data per day (GB)', 'Objem dat za den (GB)'),
        type: 'NUMBER',
        mandatory: false,
        defaultValue: 0.5,
      },
    ],
    formulas: [
      {
        role: 'ANALYST',
        level: 1,
        name: 'Interface analysis',
        expression: 'systems * if(documentation == "POOR", 4, 2)',
      },
      { role: 'ARCHITECT', level: 1, name: 'Integration design', expression: 'systems * 1.5' },
      {
        role: 'DEVELOPER',
        level: 1,
        name: 'Connectors',
        expression: 'systems * if(is(documentation, "POOR"), 8, 5)',
      },
      {
        role: 'DEVELOPER',
        level: 2,
        name: 'Connectors and data volume',
        expression: 'systems * if(is(documentation, "POOR"), 8, 5) + ceil(daily_volume_gb / 10)',
      },
    ],
  },
  {
    code: 'REST-ENDPOINT',
    name: t('REST endpoint', 'REST endpoint'),
    description: t(
      'A documented and tested API endpoint.',
      'Zdokumentovaný a otestovaný endpoint API.',
    ),
    group: 'BE-API',
    phase: 'DEVELOPMENT',
    repeatable: true,
    labels: ['Security'],
    attributes: [
      {
        level: 1,
        code: 'endpoints',
        name: t('Number of endpoints', 'Počet endpointů'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 1,
      },
      {
        level: 2,
        code: 'authorization',
        name: t('Authorization', 'Autorizace'),
        type: 'ENUM',
        mandatory: false,
        defaultValue: 'TOKEN',
        enumValues: [
          { code: 'NONE', label: t('Public', 'Veřejný') },
          { code: 'TOKEN', label: t('Access token', 'Přístupový token') },
          { code: 'ROLES', label: t('Token with roles', 'Token s rolemi') },
        ],
      },
    ],
    formulas: [
      { role: 'DEVELOPER', level: 1, name: 'Endpoints', expression: 'endpoints * 1.5' },
      {
        role: 'DEVELOPER',
        level: 2,
        name: 'Endpoints with authorization',
        expression:
          'endpoints * (1.5 + if(authorization == "ROLES", 0.5, if(authorization == "TOKEN", 0.25, 0)))',
      },
      { role: 'TESTER', level: 1, name: 'Test hours', expression: 'endpoints * 3' },
    ],
  },
  {
    code: 'DATA-MIGRATION',
    name: t('Data migration', 'Migrace dat'),
    description: t('Moving data from the old system.', 'Převod dat ze starého systému.'),
    group: 'BE-DATA',
    phase: 'DEVELOPMENT',
    repeatable: false,
    labels: [],
    attributes: [
      {
        level: 1,
        code: 'tables',
        name: t('Number of tables', 'Počet tabulek'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 20,
      },
      {
        level: 1,
        code: 'volume_gb',
        name: t('Data volume (GB)', 'Objem dat (GB)'),
        type: 'NUMBER',
        mandatory: false,
        defaultValue: 5,
      },
      {
        level: 2,
        code: 'cleansing',
        name: t('Data cleansing', 'Čištění dat'),
        type: 'BOOLEAN',
        mandatory: false,
        defaultValue: false,
      },
    ],
    formulas: [
      { role: 'ANALYST', level: 1, name: 'Data mapping', expression: 'max(2, tables * 0.1)' },
      {
        role: 'DEVELOPER',
        level: 1,
        name: 'Tables and volume',
        expression: 'tables * 0.4 + round(volume_gb / 50, 1)',
      },
      {
        role: 'DEVELOPER',
        level: 2,
        name: 'Tables, volume and cleansing',
        expression: 'tables * 0.4 + round(volume_gb / 50, 1) + if(cleansing, tables * 0.3, 0)',
      },
      { role: 'TESTER', level: 1, name: 'Reconciliation hours', expression: 'tables * 2' },
    ],
  },
  {
    code: 'CI-PIPELINE',
    name: t('Build and deployment pipeline', 'Pipeline pro sestavení a nasazení'),
    description: t(
      'Automated build, tests and deployment.',
      'Automatické sestavení, testy a nasazení.',
    ),
    group: 'OPS-CI',
    phase: 'DEVELOPMENT',
    repeatable: false,
    labels: ['Quick win'],
    attributes: [
      {
        level: 1,
        code: 'environments',
        name: t('Number of environments', 'Počet prostředí'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 3,
      },
      {
        level: 2,
        code: 'containers',
        name: t('Containers', 'Kontejnery'),
        type: 'BOOLEAN',
        mandatory: false,
        defaultValue: true,
      },
    ],
    formulas: [
      { role: 'ARCHITECT', level: 1, name: 'Pipeline design', expression: '1' },
      {
        role: 'DEVELOPER',
        level: 1,
        name: 'Pipeline per environment',
        expression: '2 + environments',
      },
      {
        role: 'DEVELOPER',
        level: 2,
        name: 'Pipeline with containers',
        expression: '2 + environments + containers * 2',
      },
      { role: 'ENV-SETUP', level: 1, name: 'Environments to prepare', expression: 'environments' },
    ],
  },
  {
    code: 'UAT',
    name: t('User acceptance testing', 'Uživatelské akceptační testování'),
    description: t(
      'Test cases, test rounds and the report.',
      'Testovací scénáře, kola testování a protokol.',
    ),
    group: 'OPS-QA',
    phase: 'TESTING',
    repeatable: false,
    labels: ['Customer facing'],
    attributes: [
      {
        level: 1,
        code: 'test_cases',
        name: t('Number of test cases', 'Počet testovacích scénářů'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 30,
      },
      {
        level: 1,
        code: 'rounds',
        name: t('Test rounds', 'Kola testování'),
        type: 'INTEGER',
        mandatory: true,
        defaultValue: 2,
      },
      {
        level: 2,
        code: 'automation',
        name: t('Test automation', 'Automatizace testů'),
        type: 'ENUM',
        mandatory: false,
        defaultValue: 'PARTIAL',
        enumValues: [
          { code: 'NONE', label: t('None', 'Žádná') },
          { code: 'PARTIAL', label: t('Partial', 'Částečná') },
          { code: 'FULL', label: t('Full', 'Úplná') },
        ],
      },
    ],
    formulas: [
      { role: 'ANALYST', level: 1, name: 'Test scenarios', expression: 'ceil(test_cases / 20)' },
      {
        role: 'TESTER',
        level: 1,
        name: 'Manual test rounds',
        expression: 'test_cases * rounds * 0.75',
      },
      {
        role: 'TESTER',
        level: 2,
        name: 'Test rounds with automation',
        expression:
          'test_cases * rounds * if(automation == "FULL", 0.25, if(automation == "PARTIAL", 0.5, 0.75)) + if(is(automation, "PARTIAL", "FULL"), test_cases * 1.5, 0)',
      },
    ],
  },
];

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seeding the demo catalog: no ${what}`);
  return value;
}

/** The seeded catalog with its items' and roles' ids by code, for the demo story. */
export interface DemoCatalog {
  id: number;
  itemIds: ReadonlyMap<string, number>;
  roleIds: ReadonlyMap<string, number>;
}

/**
 * Inserts the demo catalog of `companyId` with `userId` as its CTL_ADMIN, inside the caller's
 * transaction (seedDemoData, which runs on a new database only). Every item has formulas for
 * the roles that work on it, on level 1 and, where level 2 adds attributes, on level 2.
 */
export async function seedDemoCatalog(
  tx: Db,
  owner: { companyId: number; userId: number },
): Promise<DemoCatalog> {
  const name = 'Software delivery';
  const [catalog] = await tx
    .insert(catalogs)
    .values({
      companyId: owner.companyId,
      name,
      code: DEMO_CATALOG_CODE,
      companyCode: 'COSTORY-DEMO',
      type: 'BDT',
      defaultLanguage: 'en',
      supportedLanguages: ['en', 'cs'],
      description: t(
        'Estimates for building and delivering custom software: analysis, design, development and testing.',
        'Odhady vývoje a dodávky softwaru na míru: analýza, návrh, vývoj a testování.',
      ),
      currency: 'CZK',
      visibility: 'PUBLIC',
      searchText: foldForSearch(`${name} ${DEMO_CATALOG_CODE}`),
    })
    .returning({ id: catalogs.id });
  const catalogId = must(catalog, 'catalog').id;
  await tx.insert(catalogMembers).values({
    catalogId,
    userId: owner.userId,
    role: 'CTL_ADMIN',
    invitedByUserId: owner.userId,
  });

  const groupIds = new Map<string, number>();
  for (const [position, group] of GROUPS.entries()) {
    const [parent] = await tx
      .insert(catalogGroups)
      .values({ catalogId, code: group.code, name: group.name, position })
      .returning({ id: catalogGroups.id });
    const parentId = must(parent, 'group').id;
    groupIds.set(group.code, parentId);
    for (const [childPosition, child] of group.children.entries()) {
      const [row] = await tx
        .insert(catalogGroups)
        .values({
          catalogId,
          parentId,
          code: child.code,
          name: child.name,
          position: childPosition,
        })
        .returning({ id: catalogGroups.id });
      groupIds.set(child.code, must(row, 'sub-group').id);
    }
  }

  const phases = await tx
    .insert(catalogPhases)
    .values(PHASES.map((phase, position) => ({ ...phase, catalogId, position })))
    .returning({ id: catalogPhases.id, code: catalogPhases.code });
  const phaseIds = new Map(phases.map((phase) => [phase.code, phase.id]));

  const roles = await tx
    .insert(catalogRoles)
    .values(ROLES.map((role) => ({ ...role, catalogId })))
    .returning({ id: catalogRoles.id, code: catalogRoles.code });
  const roleIds = new Map(roles.map((role) => [role.code, role.id]));

  const labels = await tx
    .insert(catalogLabels)
    .values(LABELS.map((label) => ({ ...label, catalogId })))
    .returning({ id: catalogLabels.id, title: catalogLabels.title });
  const labelIds = new Map(labels.map((label) => [label.title, label.id]));

  const itemIds = new Map<string, number>();
  for (const item of ITEMS) {
    const [row] = await tx
      .insert(catalogItems)
      .values({
        catalogId,
        groupId: must(groupIds.get(item.group), `group ${item.group}`),
        phaseId: must(phaseIds.get(item.phase), `phase ${item.phase}`),
        code: item.code,
        name: item.name,
        description: item.description,
        repeatable: item.repeatable,
        // Reviewed and released: stories can use it (version 1 = completed once).
        state: 'COMPLETE',
        version: 1,
        createdByUserId: owner.userId,
        searchText: foldForSearch([item.code, ...Object.values(item.name)].join(' ')),
      })
      .returning({ id: catalogItems.id });
    const itemId = must(row, 'item').id;
    itemIds.set(item.code, itemId);
    if (item.labels.length > 0) {
      await tx.insert(catalogItemLabels).values(
        item.labels.map((title) => ({
          itemId,
          labelId: must(labelIds.get(title), `label ${title}`),
        })),
      );
    }
    await tx.insert(itemAttributes).values(
      item.attributes.map((attribute, position) => ({
        ...attribute,
        enumValues: attribute.enumValues ?? [],
        itemId,
        position,
      })),
    );
    await tx.insert(itemFormulas).values(
      item.formulas.map((formula, position) => ({
        itemId,
        roleId: must(roleIds.get(formula.role), `role ${formula.role}`),
        level: formula.level,
        name: formula.name,
        expression: formula.expression,
        position,
      })),
    );
    // Completed once: stories calculate with this published version, as after a move to COMPLETE.
    await publishItemVersion(tx, itemId, 1);
  }

  await tx.insert(catalogEvents).values({
    catalogId,
    userId: owner.userId,
    type: 'CATALOG_CREATED',
    changes: [
      { field: 'name', old: null, new: name },
      { field: 'code', old: null, new: DEMO_CATALOG_CODE },
    ],
  });
  return { id: catalogId, itemIds, roleIds };
}
