// The story frame's live connection: a store the page's parts read, fed by the story's stream (live-connection.ts), whose code loads after the page.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LiveStore } from './live-store';

export function useStoryLive(storyId: number): LiveStore {
  const queryClient = useQueryClient();
  const [store, setStore] = useState(() => ({ storyId, live: new LiveStore() }));
  let current = store;
  if (store.storyId !== storyId) {
    current = { storyId, live: new LiveStore() };
    setStore(current);
  }
  const live = current.live;

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./live-connection').then(
      ({ connectLive }) => {
        if (!cancelled) stop = connectLive(storyId, live, queryClient);
      },
      // Offline or a new release: the page works without live updates until it is opened again.
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [storyId, live, queryClient]);

  return live;
}
