// The story list pages a process has served, kept as the JSON it sent, per user and query, until any statement changes what a page shows: the triggers of migration 0023 notify every process at commit, and a write this process answers forgets at once (decision 0040).
import type { Story, StoryListQuery } from '@costory/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Page } from '../../../lib/cursor';
import { NoticedCache } from '../../../lib/noticed-cache';
import type { NoticeListener } from '../../../plugins/change-notices';

/** The channel migration 0023's statement triggers notify. */
export const STORY_LISTS_CHANNEL = 'costory_story_lists';

/** The characters of JSON the pages of one process may hold together (about 32–64 MB). */
const MAX_CHARACTERS = 32 * 1024 * 1024;

export class StoryListCache implements NoticeListener {
  private readonly pages = new NoticedCache<string>({
    weigh: (json) => json.length,
    maxWeight: MAX_CHARACTERS,
  });

  /** The page's JSON: kept while nothing changed, else `load`'s page, serialized once. */
  read(userId: number, query: StoryListQuery, load: () => Promise<Page<Story>>): Promise<string> {
    // Searches that differ only in surrounding spaces are the same list.
    const q = query.q?.trim() ?? '';
    const key = `${String(userId)} ${JSON.stringify({ ...query, q })}`;
    return this.pages.read(key, async () => JSON.stringify(await load()));
  }

  /** Something a list shows may have changed: every page is forgotten. */
  forgetAll(): void {
    this.pages.forget();
  }

  heard(): void {
    this.forgetAll();
  }

  listening(listening: boolean): void {
    this.pages.setListening(listening);
  }

  get size(): number {
    return this.pages.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storyLists: StoryListCache;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The app's story list cache. Every write this process answers forgets it before its answer goes
 * out (its transaction has committed by then), so that the writer's next read does not wait for
 * PostgreSQL's notice to come back.
 */
function storyListCachePlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  const cache = new StoryListCache();
  app.decorate('storyLists', cache);
  app.changeNotices.subscribe(STORY_LISTS_CHANNEL, cache);
  app.addHook('onSend', (request, _reply, payload, next) => {
    if (!READS.has(request.method)) cache.forgetAll();
    next(null, payload);
  });
  done();
}

export default fp(storyListCachePlugin, {
  name: 'costory-story-list-cache',
  dependencies: ['costory-change-notices'],
});
