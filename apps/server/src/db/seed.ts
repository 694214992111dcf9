// Demo data for a newcomer's first start: one company, one verified user who can sign in, a demo catalog they administer and a priced demo story on it.
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import type { Db } from './database';
import { companies, users } from './schema';
import { DEMO_COMPANY_NAME, DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from './demo-account';
import { seedDemoCatalog } from './seed-catalog';
import { seedDemoStory } from './seed-story';

export { DEMO_COMPANY_NAME, DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from './demo-account';
// Serializes concurrent seeders (two `db:seed` runs) so that both cannot see an empty table.
const SEED_LOCK_KEY = 4_207_310_002;

/**
 * Inserts the demo company, user, catalog ("Software delivery") and story ("Customer portal", with labels, a supplier, a
 * customer and two lineups) when the database holds no company at all, so running it again (or on a database people
 * already use) changes nothing. Returns whether it inserted.
 * The demo user signs in with `password` (the published one by default).
 */
export async function seedDemoData(db: Db, password = DEMO_USER_PASSWORD): Promise<boolean> {
  // Hashing is slow; do it before the transaction so the transaction stays short.
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(companies);
    if ((existing?.value ?? 0) > 0) return false;
    const [company] = await tx
      .insert(companies)
      .values({
        name: DEMO_COMPANY_NAME,
        email: 'info@costory.test',
        phone: '+420 222 333 444',
        country: 'Česká republika',
        city: 'Praha',
        street: 'Vodičkova',
        streetNumber: '681/18',
        zip: '110 00',
      })
      .returning({ id: companies.id });
    if (!company) throw new Error('Inserting the demo company returned no row');
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company.id,
        email: DEMO_USER_EMAIL,
        passwordHash,
        firstName: 'Demo',
        lastName: 'User',
        emailVerifiedAt: new Date(),
      })
      .returning({
        id: users.id,
        companyId: users.companyId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      });
    if (!user) throw new Error('Inserting the demo user returned no row');
    const catalog = await seedDemoCatalog(tx, { companyId: company.id, userId: user.id });
    await seedDemoStory(tx, user, catalog);
    return true;
  });
}
