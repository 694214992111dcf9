// The live connection of one story page, loaded after the page itself (its stream, parser, schemas and refetch map stay out of the page's first load): refetches exactly what each change makes stale (bursts coalesced into one refetch), marks and announces others' changes, keeps the presence and tells the server which instance this tab edits.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { storyLivePresencePath, type LiveChange } from '@costory/shared';
import { apiClient } from '@/lib/api-client';
import { loadLiveTexts } from '@/i18n/live-texts';
import { everythingOf, figuresOf, keysForEvent } from './live-invalidation';
import type { LiveNotice, LiveStore } from './live-store';
import { openLiveStream } from './live-stream';

/** Events closer than this are one refetch and one notice (a batch import). */
export const LIVE_COALESCE_MS = 150;
/** A burst that keeps coming is still flushed this often. */
const LIVE_MAX_WAIT_MS = 1_000;

function isPrefix(prefix: QueryKey, key: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => part === key[index]);
}

/** Keys without those another key of the list already covers (a nested key would refetch twice). */
function outermost(keys: readonly QueryKey[]): QueryKey[] {
  const unique = [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
  return unique.filter(
    (key) =>
      !unique.some((other) => other !== key && other.length < key.length && isPrefix(other, key)),
  );
}

function noticePeople(changes: readonly LiveChange[]): LiveNotice['people'] {
  const byActor = new Map<string, { name: string | null; types: string[] }>();
  for (const change of changes) {
    const key = change.actor ? String(change.actor.id) : '';
    const entry = byActor.get(key) ?? { name: change.actor?.name ?? null, types: [] };
    entry.types.push(change.type);
    byActor.set(key, entry);
  }
  return [...byActor.values()];
}

/** Opens the story's stream and feeds `live`; returns the function that closes it. */
export function connectLive(
  storyId: number,
  live: LiveStore,
  queryClient: QueryClient,
): () => void {
  let connectionId: string | null = null;
  const pendingKeys: QueryKey[] = [];
  const pendingChanges: LiveChange[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPendingAt = 0;

  const flush = () => {
    timer = undefined;
    const keys = outermost(pendingKeys.splice(0));
    const changes = pendingChanges.splice(0);
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    live.mark([
      ...new Set(
        changes
          .filter((change) => change.instanceId !== null && change.type !== 'INSTANCE_DELETED')
          .map((change) => change.instanceId as number),
      ),
    ]);
    live.announce(noticePeople(changes));
  };
  const queue = (keys: readonly QueryKey[], change?: LiveChange) => {
    if (pendingKeys.length === 0 && pendingChanges.length === 0) firstPendingAt = Date.now();
    pendingKeys.push(...keys);
    if (change) pendingChanges.push(change);
    clearTimeout(timer);
    const waited = Date.now() - firstPendingAt;
    timer = setTimeout(flush, waited >= LIVE_MAX_WAIT_MS ? 0 : LIVE_COALESCE_MS);
  };

  // The store remembers what the editor reported, also before this code loaded (sent after hello).
  const sendEditing = () => {
    if (connectionId === null) return;
    apiClient
      .put(storyLivePresencePath(storyId, connectionId), { editingInstanceId: live.editing })
      .catch(() => undefined);
  };
  live.setReporter(sendEditing);

  // The texts first: presence, notices and conflicts come only with the stream.
  let stream: { close: () => void } | null = null;
  let closed = false;
  const open = () => {
    if (!closed) stream = openLiveStream(streamOptions);
  };
  const streamOptions: Parameters<typeof openLiveStream>[0] = {
    storyId,
    handlers: {
      onHello: (hello, reconnected) => {
        connectionId = hello.connectionId;
        live.setMe(hello.userId);
        // The server forgot this tab's editing with the old connection.
        if (live.editing !== null) sendEditing();
        if (reconnected) queue(everythingOf(storyId));
      },
      onChange: (change) => {
        const byOther = change.actor === null || change.actor.id !== live.me;
        queue(keysForEvent(storyId, change.type), byOther ? change : undefined);
        live.changed(change);
      },
      onFigures: () => queue(figuresOf(storyId)),
      onPresence: (presence) => live.setPeople(presence.people),
      onReset: () => queue(everythingOf(storyId)),
      onEnd: (reason) => live.setEnded(reason),
      onDisconnect: () => {
        connectionId = null;
      },
    },
  };
  loadLiveTexts().then(open, open);
  return () => {
    closed = true;
    stream?.close();
    clearTimeout(timer);
    live.setReporter(() => undefined);
    live.dispose();
  };
}
