// The demo story "Customer portal" on the demo catalog: labelled instances on two levels, a supplier with prices, a customer and two lineups, built through the services.
import {
  instanceCreateSchema,
  lineupFieldsSchema,
  partnerCompanyCreateSchema,
  storyCreateSchema,
  storyLabelFieldsSchema,
  supplierPricesUpdateSchema,
  type Me,
} from '@costory/shared';
import { createPartnerCompany } from '../modules/companies/partners/partner-companies.service';
import { updateSupplierPrices } from '../modules/companies/partners/supplier-prices.service';
import type { MailOutbox } from '../modules/mail/mail.service';
import { CalculationThread } from '../modules/stories/calculation/calculation-thread';
import { VersionReads } from '../modules/stories/versions/version-reads';
import type { StoryDeps } from '../modules/stories/common/deps';
import { createInstance } from '../modules/stories/instances/instances.service';
import { createStoryLabel } from '../modules/stories/labels/labels.service';
import { createLineup } from '../modules/stories/lineups/lineups.service';
import { createStory } from '../modules/stories/stories/stories.service';
import type { Db } from './database';
import type { StoredInstanceValue } from './schema';
import type { DemoCatalog } from './seed-catalog';

export const DEMO_STORY_NAME = 'Customer portal';

// None of the services the seed calls sends mail; one that started to would fail the seed loudly.
const NO_MAIL: MailOutbox = {
  queue: () => Promise.reject(new Error('The demo seed sends no mail')),
  adoptPendingMails: () => Promise.resolve(),
  deliverSoon: () => undefined,
  deliverDue: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

const LABELS = [
  {
    title: 'Release 1',
    description: 'First release for the customer (první vydání)',
    color: '#1565c0',
  },
  {
    title: 'Release 2',
    description: 'Second release, after the launch (druhé vydání)',
    color: '#6a1b9a',
  },
  {
    title: 'Waiting for the customer',
    description: 'Needs data or a decision from the customer (čeká na zákazníka)',
    color: '#ef6c00',
  },
] as const;

type DemoLabel = (typeof LABELS)[number]['title'];

interface DemoInstance {
  item: string;
  name: string;
  level: number;
  optional?: boolean;
  values: Record<string, StoredInstanceValue>;
  labels: DemoLabel[];
}

// Every mandatory value is filled in, so the story calculates without errors.
const INSTANCES: DemoInstance[] = [
  {
    item: 'LOGIN',
    name: 'Customer sign-in',
    level: 2,
    values: { screens: 4, sso: true, second_factor: 'TOTP' },
    labels: ['Release 1'],
  },
  {
    item: 'FORM',
    name: 'Customer registration',
    level: 1,
    values: { fields: 12 },
    labels: ['Release 1'],
  },
  {
    item: 'FORM',
    name: 'Complaint',
    level: 2,
    values: { fields: 18, complexity: 'COMPLEX', cross_validation: true },
    labels: ['Release 2'],
  },
  {
    item: 'REPORT',
    name: 'Invoice overview',
    level: 1,
    values: { columns: 10, pdf_export: true },
    labels: ['Release 1'],
  },
  {
    item: 'REPORT',
    name: 'Consumption dashboard',
    level: 2,
    optional: true,
    values: { columns: 6, pdf_export: false, charts: 3 },
    labels: ['Release 2'],
  },
  {
    item: 'EXT-INTEGRATION',
    name: 'Billing system',
    level: 1,
    values: { systems: 1, documentation: 'POOR' },
    labels: ['Release 1', 'Waiting for the customer'],
  },
  {
    item: 'EXT-INTEGRATION',
    name: 'Payment gateway',
    level: 2,
    values: { systems: 1, documentation: 'GOOD', daily_volume_gb: 2 },
    labels: ['Release 2'],
  },
  {
    item: 'REST-ENDPOINT',
    name: 'Customer account API',
    level: 2,
    values: { endpoints: 6, authorization: 'ROLES' },
    labels: ['Release 1'],
  },
  {
    item: 'REST-ENDPOINT',
    name: 'Partner API',
    level: 1,
    optional: true,
    values: { endpoints: 4 },
    labels: ['Release 2'],
  },
  {
    item: 'DATA-MIGRATION',
    name: 'Customers and contracts',
    level: 2,
    values: { tables: 35, volume_gb: 40, cleansing: true },
    labels: ['Release 1', 'Waiting for the customer'],
  },
  {
    item: 'CI-PIPELINE',
    name: '',
    level: 2,
    values: { environments: 3, containers: true },
    labels: ['Release 1'],
  },
  {
    item: 'UAT',
    name: '',
    level: 2,
    values: { test_cases: 60, rounds: 2, automation: 'PARTIAL' },
    labels: ['Release 1'],
  },
];

const COMPANY_ADDRESS = { country: 'Česká republika', phone: '' };

const SUPPLIER = partnerCompanyCreateSchema.parse({
  ...COMPANY_ADDRESS,
  kind: 'SUPPLIER',
  name: 'Vývoj Morava s.r.o.',
  email: 'nabidky@vyvoj-morava.test',
  city: 'Brno',
  street: 'Cejl',
  streetNumber: '504/62',
  zip: '602 00',
});

const CUSTOMER = partnerCompanyCreateSchema.parse({
  ...COMPANY_ADDRESS,
  kind: 'SUBSCRIBER',
  name: 'Teplárna Sever a.s.',
  email: 'nakup@teplarna-sever.test',
  city: 'Liberec',
  street: 'Tovární',
  streetNumber: '12',
  zip: '460 01',
});

// The supplier's offer undercuts the catalog for developers and testers (CZK per unit).
const SUPPLIER_PRICES: Record<string, string> = { DEVELOPER: '9800', TESTER: '850' };
// The second lineup prices the architect by hand: a senior one was asked for.
const CUSTOM_PRICES: Record<string, string> = { ARCHITECT: '14500' };

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seeding the demo story: no ${what}`);
  return value;
}

/**
 * Builds the demo story of `user` (who becomes its ICT_ADMIN) on the demo catalog inside the
 * caller's transaction, through the same services the API calls: the instances' and the story's
 * figures are calculated exactly as for a user's own story, and the history records it all.
 */
export async function seedDemoStory(tx: Db, user: Me, catalog: DemoCatalog): Promise<void> {
  // The demo story is small: its calculations run on this thread, no worker starts.
  const deps: StoryDeps = {
    db: tx,
    mail: NO_MAIL,
    publicOrigin: '',
    calculations: new CalculationThread({ threadFromInstances: Number.POSITIVE_INFINITY }),
    versionReads: new VersionReads(),
  };
  const story = await createStory(
    deps,
    user,
    storyCreateSchema.parse({
      name: DEMO_STORY_NAME,
      description:
        'Self-service portal for the customers of a heating plant: sign-in, forms, invoices, integrations and delivery. ' +
        'Samoobslužný portál pro zákazníky teplárny: přihlášení, formuláře, faktury, napojení a dodávka.',
      catalogId: catalog.id,
    }),
  );

  const labelIds = new Map<string, number>();
  for (const label of LABELS) {
    const created = await createStoryLabel(
      deps,
      user,
      story.id,
      storyLabelFieldsSchema.parse(label),
    );
    labelIds.set(label.title, created.id);
  }

  for (const instance of INSTANCES) {
    await createInstance(
      deps,
      user,
      story.id,
      instanceCreateSchema.parse({
        itemId: must(catalog.itemIds.get(instance.item), `item ${instance.item}`),
        name: instance.name,
        description: '',
        optional: instance.optional ?? false,
        level: instance.level,
        values: instance.values,
        labelIds: instance.labels.map((title) => must(labelIds.get(title), `label ${title}`)),
      }),
    );
  }

  const pricesOf = (prices: Record<string, string>) =>
    Object.entries(prices).map(([code, price]) => ({
      roleId: must(catalog.roleIds.get(code), `role ${code}`),
      price,
    }));
  const supplier = await createPartnerCompany(tx, user, SUPPLIER);
  await updateSupplierPrices(
    tx,
    user,
    supplier.id,
    supplierPricesUpdateSchema.parse({
      catalogId: catalog.id,
      prices: pricesOf(SUPPLIER_PRICES).map((entry) => ({ ...entry, version: null })),
    }),
  );
  const customer = await createPartnerCompany(tx, user, CUSTOMER);

  const parties = { supplierId: supplier.id, subscriberId: customer.id };
  await createLineup(
    deps,
    user,
    story.id,
    lineupFieldsSchema.parse({
      ...parties,
      name: 'Offer of Vývoj Morava',
      description:
        'The supplier’s prices where it has them, the catalog’s elsewhere (ceny dodavatele, jinak katalogu).',
    }),
  );
  await createLineup(
    deps,
    user,
    story.id,
    lineupFieldsSchema.parse({
      ...parties,
      name: 'Offer with a senior architect',
      description:
        'As the supplier’s offer, with the architect’s day priced by hand (architekt s vlastní cenou).',
      customPrices: pricesOf(CUSTOM_PRICES),
    }),
  );
}
