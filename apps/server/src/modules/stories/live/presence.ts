// Who has a story open across every server process (decision 0046): announcements on a NOTIFY channel, kept until re-announced or expired, and the people a story's `presence` event lists.
import type { LivePresenceEntry } from '@costory/shared';
import { z } from 'zod';

/** The channel every process announces its open connections on. */
export const STORY_PRESENCE_CHANNEL = 'costory_story_presence';

/** How often a process announces its open connections again (so that the others keep them). */
export const PRESENCE_REANNOUNCE_MS = 10_000;
/** Another process's connection not announced for this long is gone (its process died). */
export const PRESENCE_EXPIRY_MS = 30_000;
/** NOTIFY payloads stay under this many bytes (PostgreSQL's limit is 8000). */
const MAX_PAYLOAD_BYTES = 7000;

export interface PresenceConnection {
  connectionId: string;
  userId: number;
  name: string;
  editingInstanceId: number | null;
}

const connectionSchema = z.object({
  connectionId: z.string().min(1).max(100),
  userId: z.number().int(),
  name: z.string(),
  editingInstanceId: z.number().int().nullable(),
});

/** Connections open (or still open) on a process, or connections that closed there. */
const announcementSchema = z.union([
  z.object({
    process: z.string(),
    storyId: z.number().int(),
    connections: z.array(connectionSchema),
  }),
  z.object({ process: z.string(), storyId: z.number().int(), left: z.array(z.string()) }),
]);
export type PresenceAnnouncement = z.infer<typeof announcementSchema>;

const editSchema = z.object({
  process: z.string(),
  storyId: z.number().int(),
  edit: z.object({
    connectionId: z.string().min(1).max(100),
    userId: z.number().int(),
    editingInstanceId: z.number().int().nullable(),
  }),
});

/** A presence call that reached another process than the connection's: its process applies it. */
export function editPayload(
  process: string,
  storyId: number,
  edit: { connectionId: string; userId: number; editingInstanceId: number | null },
): string {
  return JSON.stringify({ process, storyId, edit });
}

/** The forwarded presence call in `payload` (from another process), if it is one. */
export function parseEdit(
  payload: string,
  ownProcess: string,
):
  | { storyId: number; connectionId: string; userId: number; editingInstanceId: number | null }
  | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const message = editSchema.safeParse(parsed);
  if (!message.success || message.data.process === ownProcess) return undefined;
  return { storyId: message.data.storyId, ...message.data.edit };
}

/** The payloads announcing `connections` of a story, each under the NOTIFY limit. */
export function announcementPayloads(
  process: string,
  storyId: number,
  connections: readonly PresenceConnection[],
): string[] {
  const payloads: string[] = [];
  let chunk: PresenceConnection[] = [];
  const payload = (list: PresenceConnection[]) =>
    JSON.stringify({ process, storyId, connections: list });
  for (const connection of connections) {
    const next = [...chunk, connection];
    if (chunk.length > 0 && Buffer.byteLength(payload(next)) > MAX_PAYLOAD_BYTES) {
      payloads.push(payload(chunk));
      chunk = [connection];
    } else {
      chunk = next;
    }
  }
  if (chunk.length > 0) payloads.push(payload(chunk));
  return payloads;
}

/** The payloads saying that `connectionIds` of a story closed. */
export function leavePayloads(process: string, storyId: number, connectionIds: string[]): string[] {
  // A connection id is two UUIDs (73 characters): 80 of them stay far under the limit.
  const payloads: string[] = [];
  for (let start = 0; start < connectionIds.length; start += 80) {
    payloads.push(
      JSON.stringify({ process, storyId, left: connectionIds.slice(start, start + 80) }),
    );
  }
  return payloads;
}

interface RemoteEntry {
  connection: PresenceConnection;
  expiresAtMs: number;
}

/** The other processes' open connections, per story. */
export class RemotePresence {
  private readonly stories = new Map<number, Map<string, RemoteEntry>>();

  constructor(private readonly ownProcess: string) {}

  /** Takes an announcement in; answers the story whose connections changed, if any. */
  heard(payload: string, nowMs: number): number | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return undefined;
    }
    const message = announcementSchema.safeParse(parsed);
    // PGlite delivers this process's own announcements too; they are not another's.
    if (!message.success || message.data.process === this.ownProcess) return undefined;
    const { process, storyId } = message.data;
    const entries = this.stories.get(storyId) ?? new Map<string, RemoteEntry>();
    let changed = false;
    if ('left' in message.data) {
      for (const connectionId of message.data.left) {
        changed = entries.delete(`${process} ${connectionId}`) || changed;
      }
    } else {
      for (const connection of message.data.connections) {
        const key = `${process} ${connection.connectionId}`;
        const before = entries.get(key)?.connection;
        changed ||=
          before === undefined ||
          before.editingInstanceId !== connection.editingInstanceId ||
          before.name !== connection.name;
        entries.set(key, { connection, expiresAtMs: nowMs + PRESENCE_EXPIRY_MS });
      }
    }
    if (entries.size === 0) this.stories.delete(storyId);
    else this.stories.set(storyId, entries);
    return changed ? storyId : undefined;
  }

  /** Forgets connections not announced again in time; answers the stories that lost some. */
  expire(nowMs: number): number[] {
    const changed: number[] = [];
    for (const [storyId, entries] of this.stories) {
      const before = entries.size;
      for (const [key, entry] of entries) if (entry.expiresAtMs <= nowMs) entries.delete(key);
      if (entries.size !== before) changed.push(storyId);
      if (entries.size === 0) this.stories.delete(storyId);
    }
    return changed;
  }

  of(storyId: number): PresenceConnection[] {
    return [...(this.stories.get(storyId)?.values() ?? [])].map((entry) => entry.connection);
  }
}

/** One entry per person (several tabs are one), their edited instances together, by name. */
export function peopleOf(connections: readonly PresenceConnection[]): LivePresenceEntry[] {
  const people = new Map<number, { name: string; editing: Set<number> }>();
  for (const connection of connections) {
    const person = people.get(connection.userId) ?? { name: connection.name, editing: new Set() };
    if (connection.editingInstanceId !== null) person.editing.add(connection.editingInstanceId);
    people.set(connection.userId, person);
  }
  return [...people]
    .map(([userId, person]) => ({
      userId,
      name: person.name,
      editingInstanceIds: [...person.editing].sort((a, b) => a - b),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
}
