// Queries behind GET /api/v1/meta.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

export async function findPasswordHashByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row?.passwordHash;
}
