// Rules of GET /api/v1/meta: when the demo credentials may be shown, and how the SPA signs in.
import type { AuthConfig, Meta } from '@costory/shared';
import type { NodeEnv } from '../../config';
import type { Db } from '../../db/database';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../db/seed';
import { verifyPassword } from '../../lib/password';
import { findPasswordHashByEmail } from './meta.repository';

// The endpoint is public and scrypt is deliberately slow; remembering the answer for the last
// hash seen keeps repeated calls cheap. A changed password means a new hash (a new salt).
let lastCheck: { hash: string; matches: boolean } | undefined;

async function isDemoPassword(hash: string): Promise<boolean> {
  if (lastCheck?.hash !== hash) {
    lastCheck = { hash, matches: await verifyPassword(DEMO_USER_PASSWORD, hash) };
  }
  return lastCheck.matches;
}

export type DemoLogin = Pick<Meta, 'demo' | 'demoUser'>;

/** Whether demo data is present, and the demo sign-in while it is safe to show (also on the login form). */
export async function getDemoLogin(db: Db, nodeEnv: NodeEnv): Promise<DemoLogin> {
  const hash = await findPasswordHashByEmail(db, DEMO_USER_EMAIL);
  const demo: DemoLogin = { demo: hash !== undefined };
  // Production never advertises credentials, even if someone deploys the demo data.
  if (hash !== undefined && nodeEnv !== 'production' && (await isDemoPassword(hash))) {
    demo.demoUser = { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD };
  }
  return demo;
}

export async function getMeta(
  db: Db,
  context: { nodeEnv: NodeEnv; version: string; auth: AuthConfig },
): Promise<Meta> {
  const { demo, demoUser } = await getDemoLogin(db, context.nodeEnv);
  return {
    demo,
    ...(demoUser === undefined ? {} : { demoUser }),
    version: context.version,
    auth: context.auth,
  };
}
