// The schema the migrations create, and the demo data they are seeded with.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../src/db/database';
import { migrateDatabase } from '../src/db/migrate';
import { companies, users } from '../src/db/schema';
import {
  DEMO_COMPANY_NAME,
  DEMO_USER_EMAIL,
  DEMO_USER_PASSWORD,
  seedDemoData,
} from '../src/db/seed';
import { isUniqueViolation } from '../src/lib/db-errors';
import { verifyPassword } from '../src/lib/password';
import { createTestDatabase, testDatabaseKind } from './helpers/test-db';

describe(`database (${testDatabaseKind()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('has the tables and snake_case columns the migrations create', async () => {
    const columns = await selectRows<{ table_name: string; column_name: string }>(
      database.db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and table_name in ('companies', 'users')
          order by table_name, ordinal_position`,
    );
    const byTable = (table: string) =>
      columns.filter((column) => column.table_name === table).map((column) => column.column_name);
    expect(byTable('companies')).toEqual([
      'id',
      'name',
      'email',
      'phone',
      'country',
      'city',
      'street',
      'street_number',
      'zip',
      'created_at',
      'updated_at',
      'version',
      'ico',
      'dic',
      'quote_seq',
    ]);
    expect(byTable('users')).toEqual([
      'id',
      'company_id',
      'email',
      'password_hash',
      'first_name',
      'last_name',
      'email_verified_at',
      'created_at',
      'updated_at',
      'tokens_valid_after',
    ]);
  });

  it('reports an already migrated database as not fresh, and migrating again changes nothing', async () => {
    expect(await migrateDatabase(database)).toEqual({ fresh: false });
  });

  it('seeds the demo company and a verified demo user whose password verifies', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    const [company] = await database.db
      .select()
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANY_NAME));
    expect(company).toMatchObject({
      name: DEMO_COMPANY_NAME,
      city: 'Praha',
      country: 'Česká republika',
    });
    const [user] = await database.db.select().from(users).where(eq(users.email, DEMO_USER_EMAIL));
    expect(user).toMatchObject({ companyId: company?.id, firstName: 'Demo', lastName: 'User' });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.passwordHash).not.toContain(DEMO_USER_PASSWORD);
    expect(await verifyPassword(DEMO_USER_PASSWORD, user?.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword('demo1234', user?.passwordHash ?? '')).toBe(false);
  });

  it('is idempotent: seeding twice leaves one demo company and one demo user', async () => {
    expect(await seedDemoData(database.db)).toBe(false);
    const [companyCount] = await database.db
      .select({ value: count() })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANY_NAME));
    const [userCount] = await database.db
      .select({ value: count() })
      .from(users)
      .where(eq(users.email, DEMO_USER_EMAIL));
    expect(companyCount?.value).toBe(1);
    expect(userCount?.value).toBe(1);
  });

  it('keeps e-mails unique and lower-case', async () => {
    const [company] = await database.db
      .insert(companies)
      .values({ name: 'Unique Email Company' })
      .returning({ id: companies.id });
    const user = {
      companyId: company?.id ?? 0,
      passwordHash: 'x',
      firstName: 'A',
      lastName: 'B',
    };
    await expect(
      database.db.insert(users).values({ ...user, email: 'Mixed@Example.test' }),
    ).rejects.toThrow();
    await database.db.insert(users).values({ ...user, email: 'unique@example.test' });
    const duplicate = await database.db
      .insert(users)
      .values({ ...user, email: 'unique@example.test' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    // Registration recognizes exactly this (a race with another registration), on both engines.
    expect(isUniqueViolation(duplicate, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(duplicate, 'another_index')).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });

  it('refuses a user whose company does not exist', async () => {
    await expect(
      database.db.insert(users).values({
        companyId: 2_000_000_000,
        email: 'orphan@example.test',
        passwordHash: 'x',
        firstName: 'A',
        lastName: 'B',
      }),
    ).rejects.toThrow();
  });

  it('answers ping while open and false once closed', async () => {
    const other = await createTestDatabase();
    expect(await other.ping()).toBe(true);
    await other.close();
    expect(await other.ping()).toBe(false);
  });
});
