// Readiness rule: the server is ready when its database answers.
import type { Health } from '@costory/shared';
import type { Database } from '../../db/database';

export async function checkHealth(database: Pick<Database, 'ping'>): Promise<Health> {
  const up = await database.ping().catch(() => false);
  return up ? { status: 'ok', db: 'ok' } : { status: 'degraded', db: 'down' };
}
