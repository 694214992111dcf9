// The oidc-provider storage adapter: every model (sessions, interactions, grants, codes, tokens) lives in `oidc_payloads`.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database';
import {
  consumePayload,
  destroyPayload,
  destroyPayloadsOfGrant,
  findPayload,
  findPayloadByUid,
  findPayloadByUserCode,
  upsertPayload,
  type StoredPayload,
} from './oidc.repository';

function toAdapterPayload(stored: StoredPayload | undefined): AdapterPayload | undefined {
  if (!stored) return undefined;
  // The provider only checks that `consumed` is truthy; the time lives in the column.
  return stored.consumed ? { ...stored.payload, consumed: true } : stored.payload;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Returns the adapter class oidc-provider instantiates once per model name. */
export function createDatabaseAdapter(db: Db): new (name: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await upsertPayload(db, {
        type: this.name,
        id,
        payload: { ...payload },
        grantId: stringOrNull(payload.grantId),
        userCode: stringOrNull(payload.userCode),
        uid: stringOrNull(payload.uid),
        // Models without a lifetime (none today) would be kept until destroyed.
        expiresInSeconds: expiresIn > 0 ? expiresIn : undefined,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return toAdapterPayload(await findPayload(db, this.name, id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return toAdapterPayload(await findPayloadByUid(db, this.name, uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return toAdapterPayload(await findPayloadByUserCode(db, this.name, userCode));
    }

    async consume(id: string): Promise<void> {
      await consumePayload(db, this.name, id);
    }

    async destroy(id: string): Promise<void> {
      await destroyPayload(db, this.name, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await destroyPayloadsOfGrant(db, this.name, grantId);
    }
  };
}
