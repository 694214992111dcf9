// The instance editor's side of the live stream: it tells the server which instance this tab edits, and hears at once when someone else saves or deletes that instance meanwhile.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Instance } from '@costory/shared';
import type { LiveStore } from './live-store';

/** Event types after which the instance has a newer revision. */
const UPDATES: ReadonlySet<string> = new Set([
  'INSTANCE_UPDATED',
  'INSTANCE_VERIFIED',
  'INSTANCE_UNVERIFIED',
]);

export interface LiveInstanceConflict {
  kind: 'updated' | 'deleted';
  /** Who changed it; null when that user no longer exists. */
  name: string | null;
  /** Their version, once read (updated only). */
  theirs: Instance | null;
  failed: boolean;
}

/**
 * For the editor of `instanceId` (undefined: a new instance, nothing to hear), with the story
 * frame's live store (a prop of the editor, so that the editor's chunk does not share the store's
 * module); `load` re-reads the instance through the normal API.
 */
export function useInstanceLive(
  store: LiveStore | null,
  instanceId: number | undefined,
  load: () => Promise<Instance>,
  /** The user may edit it: the server hears of it (a reader only sees others' changes). */
  editing = true,
): { conflict: LiveInstanceConflict | null; dismiss: () => void } {
  const [conflict, setConflict] = useState<LiveInstanceConflict | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (!store || instanceId === undefined || !editing) return;
    store.reportEditing(instanceId);
    return () => store.reportEditing(null);
  }, [store, instanceId, editing]);

  useEffect(() => {
    if (!store || instanceId === undefined) return;
    let reading = 0;
    return store.onChange((change) => {
      if (change.instanceId !== instanceId) return;
      // The user's own save (in this tab or another): `me` comes with the stream's hello, before any change.
      if (change.actor !== null && change.actor.id === store.me) return;
      const name = change.actor?.name ?? null;
      if (change.type === 'INSTANCE_DELETED') {
        reading += 1;
        setConflict({ kind: 'deleted', name, theirs: null, failed: false });
        return;
      }
      if (!UPDATES.has(change.type)) return;
      reading += 1;
      const own = reading;
      setConflict((before) =>
        before?.kind === 'deleted'
          ? before
          : { kind: 'updated', name, theirs: null, failed: false },
      );
      loadRef.current().then(
        (theirs) => {
          if (own === reading) {
            setConflict((before) => (before?.kind === 'updated' ? { ...before, theirs } : before));
          }
        },
        () => {
          if (own === reading) {
            setConflict((before) =>
              before?.kind === 'updated' ? { ...before, failed: true } : before,
            );
          }
        },
      );
    });
  }, [store, instanceId]);

  const dismiss = useCallback(() => setConflict(null), []);
  return { conflict, dismiss };
}
