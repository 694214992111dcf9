// Rules of GET /api/v1/meta: when the demo credentials may be shown.
import type { NodeEnv } from '../../config';
import type { Db } from '../../db/database';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../db/seed';
import { verifyPassword } from '../../lib/password';
import { findPasswordHashByEmail } from './meta.repository';
import type { Meta } from './meta.schemas';

// The endpoint is public and scrypt is deliberately slow; remembering the answer for the last
// hash seen keeps repeated calls cheap. A changed password means a new hash (a new salt).
let lastCheck: { hash: string; matches: boolean } | undefined;

async function isDemoPassword(hash: string): Promise<boolean> {
  if (lastCheck?.hash !== hash) {
    lastCheck = { hash, matches: await verifyPassword(DEMO_USER_PASSWORD, hash) };
  }
  return lastCheck.matches;
}

export async function getMeta(
  db: Db,
  context: { nodeEnv: NodeEnv; version: string },
): Promise<Meta> {
  const hash = await findPasswordHashByEmail(db, DEMO_USER_EMAIL);
  const meta: Meta = { demo: hash !== undefined, version: context.version };
  // Production never advertises credentials, even if someone deploys the demo data.
  if (hash !== undefined && context.nodeEnv !== 'production' && (await isDemoPassword(hash))) {
    meta.demoUser = { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD };
  }
  return meta;
}
