// Rules of catalog clients: admins grant a company story building on a PUBLIC_PAID catalog, and take it back.
import type { Client } from '@costory/shared';
import { ConflictError, NotFoundError } from '../../../errors';
import { findCompanyName } from '../catalogs/catalogs.repository';
import { loadCatalogAccess, requireAction } from '../common/access';
import type { Actor, CatalogDeps } from '../common/deps';
import { recordEvent } from '../common/events';
import {
  companyExists,
  deleteClient,
  findClientRecord,
  insertClient,
  listClientRecords,
  type ClientRecord,
} from './clients.repository';

function toClient(record: ClientRecord): Client {
  return {
    companyId: record.companyId,
    companyName: record.companyName,
    createdAt: record.createdAt.toISOString(),
  };
}

export async function listClients(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
): Promise<Client[]> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'READ_MEMBERS');
  return (await listClientRecords(deps.db, catalogId)).map(toClient);
}

/**
 * Grants the company story building (decision 0016: kept whatever the visibility; it matters
 * while the catalog is PUBLIC_PAID). An unknown company is 404; a client twice is 409.
 */
export async function addClient(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  companyId: number,
): Promise<Client> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  if (!(await companyExists(deps.db, companyId))) throw new NotFoundError();
  await deps.db.transaction(async (tx) => {
    if (!(await insertClient(tx, catalogId, companyId))) {
      const message = {
        en: 'The company already is a client of this catalog',
        cs: 'Společnost už je klientem tohoto katalogu',
      };
      throw new ConflictError({
        detail: message,
        fields: [{ field: 'companyId', rule: 'unique', message }],
      });
    }
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'CLIENT_ADDED',
      changes: [{ field: 'name', old: null, new: await findCompanyName(tx, companyId) }],
    });
  });
  const record = await findClientRecord(deps.db, catalogId, companyId);
  if (!record) throw new NotFoundError();
  return toClient(record);
}

export async function removeClient(
  deps: CatalogDeps,
  user: Actor,
  catalogId: number,
  companyId: number,
): Promise<void> {
  const access = await loadCatalogAccess(deps.db, catalogId, user);
  requireAction(access, 'MANAGE_CATALOG');
  await deps.db.transaction(async (tx) => {
    const client = await findClientRecord(tx, catalogId, companyId);
    if (!client) throw new NotFoundError();
    await deleteClient(tx, catalogId, companyId);
    await recordEvent(tx, {
      catalogId,
      userId: user.id,
      type: 'CLIENT_REMOVED',
      changes: [{ field: 'name', old: client.companyName, new: null }],
    });
  });
}
