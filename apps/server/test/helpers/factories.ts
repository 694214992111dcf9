// Test data builders: createCompany / createUser insert rows with sensible defaults; registrationBody builds a valid request.
import { randomBytes } from 'node:crypto';
import type { Registration } from '@costory/shared';
import type { Db } from '../../src/db/database';
import { companies, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';

/** Cheap scrypt parameters: tests create many users; verification reads the parameters from the hash. */
const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };
// Not in the list of common passwords that registration refuses.
export const TEST_PASSWORD = 'Secret123x';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
}

export async function createCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> = {},
): Promise<typeof companies.$inferSelect> {
  const [company] = await db
    .insert(companies)
    .values({
      name: `Company ${randomBytes(3).toString('hex')}`,
      email: uniqueEmail('company'),
      phone: '+420 600 000 000',
      country: 'Česká republika',
      city: 'Brno',
      street: 'Masarykova',
      streetNumber: '1',
      zip: '602 00',
      ...overrides,
    })
    .returning();
  if (!company) throw new Error('no company');
  return company;
}

export interface CreatedUser {
  id: number;
  companyId: number;
  email: string;
  password: string;
}

/** A user who can sign in (verified unless told otherwise); creates a company when none is given. */
export async function createUser(
  db: Db,
  overrides: {
    companyId?: number;
    email?: string;
    password?: string;
    verified?: boolean;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<CreatedUser> {
  const companyId = overrides.companyId ?? (await createCompany(db)).id;
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? TEST_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      email,
      passwordHash: await hashPassword(password, TEST_SCRYPT),
      firstName: overrides.firstName ?? 'Jana',
      lastName: overrides.lastName ?? 'Nováková',
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  return { id: user.id, companyId, email, password };
}

export function registrationBody(
  overrides: {
    company?: Partial<Registration['company']>;
    user?: Partial<Registration['user']>;
  } = {},
): Registration {
  return {
    company: {
      name: 'Stavby Novák s.r.o.',
      email: 'info@stavby-novak.test',
      phone: '+420 777 123 456',
      country: 'Česká republika',
      city: 'Praha',
      street: 'Na Příkopě',
      streetNumber: '12',
      zip: '110 00',
      ...overrides.company,
    },
    user: {
      email: uniqueEmail('register'),
      password: 'Heslo1234',
      firstName: 'Petr',
      lastName: 'Novák',
      ...overrides.user,
    },
  };
}
