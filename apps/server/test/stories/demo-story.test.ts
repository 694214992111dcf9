// The demo story "Customer portal": seeded with the demo data, calculated as the product does, with labels, partners, two lineups and a quote the demo user can read.
import type {
  Instance,
  Label,
  Lineup,
  LineupPricing,
  PartnerCompany,
  Report,
  Story,
  StoryCalculationDto,
} from '@costory/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories, users } from '../../src/db/schema';
import { DEMO_USER_EMAIL, seedDemoData } from '../../src/db/seed';
import { DEMO_CATALOG_CODE } from '../../src/db/seed-catalog';
import { DEMO_STORY_NAME } from '../../src/db/seed-story';
import { apiAs, expectStatus, type ApiCaller } from '../helpers/api';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createUser } from '../helpers/factories';

describe('demo story', () => {
  let ctx: TestApp;
  let demo: ApiCaller;
  let story: Story;
  let base: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    expect(await seedDemoData(ctx.app.db)).toBe(true);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL));
    demo = await apiAs(ctx.app, user?.id ?? 0);
    const page = expectStatus<{ items: Story[] }>(await demo.get('/api/v1/stories'), 200);
    expect(page.items).toHaveLength(1);
    story = page.items[0] as Story;
    base = `/api/v1/stories/${story.id}`;
  });
  afterAll(() => ctx.close());

  it('is listed for the demo user, its ICT_ADMIN, on the demo catalog without formula errors', () => {
    expect(story).toMatchObject({
      name: DEMO_STORY_NAME,
      myRole: 'ICT_ADMIN',
      catalog: { code: DEMO_CATALOG_CODE },
      ownerCompany: { name: 'Costory Demo s.r.o.' },
      instanceCount: 12,
      errorCount: 0,
    });
    expect(Number(story.price)).toBeGreaterThan(0);
    expect(story.estimatedMandays).toBeGreaterThan(0);
  });

  it('caches the totals a fresh calculation gives, with an optional part and no errors', async () => {
    const calculation = expectStatus<StoryCalculationDto>(
      await demo.get(`${base}/calculation`),
      200,
    );
    expect(calculation.errors).toEqual([]);
    expect(calculation.total.price).toBe(story.price);
    expect(Number(calculation.optional.price)).toBeGreaterThan(0);
    const instances = expectStatus<{ items: Instance[] }>(
      await demo.get(`${base}/instances?limit=50`),
      200,
    );
    expect(instances.items).toHaveLength(12);
    const calculated = new Map(calculation.byInstance.map((entry) => [entry.instanceId, entry]));
    for (const instance of instances.items) {
      expect(instance.errorCount).toBe(0);
      expect(instance.price, instance.item.code).toBe(calculated.get(instance.id)?.price);
    }
    expect(new Set(instances.items.map((instance) => instance.level))).toEqual(new Set([1, 2]));
    expect(instances.items.filter((instance) => instance.optional).length).toBeGreaterThan(0);
  });

  it('has three story labels, each applied to instances and summed by label', async () => {
    const labels = expectStatus<Label[]>(await demo.get(`${base}/labels`), 200);
    expect(labels).toHaveLength(3);
    expect(labels.every((label) => label.usageCount > 0)).toBe(true);
    const calculation = expectStatus<StoryCalculationDto>(
      await demo.get(`${base}/calculation`),
      200,
    );
    expect(calculation.byLabel.map((entry) => entry.labelId).sort()).toEqual(
      labels.map((label) => label.id).sort(),
    );
  });

  it('reads every summary of the story as a report', async () => {
    for (const kind of ['roles', 'phases', 'ctl', 'ict', 'story']) {
      const report = expectStatus<Report>(
        await demo.get(`${base}/exports/${kind}?format=json`),
        200,
      );
      expect(report.subject, kind).toBe(DEMO_STORY_NAME);
    }
  });

  it('has a supplier with prices and a customer among the demo company’s partners', async () => {
    const suppliers = expectStatus<{ items: PartnerCompany[] }>(
      await demo.get('/api/v1/partner-companies?kind=SUPPLIER'),
      200,
    );
    const customers = expectStatus<{ items: PartnerCompany[] }>(
      await demo.get('/api/v1/partner-companies?kind=SUBSCRIBER'),
      200,
    );
    expect(suppliers.items).toHaveLength(1);
    expect(suppliers.items[0]?.priceCount).toBe(2);
    expect(customers.items).toHaveLength(1);
  });

  it('prices two lineups differently: the supplier’s prices, then a custom architect price', async () => {
    const lineups = expectStatus<Lineup[]>(await demo.get(`${base}/lineups`), 200);
    expect(lineups).toHaveLength(2);
    const [supplierOffer, customOffer] = ['Offer of Vývoj Morava', 'Offer with a senior architect']
      .map((name) => lineups.find((lineup) => lineup.name === name))
      .map((lineup) => {
        if (!lineup) throw new Error('a demo lineup is missing');
        return lineup;
      }) as [Lineup, Lineup];
    for (const lineup of lineups) {
      expect([lineup.errorCount, lineup.unpricedInstances]).toEqual([0, 0]);
    }
    // The supplier undercuts the catalog; the hand-priced architect costs more than the catalog's.
    expect(Number(supplierOffer.total.price)).toBeLessThan(Number(story.price));
    expect(Number(customOffer.total.price)).toBeGreaterThan(Number(supplierOffer.total.price));

    const pricing = expectStatus<LineupPricing>(
      await demo.get(`${base}/lineups/${customOffer.id}`),
      200,
    );
    const sources = new Set(pricing.roles.map((role) => role.source));
    expect(sources).toEqual(new Set(['CUSTOM', 'SUPPLIER', 'CATALOG']));
  });

  it('exports a lineup as a quote from the supplier to the customer', async () => {
    const [lineup] = expectStatus<Lineup[]>(await demo.get(`${base}/lineups`), 200);
    const report = expectStatus<Report>(
      await demo.get(`${base}/lineups/${lineup?.id ?? 0}/export?format=json`),
      200,
    );
    expect(report.subject).toBe(DEMO_STORY_NAME);
    expect(report.parties.map((party) => party.name)).toEqual(
      expect.arrayContaining([lineup?.supplier.name, lineup?.subscriber.name]),
    );
  });

  it('is the demo company’s only: another user sees no story', async () => {
    const visitor = await apiAs(ctx.app, (await createUser(ctx.app.db)).id);
    const page = expectStatus<{ items: Story[] }>(await visitor.get('/api/v1/stories'), 200);
    expect(page.items).toEqual([]);
    expect((await visitor.get(base)).statusCode).toBe(404);
  });

  it('is not seeded twice', async () => {
    expect(await seedDemoData(ctx.app.db)).toBe(false);
    const [row] = await ctx.app.db
      .select({ value: count() })
      .from(stories)
      .where(eq(stories.name, DEMO_STORY_NAME));
    expect(row?.value).toBe(1);
  });
});
